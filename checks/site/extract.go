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
	Elem string `json:"element"` // "a", "img", … (static strings: no allocation per link)
	Attr string `json:"attr"`    // "href", "srcset", …
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
	atom.A: {"href"}, atom.Area: {"href"}, atom.Link: {"href"}, atom.Base: {"href"},
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

// attrs holds the few attributes the gate reads; a struct, not a map,
// because this runs for every tag of every page.
type attrs struct {
	id, name, srcset, httpEquiv, content string
	url                                  [2]string // values of the element's URL attributes, in urlAttrs order
	has                                  [2]bool
	seen                                 uint16
}

func (p *Page) tag(z *html.Tokenizer, line int) {
	name, hasAttr := z.TagName()
	if !hasAttr {
		return
	}
	a := atom.Lookup(name)
	names := urlAttrs[a]
	var at attrs
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		at.set(string(k), v, names)
	}
	if at.id != "" {
		p.IDs[at.id] = struct{}{}
	}
	if a == atom.A && at.name != "" {
		p.IDs[at.name] = struct{}{}
	}
	p.links(a, &at, names, line)
}

// field numbers the non-URL attributes the gate reads (-1: not read).
func field(k string) int {
	switch k {
	case "id":
		return 0
	case "name":
		return 1
	case "srcset":
		return 2
	case "http-equiv":
		return 3
	case "content":
		return 4
	}
	return -1
}

// set records one attribute; the first of duplicates wins, as in browsers.
func (at *attrs) set(k string, v []byte, names []string) {
	for i, n := range names {
		if k == n && !at.has[i] {
			at.url[i], at.has[i] = string(v), true
		}
	}
	i := field(k)
	if i < 0 || at.seen&(1<<i) != 0 {
		return
	}
	at.seen |= 1 << i
	switch i {
	case 0:
		at.id = string(v)
	case 1:
		at.name = string(v)
	case 2:
		at.srcset = string(v)
	case 3:
		at.httpEquiv = string(v)
	case 4:
		at.content = string(v)
	}
}

func (p *Page) links(a atom.Atom, at *attrs, names []string, line int) {
	name := a.String()
	if a == atom.Base {
		if at.has[0] && p.Base == "" {
			p.Base = strings.TrimSpace(at.url[0])
		}
		return
	}
	for i, attr := range names {
		if at.has[i] {
			p.add(at.url[i], line, name, attr)
		}
	}
	if at.srcset != "" && (a == atom.Img || a == atom.Source) {
		for _, u := range SrcsetURLs(at.srcset) {
			p.add(u, line, name, "srcset")
		}
	}
	if a == atom.Meta && strings.EqualFold(at.httpEquiv, "refresh") {
		if u := RefreshURL(at.content); u != "" {
			p.add(u, line, "meta", "refresh")
		}
	}
}

func (p *Page) add(raw string, line int, elem, attr string) {
	p.Links = append(p.Links, Link{Raw: raw, Line: line, Elem: elem, Attr: attr})
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
