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
	Path  string  // slash-separated, relative to the site root: "api/zkvm/index.html"
	IDs   Anchors // id attributes, and name on <a>
	Links []Link
	Base  string // <base href>, if any
	ids   []byte // IDs while the page is read
}

// urlAttrs are the attributes of element a that hold a single URL.
func urlAttrs(a atom.Atom) []string {
	switch a {
	case atom.A, atom.Area, atom.Link, atom.Base:
		return hrefAttr
	case atom.Img, atom.Script, atom.Iframe, atom.Source, atom.Audio, atom.Track, atom.Embed:
		return srcAttr
	case atom.Video:
		return videoAttrs
	case atom.Object:
		return dataAttr
	}
	return nil
}

var (
	hrefAttr   = []string{"href"}
	srcAttr    = []string{"src"}
	videoAttrs = []string{"src", "poster"}
	dataAttr   = []string{"data"}
)

// Extract tokenises one HTML document. It never fails: malformed markup is
// read the way a browser's tokenizer reads it, and NUL bytes are tokens too.
func Extract(path string, r io.Reader) *Page {
	p := &Page{}
	p.extract(path, r)
	return p
}

// extract fills p from one document, reusing p's slices: a worker reads
// thousands of pages, and growing fresh slices for each is measurable.
func (p *Page) extract(path string, r io.Reader) {
	*p = Page{Path: path, Links: p.Links[:0], ids: p.ids[:0]}
	z := html.NewTokenizer(r)
	line := 1
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			p.IDs = newAnchors(p.ids)
			return
		}
		raw := z.Raw()
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			p.tag(z, raw, line)
		}
		line += bytes.Count(raw, []byte{'\n'})
	}
}

// attrs holds the few attributes the gate reads; a struct, not a map,
// because this runs for every tag of every page. Values point into the
// tokenizer's buffer until the next token: only what is kept is copied.
type attrs struct {
	id, name, srcset, httpEquiv, content []byte
	url                                  [2][]byte // values of the element's urlAttrs, in order
	has                                  [2]bool
}

func (p *Page) tag(z *html.Tokenizer, raw []byte, line int) {
	a := element(raw)
	names := urlAttrs(a)
	if names == nil && a != atom.Meta && !mentionsID(raw) {
		return // nothing on this tag can be a link or an anchor: skip decoding its attributes
	}
	at := readAttrs(z, raw, names)
	p.anchor(at.id)
	if a == atom.A {
		p.anchor(at.name)
	}
	p.links(a, &at, names, line)
}

// readAttrs reads the attributes of the current tag: from its raw bytes
// when they are written plainly, else through the tokenizer.
func readAttrs(z *html.Tokenizer, raw []byte, names []string) (at attrs) {
	var kv [8][2][]byte
	if n, ok := simpleAttrs(raw, &kv); ok {
		for _, attr := range kv[:n] {
			at.set(attr[0], attr[1], names)
		}
		return at
	}
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		at.set(k, v, names)
	}
	return at
}

func (p *Page) anchor(id []byte) {
	if len(id) > 0 {
		p.ids = append(append(p.ids, id...), 0)
	}
}

// simpleAttrs reads the attributes of a tag written the plain way, like
// <a href="/x" class="y">, straight from its raw bytes: at most len(kv) of
// them, none repeated, each as plainAttr reads it. For these the
// tokenizer's TagAttr returns the very same bytes, but copies both name and
// value first, which costs more than the rest of reading the tag
// (TestSimpleAttrsReadAsTheTokenizerDoes and FuzzExtractAgreesWithTokens
// hold the two to the same answer). Any other tag gives ok false, and is
// read through the tokenizer.
func simpleAttrs(raw []byte, kv *[8][2][]byte) (n int, ok bool) {
	i := 1
	for i < len(raw) && !endsName[raw[i]] {
		i++ // past the tag name, as the tokenizer ends it
	}
	for {
		switch {
		case i == len(raw)-1 && raw[i] == '>', i == len(raw)-2 && raw[i] == '/' && raw[i+1] == '>':
			return n, true
		case i >= len(raw) || !isSpace(raw[i]) || n == len(kv):
			return 0, false
		}
		key, val, next, ok := plainAttr(raw, i)
		if !ok || repeated(kv[:n], key) {
			return 0, false
		}
		kv[n], n, i = [2][]byte{key, val}, n+1, next
	}
}

// plainAttr reads ` name="value"` from raw[i:]: white space, a name of
// lower-case letters, digits and '-', then a double-quoted value that
// TagAttr would return unchanged. next is where the attribute ends.
func plainAttr(raw []byte, i int) (key, val []byte, next int, ok bool) {
	for i < len(raw) && isSpace(raw[i]) {
		i++
	}
	k := i
	for i < len(raw) && ('a' <= raw[i] && raw[i] <= 'z' || '0' <= raw[i] && raw[i] <= '9' || raw[i] == '-') {
		i++
	}
	if i == k || !bytes.HasPrefix(raw[i:], []byte(`="`)) {
		return nil, nil, 0, false
	}
	end := bytes.IndexByte(raw[i+2:], '"')
	if end < 0 || !plainValue(raw[i+2:i+2+end]) {
		return nil, nil, 0, false
	}
	return raw[k:i], raw[i+2 : i+2+end], i + 3 + end, true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// endsName holds the bytes that end a tag name.
var endsName = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '/': true, '>': true}

// plainValue is true when TagAttr would return v unchanged: no character
// reference to decode, no CR to convert, no NUL to replace. (A loop: this
// runs for every attribute, and bytes.ContainsAny builds its set each call.)
func plainValue(v []byte) bool {
	for _, c := range v {
		if c == '&' || c == '\r' || c == 0 {
			return false
		}
	}
	return true
}

func repeated(kv [][2][]byte, key []byte) bool {
	for _, a := range kv {
		if bytes.Equal(a[0], key) {
			return true
		}
	}
	return false
}

// element is the atom of a start tag's name, read from its raw bytes so the
// name is neither copied nor lower-cased in a new slice. Names longer than
// any element that carries a link give 0: such a tag can still hold an id.
func element(raw []byte) atom.Atom {
	var name [8]byte
	n := 0
	for _, c := range raw[1:] { // raw[0] is '<'
		switch c {
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			return atom.Lookup(name[:n])
		}
		if n == len(name) {
			return 0
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		name[n] = c
		n++
	}
	return atom.Lookup(name[:n])
}

// mentionsID is false when no attribute of the tag can be named "id": the
// letters do not occur in it, in any case.
func mentionsID(raw []byte) bool {
	for i := 1; i < len(raw); i++ {
		if raw[i]|0x20 == 'd' && raw[i-1]|0x20 == 'i' {
			return true
		}
	}
	return false
}

// set records one attribute. The tokenizer already drops repeats of an
// attribute (the first wins, as in browsers).
func (at *attrs) set(k, v []byte, names []string) {
	for i, n := range names {
		if string(k) == n {
			at.url[i], at.has[i] = v, true
		}
	}
	switch string(k) {
	case "id":
		at.id = v
	case "name":
		at.name = v
	case "srcset":
		at.srcset = v
	case "http-equiv":
		at.httpEquiv = v
	case "content":
		at.content = v
	}
}

func (p *Page) links(a atom.Atom, at *attrs, names []string, line int) {
	name := a.String()
	if a == atom.Base {
		if at.has[0] && p.Base == "" {
			p.Base = strings.TrimSpace(string(at.url[0]))
		}
		return
	}
	for i, attr := range names {
		if at.has[i] {
			p.add(string(at.url[i]), line, name, attr)
		}
	}
	if len(at.srcset) > 0 && (a == atom.Img || a == atom.Source) {
		for _, u := range SrcsetURLs(string(at.srcset)) {
			p.add(u, line, name, "srcset")
		}
	}
	if a == atom.Meta && bytes.EqualFold(at.httpEquiv, []byte("refresh")) {
		if u := RefreshURL(string(at.content)); u != "" {
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
