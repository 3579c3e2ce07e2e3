package site

import (
	"bytes"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Link is one URL reference found in a page.
type Link struct {
	Raw  string `json:"href"`
	Line int    `json:"line"`
	Tag  string `json:"tag"` // element and attribute, e.g. "a href", "img srcset"
}

// Page is what the gate remembers of one HTML file: the anchors it defines and
// the links it makes. Nothing else of the DOM is kept, so memory grows with
// links, not with page size.
type Page struct {
	Path  string              // slash-separated, relative to the site root: "api/zkvm/index.html"
	IDs   map[string]struct{} // id attributes, and name on <a>
	Links []Link
	Base  string // <base href>, if any
}

// attributes that hold a single URL, by element.
var urlAttrs = map[atom.Atom][]string{
	atom.A: {"href"}, atom.Area: {"href"}, atom.Link: {"href"},
	atom.Img: {"src"}, atom.Script: {"src"}, atom.Iframe: {"src"}, atom.Source: {"src"},
	atom.Audio: {"src"}, atom.Video: {"src", "poster"}, atom.Track: {"src"}, atom.Embed: {"src"},
	atom.Object: {"data"},
}

// Extract tokenises one HTML document. It never fails: malformed markup is
// read the way a browser's tokenizer reads it, and NUL bytes are tokens too.
func Extract(path string, r io.Reader) *Page {
	p := &Page{Path: path, IDs: map[string]struct{}{}}
	z := html.NewTokenizer(r)
	line := 1
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return p
		}
		raw := z.Raw()
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			p.tag(z, line)
		}
		line += bytes.Count(raw, []byte{'\n'})
	}
}

func (p *Page) tag(z *html.Tokenizer, line int) {
	name, hasAttr := z.TagName()
	a := atom.Lookup(name)
	if !hasAttr {
		return
	}
	attrs := map[string]string{}
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		if _, dup := attrs[string(k)]; !dup { // the first of duplicate attributes wins, as in browsers
			attrs[string(k)] = string(v)
		}
	}
	if id, ok := attrs["id"]; ok && id != "" {
		p.IDs[id] = struct{}{}
	}
	if n, ok := attrs["name"]; ok && a == atom.A && n != "" {
		p.IDs[n] = struct{}{}
	}
	p.links(a, string(name), attrs, line)
}

func (p *Page) links(a atom.Atom, name string, attrs map[string]string, line int) {
	if a == atom.Base {
		if href, ok := attrs["href"]; ok && p.Base == "" {
			p.Base = strings.TrimSpace(href)
		}
		return
	}
	for _, attr := range urlAttrs[a] {
		if v, ok := attrs[attr]; ok {
			p.add(v, line, name+" "+attr)
		}
	}
	if v, ok := attrs["srcset"]; ok && (a == atom.Img || a == atom.Source) {
		for _, u := range SrcsetURLs(v) {
			p.add(u, line, name+" srcset")
		}
	}
	if a == atom.Meta && strings.EqualFold(attrs["http-equiv"], "refresh") {
		if u := RefreshURL(attrs["content"]); u != "" {
			p.add(u, line, "meta refresh")
		}
	}
}

func (p *Page) add(raw string, line int, tag string) {
	p.Links = append(p.Links, Link{Raw: raw, Line: line, Tag: tag})
}

// SrcsetURLs splits a srcset attribute into its URLs ("a.png 1x, b.png 2x").
// Candidates are separated by a comma followed by white space or by the end
// of a descriptor; a comma inside a URL is kept.
func SrcsetURLs(srcset string) []string {
	var urls []string
	for _, cand := range splitSrcset(srcset) {
		if f := strings.Fields(cand); len(f) > 0 {
			urls = append(urls, strings.TrimSuffix(f[0], ","))
		}
	}
	return urls
}

func splitSrcset(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == ',' && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t' || s[i+1] == '\n') {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// RefreshURL returns the URL of a meta refresh ("0; url=/faq"), or "".
func RefreshURL(content string) string {
	_, rest, ok := strings.Cut(content, ";")
	if !ok {
		_, rest, ok = strings.Cut(content, ",")
	}
	if !ok {
		return ""
	}
	rest = strings.TrimSpace(rest)
	if len(rest) >= 4 && strings.EqualFold(rest[:3], "url") {
		rest = strings.TrimSpace(rest[3:])
		if strings.HasPrefix(rest, "=") {
			rest = strings.TrimSpace(rest[1:])
		}
	}
	return strings.Trim(rest, `'"`)
}
