package htmlsite

import (
	"bytes"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// The reference reading of a page that the scan is held to
// (FuzzExtractAgreesWithTokens, TestTagsReadAsTheTokenizerDoes,
// TestDocumentsReadAsTheTokenizerDoes). It shares nothing with the code
// under test of what a tag means: its tokens come from
// golang.org/x/net/html's Token(), and which attribute of which element is
// a link, an id or the base comes from the tables below, written from the
// HTML Standard and SVG 2, not from extract.go's. What it does share are
// the parsers of one value, each held to values written out by its own
// test: SrcsetURLs (TestSrcsetAsBrowsersParseIt, and Chromium),
// ParseRefresh (TestRefreshURL), cssURLs (TestCSSURLs) and the script
// redirect pattern (TestRedirects).

// refHTMLLinks are the attributes of an HTML element whose URL a browser
// fetches or navigates to, in the order the page's links list them, and
// the element's name in a Link. <image> is an <img> (the tree builder
// renames it); <input> fetches its src only as an image button; <link>
// only for the rels of refLinkRels. Left out, as no browser requests them
// while it shows the page: <form action>, formaction, cite, longdesc,
// ping, <html manifest>.
var refHTMLLinks = map[string]struct {
	elem  string
	attrs []string
}{
	"a": {"a", []string{"href"}}, "area": {"area", []string{"href"}}, "link": {"link", []string{"href"}},
	"img": {"img", []string{"src"}}, "image": {"img", []string{"src"}},
	"script": {"script", []string{"src"}}, "iframe": {"iframe", []string{"src"}}, "frame": {"frame", []string{"src"}},
	"embed": {"embed", []string{"src"}}, "source": {"source", []string{"src"}}, "audio": {"audio", []string{"src"}},
	"track": {"track", []string{"src"}}, "video": {"video", []string{"src", "poster"}}, "object": {"object", []string{"data"}},
	"input": {"input", []string{"src"}},
	// The background attribute, still drawn as the element's background image.
	"body": {"body", []string{"background"}}, "table": {"table", []string{"background"}}, "thead": {"thead", []string{"background"}},
	"tbody": {"tbody", []string{"background"}}, "tfoot": {"tfoot", []string{"background"}}, "tr": {"tr", []string{"background"}},
	"td": {"td", []string{"background"}}, "th": {"th", []string{"background"}},
}

// refSVGLinks are the SVG elements that refer to a URL by href, or by
// xlink:href when href is not given (SVG 2), by their names in a Link.
var refSVGLinks = map[string]string{"a": "a", "image": "image", "use": "use", "feimage": "feImage", "script": "script"}

// refLinkRels are the <link> types whose href is a link of the page: what a
// browser fetches (stylesheets, icons, preloads, the manifest, an
// OpenSearch description) and the HTML Standard's hyperlinks.
var refLinkRels = strings.Fields(`stylesheet icon apple-touch-icon apple-touch-icon-precomposed mask-icon
	preload modulepreload prefetch manifest search
	canonical alternate prev next help license author privacy-policy terms-of-service`)

// refPage is what the reference finds in a page.
type refPage struct {
	Links    []Link
	IDs      []string
	Base     string
	Redirect Redirect
}

// extractByTokens reads b token by token through Token(). Each link is
// placed where asking the tokenizer alone puts its value (valueAt), its
// line and column counted afresh from that offset.
//
// The DOM is followed as extract.go's comments say it is modelled, by
// depths, not a stack of open elements: a <template>'s content is not in
// the document; inside <svg> or <math>, unless in a <foreignObject>
// inside them, an <a> is no HTML <a> and a <base> no base; a second
// <html> or <body> tag adds its id only when no earlier one had one.
func extractByTokens(b []byte) *refPage {
	p := &refPage{}
	var template, foreign, foreignObject int
	hasBase, rootID := false, map[string]bool{}
	link := func(raw string, off int, elem, attr string) { // placed on its line at the end
		p.Links = append(p.Links, Link{Raw: raw, Off: off, Elem: elem, Attr: attr})
	}
	var redirectOff int
	id := func(v string) {
		if v != "" {
			p.IDs = append(p.IDs, string(asDOM([]byte(v))))
		}
	}
	z := html.NewTokenizer(bytes.NewReader(b))
	var scriptText, styleText bool // the next token is an inline script's or a <style>'s text
	for next := 0; ; {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		off := next // where raw starts
		next += len(raw)
		script, style := scriptText, styleText
		scriptText, styleText = false, false
		switch tt {
		case html.TextToken:
			if style {
				cssURLs(raw, func(u string, at int) {
					if !strings.HasPrefix(u, "#") {
						link(u, off+at, "style", "url")
					}
				})
			}
			if script {
				if u, at, keepsHash, ok := refScriptRedirect(raw); ok {
					if p.Redirect.Href != u || p.Redirect.Script {
						link(u, off+at, "script", "location")
					}
					if !p.Redirect.Script {
						p.Redirect, redirectOff = Redirect{Href: u, Script: true, KeepsHash: keepsHash}, off+at
					}
				}
			}
		case html.EndTagToken:
			switch name, _ := z.TagName(); string(name) {
			case "template":
				template = max(0, template-1)
			case "svg", "math":
				foreign = max(0, foreign-1)
			case "foreignobject":
				foreignObject = max(0, foreignObject-1)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			name, selfClosing := tok.Data, tt == html.SelfClosingTagToken
			inSVG := foreign > foreignObject
			attr := map[string]string{}
			places := map[string]int{}
			at := func(k string) int { // valueAt costs a tokenizing per byte of the tag: once per attribute
				if _, ok := places[k]; !ok {
					places[k] = off + valueAt(raw, k)
				}
				return places[k]
			}
			for _, a := range tok.Attr {
				if _, seen := attr[a.Key]; !seen { // the first of a name given twice
					attr[a.Key] = a.Val
				}
			}
			has := func(k string) bool { _, ok := attr[k]; return ok }
			switch {
			case name == "template":
				template++
			case (name == "svg" || name == "math") && !selfClosing:
				foreign++
			case name == "foreignobject" && foreign > 0 && !selfClosing:
				foreignObject++
			}
			if template == 0 {
				switch v := attr["id"]; {
				case name != "html" && name != "body":
					id(v)
				case v != "" && !rootID[name]: // a second <html> or <body> adds only what the first lacked
					id(v)
					rootID[name] = true
				}
				if name == "a" && !inSVG {
					id(attr["name"])
				}
			}
			styleText = name == "style"
			if name == "base" {
				if has("href") && !hasBase && template == 0 && !inSVG {
					p.Base, hasBase = attr["href"], true
				}
				continue // a <base> is nothing else
			}
			if name == "link" && !refLinkRel(attr["rel"]) {
				continue // a hint or a note about the page: no link at all
			}
			elem := ""
			if svgElem, ok := refSVGLinks[name]; ok && inSVG {
				elem = svgElem
				if has("href") {
					link(attr["href"], at("href"), elem, "href")
				} else if has("xlink:href") {
					link(attr["xlink:href"], at("xlink:href"), elem, "xlink:href")
				}
			} else if h, ok := refHTMLLinks[name]; ok {
				elem = h.elem
				for _, k := range h.attrs {
					if has(k) && (name != "input" || refASCIIFold(attr["type"]) == "image") {
						link(attr[k], at(k), elem, k)
					}
				}
			}
			if elem == "img" || elem == "source" {
				for _, u := range SrcsetURLs(attr["srcset"]) {
					link(u, at("srcset"), elem, "srcset")
				}
			}
			if strings.Contains(attr["style"], "(") {
				cssURLs([]byte(attr["style"]), func(u string, i int) {
					if !strings.HasPrefix(u, "#") {
						link(u, at("style")+i, elem, "style")
					}
				})
			}
			if name == "meta" && refASCIIFold(attr["http-equiv"]) == "refresh" {
				if u, atOnce, _ := ParseRefresh(attr["content"]); u != "" {
					link(u, at("content"), "meta", "refresh")
					if p.Redirect.Href == "" && template == 0 && atOnce {
						p.Redirect, redirectOff = Redirect{Href: u}, at("content")
					}
				}
			}
			scriptText = name == "script" && !has("src") && template == 0 && foreign == 0
		}
	}
	for i, l := range p.Links {
		p.Links[i].Line, p.Links[i].Col = lineCol(b, l.Off)
	}
	if p.Redirect.Href != "" {
		p.Redirect.Off = redirectOff
		p.Redirect.Line, p.Redirect.Col = lineCol(b, redirectOff)
	}
	return p
}

// idSet is a page's ids as a set: the order and repeats of an Anchors'
// List depend on how it packs them, not on the page.
func idSet(ids []string) []string {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	return slices.Compact(ids)
}

// refLinkRel is true when rel, link types separated by ASCII white space
// in any ASCII case, holds one of refLinkRels.
func refLinkRel(rel string) bool {
	for _, t := range strings.FieldsFunc(rel, func(r rune) bool { return strings.ContainsRune(" \t\n\f\r", r) }) {
		for _, want := range refLinkRels {
			if refASCIIFold(t) == want {
				return true
			}
		}
	}
	return false
}

// refASCIIFold lowers ASCII letters only: the HTML Standard compares
// keywords "ASCII case-insensitively", so "refreſh" is not "refresh".
func refASCIIFold(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// refScriptRedirect reads a script's text as a redirect: the URL, its
// offset in text, and whether the hash goes along (TestRedirects).
func refScriptRedirect(text []byte) (u string, at int, keepsHash, ok bool) {
	return readScriptRedirect(text)
}

// valueAt is where the value of the tag's first attribute named key
// starts, found by the tokenizer alone: the last offset where a byte put
// into the tag becomes the first of that value; for an empty value that
// no byte put in starts (a bare name), the last offset where it becomes
// the last of the name.
func valueAt(tag []byte, key string) int {
	first := func(tag []byte) (k, v string) {
		z := html.NewTokenizer(bytes.NewReader(tag))
		z.Next()
		for _, a := range z.Token().Attr {
			if a.Key == key || a.Key == key+"\x01" {
				return a.Key, a.Val
			}
		}
		return "", ""
	}
	_, val := first(tag)
	at, bare := -1, -1
	for i := 1; i <= len(tag); i++ {
		switch k, v := first(slices.Concat(tag[:i], []byte{1}, tag[i:])); {
		case k == key && v == "\x01"+val:
			at = i
		case k == key+"\x01":
			bare = i
		}
	}
	if at < 0 {
		return bare
	}
	return at
}

// lineCol is the line and byte column of doc[off], both from 1.
func lineCol(doc []byte, off int) (line, col int) {
	return 1 + bytes.Count(doc[:off], []byte{'\n'}), off - bytes.LastIndexByte(doc[:off], '\n')
}
