package htmlsite

import (
	"bytes"
	"hash/crc32"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Link is one URL reference found in a page.
type Link struct {
	Raw string `json:"href"`
	// Line and Col (1-based, in bytes from the line's start) are where the
	// attribute value holding the link starts, so an editor opens on it:
	// on a minified page every link is on line 1, and only Col tells them
	// apart. All candidates of a srcset share its value's place; a meta
	// refresh's is its content's; a script redirect's is its URL's.
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Off  int    `json:"offset"`  // the same place as a byte offset into the document
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
	// Redirect is where the page sends its reader as soon as it opens.
	Redirect Redirect
	// Refresh is where a meta refresh with a delay sends the reader once
	// it has passed (Astro's page for a 302 redirect waits 2 s; a browser
	// follows it however long the delay): the reader sees the page and
	// its ids first, then lands there. Its first such refresh; Href ""
	// when it has none.
	Refresh Redirect
	// Stylesheet: a .css file of the site, not a page; its Links are the
	// URLs it makes the browser fetch, relative to its own URL.
	Stylesheet bool
	// Sum is the hash of the page's bytes (Sum), 0 for one too large to
	// hold whole: the comparison with the last deploy knows an unchanged
	// page by it without reading the page again.
	Sum uint64
	// Outline is the page's outline when it was read for it
	// (Site.Outlines, ReadOutline); nil else. Its slices are reused for
	// the worker's next page, as Links is.
	Outline  *Outline
	outlines bool       // read the outline
	ol       outliner   // the outline while the page is read
	ids      anchorSet  // IDs while the page is read
	raws     []byte     // the hrefs of Links while the page is read, end to end
	ends     []int32    // where each ends in raws
	inScript bool       // the last token opened an inline script: the next is its text
	inStyle  bool       // the last token opened a <style>: the next is its text
	doc      []byte     // the document, read whole (scan.go)
	spans    []attrSpan // the attributes of the tag scan is reading
	err      error      // a read that failed: the page is not what its file holds

	// What the tokenizer alone does not say, and the DOM would: the content
	// of a <template> is not in the document (its ids are no anchors, its
	// <base> is no base), and a <base> or <a> inside <svg> or <math> is an
	// element of that language, not HTML's, but inside <foreignObject>.
	// Depths of open elements.
	template, foreign, foreignObject int
	hasBase                          bool    // the first <base href> was seen, even an empty one
	rootID                           [2]bool // an <html> (0) or <body> (1) tag had an id
}

// Redirect is where a page sends its reader at once, if it does: a meta
// refresh with no delay, or an inline script that does nothing but set the
// location to a literal URL (location.replace("…"), location.href = "…").
// A reader with JavaScript follows the script first, so it wins over the
// meta refresh. Href is empty when the page stays.
type Redirect struct {
	Href      string
	Line, Col int // as a Link's
	Off       int
	Script    bool // the script form; else a meta refresh
	// KeepsHash: the script appends location.hash, so a link's fragment
	// reaches the target. A meta refresh never carries it.
	KeepsHash bool
	// Delayed: a meta refresh after a delay (Page.Refresh).
	Delayed bool
}

// urlAttrs are the attributes of the element that hold a single URL, a
// its atom and raw its start tag, and the element's name for a Link.
// They are what the HTML Standard has a browser fetch or navigate to:
// besides the usual ones, <input type=image> src (type is read beside
// it: only an image button fetches), <frame> src, the background
// attribute of <body> and the table elements (still drawn as their
// background image), and <image>, which the parser turns into <img>.
// Inside <svg> (not in its <foreignObject>), <a>, <image>, <use>,
// <feImage> and <script> refer by href, or by the older xlink:href
// when href is not given. Not read, as no browser requests them while
// showing the page: <form> action and formaction (a submission, whose
// request depends on the form), cite, longdesc, ping, and <html>
// manifest (application caches are gone from browsers).
func (p *Page) urlAttrs(a atom.Atom, raw []byte) ([]string, string) {
	// In SVG: more <svg> (or <math>) open than <foreignObject> inside
	// them, so an <svg> inside a <foreignObject> is SVG again.
	if p.foreign > p.foreignObject {
		switch {
		case a == atom.A || a == atom.Image || a == atom.Script:
			return svgHrefAttrs, a.String()
		case a == 0 && tagNamed(raw, "use"):
			return svgHrefAttrs, "use"
		case a == 0 && tagNamed(raw, "feimage"):
			return svgHrefAttrs, "feImage"
		}
	}
	switch a {
	case atom.A, atom.Area, atom.Link, atom.Base:
		return hrefAttr, a.String()
	case atom.Img, atom.Image:
		return srcAttr, "img"
	case atom.Script, atom.Iframe, atom.Source, atom.Audio, atom.Track, atom.Embed, atom.Frame:
		return srcAttr, a.String()
	case atom.Input:
		return inputAttrs, "input"
	case atom.Video:
		return videoAttrs, "video"
	case atom.Object:
		return dataAttr, "object"
	case atom.Body, atom.Table, atom.Thead, atom.Tbody, atom.Tfoot, atom.Tr, atom.Td, atom.Th:
		return backgroundAttr, a.String()
	}
	return nil, ""
}

var (
	hrefAttr       = []string{"href"}
	srcAttr        = []string{"src"}
	videoAttrs     = []string{"src", "poster"}
	dataAttr       = []string{"data"}
	inputAttrs     = []string{"src", "type"}
	backgroundAttr = []string{"background"}
	svgHrefAttrs   = []string{"href", "xlink:href"}
)

// tagNamed is true when the start tag raw names element name (lower
// case), in any case: for the SVG elements that have no atom.
func tagNamed(raw []byte, name string) bool {
	end := 1
	for end < len(raw) && !isASCIISpace(raw[end]) && raw[end] != '/' && raw[end] != '>' {
		end++
	}
	return asciiEqualFold(raw[1:end], []byte(name))
}

// Extract reads one HTML document, or a stylesheet when path ends in .css.
// It never fails: malformed markup is read the way a browser's tokenizer
// reads it, and NUL bytes are tokens too.
func Extract(path string, r io.Reader) *Page {
	p := &Page{}
	p.extractAny(path, r)
	p.doc, p.spans = nil, nil // the caller may keep the page, not the document
	return p
}

// castagnoli is the CRC-32C table (hardware on amd64 and arm64).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Sum is a hash of a document's bytes, the same for the same bytes in
// every run (a deploy record keeps it for the next run,
// checks/deploys), two different documents' the same with a chance of
// about 2⁻⁶⁴: two CRC-32s of different polynomials, each computed by the
// processor, cost less than the seeded hash it replaced.
func Sum(doc []byte) uint64 {
	return uint64(crc32.ChecksumIEEE(doc))<<32 | uint64(crc32.Checksum(doc, castagnoli))
}

// maxInMemory is the largest page read whole and scanned; the rest of a
// larger one is streamed through the tokenizer, so a huge file costs no
// more memory than this.
var maxInMemory = 32 << 20

// extract fills p from one document, reusing p's slices: a worker reads
// thousands of pages, and growing fresh slices for each is measurable.
func (p *Page) extract(path string, r io.Reader) {
	p.reset(path)
	doc, whole := p.read(r)
	if whole {
		p.Sum = Sum(doc)
	}
	// A page in another encoding than UTF-8 is decoded first, as the
	// browser decodes it, so that its ids are the text a fragment names;
	// the UTF-8 pages nearly every site has are read as they are.
	e := sniff(doc)
	if !whole {
		var rest io.Reader = io.MultiReader(bytes.NewReader(doc), r)
		if e != nil {
			rest = transform.NewReader(rest, e.NewDecoder())
		}
		p.tokens(html.NewTokenizer(rest))
		p.doc = nil // its start alone: no excerpts, and 32 MB not kept
		p.done()
		return
	}
	if e != nil {
		doc = decoded(doc, e)
		p.doc = doc
	}
	if !p.scan(doc) {
		p.reset(path)
		p.tokens(html.NewTokenizer(bytes.NewReader(doc)))
	}
	p.done()
}

// release lets go of a large page's buffer once the page has been used
// (its excerpts cut): a worker keeps none for its next, small pages.
func (p *Page) release() {
	if cap(p.doc) > 1<<20 {
		p.doc = nil
	}
}

// Excerpts are for lines too long to read, as a minified page's are: a
// line of more than longLine bytes gets one of about excerptLen bytes,
// from the tag that holds the link when it starts at most excerptLead
// bytes before the value.
const (
	longLine    = 200
	excerptLen  = 80
	excerptLead = 40
)

// Excerpt is the text around the place of a link or redirect (its Off and
// Col) when its line is longer than longLine bytes, "…" marking where the
// line goes on; "" when the line is short, or the page was not held whole
// in memory. It cuts between characters, not inside one; it escapes
// nothing, as no text taken from a page is escaped before it is printed
// (diag.Printable).
func (p *Page) Excerpt(off, col int) string {
	doc := p.doc
	start := off - col + 1
	if col < 1 || start < 0 || off > len(doc) {
		return ""
	}
	end := len(doc)
	if nl := bytes.IndexByte(doc[off:], '\n'); nl >= 0 {
		end = off + nl
	}
	if end > start && doc[end-1] == '\r' {
		end--
	}
	if end-start <= longLine {
		return ""
	}
	from := max(start, off-excerptLead)
	if lt := bytes.LastIndexByte(doc[from:off], '<'); lt >= 0 {
		from += lt
	}
	for from > start && !utf8.RuneStart(doc[from]) {
		from--
	}
	to := min(end, from+excerptLen)
	for to < end && !utf8.RuneStart(doc[to]) {
		to--
	}
	var b strings.Builder
	if from > start {
		b.WriteString("…")
	}
	b.Write(doc[from:to])
	if to < end {
		b.WriteString("…")
	}
	return b.String()
}

func (p *Page) reset(path string) {
	o := p.ol.o
	*p = Page{Path: path, Links: p.Links[:0], ids: p.ids, raws: p.raws[:0], ends: p.ends[:0], doc: p.doc, spans: p.spans,
		outlines: p.outlines, ol: outliner{text: p.ol.text[:0]}}
	p.ids.reset()
	switch {
	case p.outlines && o != nil:
		*o = Outline{Headings: o.Headings[:0], IDs: o.IDs[:0], At: o.At[:0]}
		p.ol.o = o
	case p.outlines:
		p.ol.o = &Outline{}
	}
}

// read reads r into p's buffer, up to maxInMemory bytes (whole is false
// when there is more). A read error ends the document where it happened,
// as it ends the tokenizer's, and is kept in p.err: Parse reports such a
// page unreadable rather than judging part of it.
func (p *Page) read(r io.Reader) (doc []byte, whole bool) {
	buf := p.doc[:0]
	for empty := 0; empty < 100; {
		if len(buf) >= maxInMemory {
			p.doc = buf
			return buf, false
		}
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, max(64<<10, len(buf)))
		}
		n, err := r.Read(buf[len(buf):min(cap(buf), maxInMemory)])
		buf = buf[:len(buf)+n]
		if err != nil {
			if err != io.EOF {
				p.err = err
			}
			break
		}
		if n == 0 {
			empty++ // as the tokenizer does, give up on a reader that never answers
		}
	}
	p.doc = buf
	return buf, true
}

// tokens reads a document through the tokenizer itself: a page whose
// scripts scan does not follow, or one too large to hold in memory.
func (p *Page) tokens(z *html.Tokenizer) {
	t := tagAt{line: 1, col: 1} // where the next token starts
	// The token after a start tag of raw text (a script's, a title's) is
	// its text, when it has any.
	var rawNext, titleNext bool
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if err := z.Err(); err != io.EOF && p.err == nil {
				p.err = err
			}
			return
		}
		raw := z.Raw()
		script, style, rawText, title := p.inScript, p.inStyle, rawNext, titleNext
		p.inScript, p.inStyle, rawNext, titleNext = false, false, false, false
		switch {
		case tt == html.StartTagToken || tt == html.SelfClosingTagToken:
			a := element(raw)
			p.open(a, tt == html.SelfClosingTagToken)
			p.inStyle = a == atom.Style
			p.outlineStart(a, t)
			rawNext, titleNext = rawTextElement(a) != "", p.isTitle(a)
			if names, elem := p.urlAttrs(a, raw); mayHold(a, names, raw) {
				at := tokenAttrs(z, names)
				// The tokenizer says what the values are, not where: the
				// scan's reading of the same tag does (the two agree on
				// where a tag's attributes lie, FuzzExtractAgreesWithTokens).
				p.readTag(raw, 1)
				spans, _ := p.spanAttrs(raw, 0, names)
				at.pos = spans.pos
				t.raw = raw
				p.record(a, &at, names, elem, t)
			}
		case tt == html.EndTagToken:
			p.endTag(raw[1:])
		case tt == html.TextToken && title:
			p.outlineTitle(raw)
		case tt == html.TextToken && !rawText:
			p.outlineText(raw)
		case tt == html.TextToken && script:
			t.raw = raw
			p.script(t)
		case tt == html.TextToken && style:
			t.raw = raw
			p.style(t)
		}
		t = t.after(raw)
	}
}

// tagAt is where a tag (or a script's text) lies in its document, for
// placing what it holds.
type tagAt struct {
	raw       []byte
	off       int // of raw[0] in the document
	line, col int // of raw[0]
}

// place is the offset, line and column of raw[i].
func (t tagAt) place(i int) (off, line, col int) {
	if nl := bytes.LastIndexByte(t.raw[:i], '\n'); nl >= 0 {
		return t.off + i, t.line + bytes.Count(t.raw[:nl+1], []byte{'\n'}), i - nl
	}
	return t.off + i, t.line, t.col + i
}

// after is where the token after raw starts, when t is where raw starts.
func (t tagAt) after(raw []byte) tagAt {
	t.raw = raw
	off, line, col := t.place(len(raw))
	return tagAt{off: off, line: line, col: col}
}

// mayHold is false when nothing on the tag can be a link or an anchor, so
// its attributes need not be decoded.
func mayHold(a atom.Atom, names []string, raw []byte) bool {
	return names != nil || a == atom.Meta || mentionsIDOrStyle(raw)
}

// attrs holds the few attributes the gate reads; a struct, not a map,
// because this runs for every tag of every page. Values point into the
// document or the tokenizer's buffer: only what is kept is copied.
type attrs struct {
	id, name, srcset, httpEquiv, content, rel, style []byte
	url                                              [2][]byte // values of the element's urlAttrs, in order
	got                                              uint16    // which attributes were set (attrIndex bits)
	pos                                              [9]int32  // where each value starts in the tag, by attrIndex
}

// record notes the anchors and links of a start tag.
func (p *Page) record(a atom.Atom, at *attrs, names []string, elem string, t tagAt) {
	if p.template == 0 {
		p.anchor(p.mergedID(a, at.id))
		if a == atom.A && p.foreign <= p.foreignObject { // not in SVG: see urlAttrs
			p.anchor(at.name)
		}
	}
	p.links(a, at, names, elem, t)
}

// open and close follow the elements whose content is not plain HTML of
// the document. A count, not the parser's stack of open elements: unclosed
// or misnested tags inside them can end them differently in a browser, and
// an HTML tag that leaves <svg> early is not noticed (a <base> after it
// stays ignored). Pages that put <base> where it belongs, in <head>, are
// read exactly.
func (p *Page) open(a atom.Atom, selfClosing bool) {
	switch {
	case a == atom.Template:
		p.template++ // <template/> opens one too: the slash means nothing on an HTML element
	case (a == atom.Svg || a == atom.Math) && !selfClosing:
		p.foreign++
	case a == atom.Foreignobject && p.foreign > 0 && !selfClosing:
		p.foreignObject++
	}
}

func (p *Page) close(a atom.Atom) {
	switch {
	case a == atom.Template && p.template > 0:
		p.template--
	case (a == atom.Svg || a == atom.Math) && p.foreign > 0:
		p.foreign--
	case a == atom.Foreignobject && p.foreignObject > 0:
		p.foreignObject--
	}
}

// mergedID is the id a tag gives the document. A second <html> or <body>
// tag makes no element: the parser adds its attributes to the first, but
// only those that one lacks, so an id there counts only if none came before.
func (p *Page) mergedID(a atom.Atom, id []byte) []byte {
	if a != atom.Html && a != atom.Body || len(id) == 0 {
		return id
	}
	k := 0
	if a == atom.Body {
		k = 1
	}
	if p.rootID[k] {
		return nil
	}
	p.rootID[k] = true
	return id
}

// tokenAttrs reads the attributes of the tokenizer's current tag.
func tokenAttrs(z *html.Tokenizer, names []string) (at attrs) {
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		at.set(k, v, names)
	}
	return at
}

// tagAttrs reads the attributes of one whole tag through the tokenizer,
// which decodes character references as an attribute's value needs.
func tagAttrs(raw []byte, names []string) attrs {
	z := html.NewTokenizer(bytes.NewReader(raw))
	z.Next()
	return tokenAttrs(z, names)
}

// anchor notes an id. Bytes that are no UTF-8 in a page read as UTF-8
// are U+FFFD in the browser's DOM, one for each maximal bad sequence (the
// Encoding Standard's decoder, which x/text's follows): the id a fragment
// must name, percent-decoded as UTF-8 the same way.
func (p *Page) anchor(id []byte) {
	if len(id) > 0 {
		if !utf8.Valid(id) {
			id, _ = unicode.UTF8.NewDecoder().Bytes(id)
		}
		p.ids.add(id)
		p.outlineID(id)
	}
}

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

// element is the atom of a start tag's name, read from its raw bytes so the
// name is neither copied nor lower-cased in a new slice. Names longer than
// any element the reader follows ("foreignobject") give 0: such a tag can
// still hold an id.
func element(raw []byte) atom.Atom {
	var name [13]byte
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

// mentionsIDOrStyle is false when no attribute of the tag can be named
// "id" or "style": neither "id" nor "sty" occurs in it, in any case.
func mentionsIDOrStyle(raw []byte) bool {
	for i := 1; i < len(raw); i++ {
		switch raw[i] | 0x20 {
		case 'd':
			if raw[i-1]|0x20 == 'i' {
				return true
			}
		case 'y':
			if i >= 2 && raw[i-1]|0x20 == 't' && raw[i-2]|0x20 == 's' {
				return true
			}
		}
	}
	return false
}

// set records one attribute. Of a name given twice the first counts, as
// in browsers (the tokenizer gives each name once; a tag scan reads all).
func (at *attrs) set(k, v []byte, names []string) {
	if i := attrIndex(k, names); i >= 0 && at.got&(1<<i) == 0 {
		at.setAt(i, v)
	}
}

// setAt records v as the value of attribute number i (attrIndex).
func (at *attrs) setAt(i int, v []byte) {
	at.got |= 1 << i
	switch i {
	case 0, 1:
		at.url[i] = v
	case 2:
		at.id = v
	case 3:
		at.name = v
	case 4:
		at.srcset = v
	case 5:
		at.httpEquiv = v
	case 6:
		at.content = v
	case 7:
		at.rel = v
	case 8:
		at.style = v
	}
}

// has tells whether the element's i-th urlAttr was given (empty or not).
func (at *attrs) has(i int) bool { return at.got&(1<<i) != 0 }

// attrIndex numbers the attributes the gate reads: the element's urlAttrs
// (0, 1), then id, name, srcset, http-equiv, content, rel and style; -1
// for others.
func attrIndex(k []byte, names []string) int {
	for i, n := range names {
		if string(k) == n {
			return i
		}
	}
	switch string(k) {
	case "id":
		return 2
	case "name":
		return 3
	case "srcset":
		return 4
	case "http-equiv":
		return 5
	case "content":
		return 6
	case "rel":
		return 7
	case "style":
		return 8
	}
	return -1
}

func (p *Page) links(a atom.Atom, at *attrs, names []string, name string, t tagAt) {
	if a == atom.Base {
		// The document's base is its first HTML <base> with an href; the
		// URL parser strips the white space (links.Resolve).
		if at.has(0) && !p.hasBase && p.template == 0 && p.foreign <= p.foreignObject {
			p.Base, p.hasBase = string(at.url[0]), true
		}
		return
	}
	if a == atom.Link && !pageLinkRel(at.rel) {
		return // a hint or a note about the page, not a resource or a page it links to
	}
	switch {
	case len(names) == 2 && names[1] == "xlink:href":
		// SVG 2: href wins; xlink:href counts only without it.
		if i := 0; at.has(i) || at.has(1) {
			if !at.has(i) {
				i = 1
			}
			add(p, at.url[i], t, at.pos[i], name, names[i])
		}
	case a == atom.Input:
		// Only an image button fetches its src.
		if at.has(0) && asciiEqualFold(at.url[1], []byte("image")) {
			add(p, at.url[0], t, at.pos[0], name, "src")
		}
	default:
		for i, attr := range names {
			if at.has(i) {
				add(p, at.url[i], t, at.pos[i], name, attr)
			}
		}
	}
	if len(at.srcset) > 0 && (name == "img" || name == "source") { // an HTML <image> is an <img>
		for _, u := range SrcsetURLs(string(at.srcset)) {
			add(p, u, t, at.pos[4], name, "srcset")
		}
	}
	if bytes.IndexByte(at.style, '(') >= 0 { // no url( without one: most style attributes are skipped at once
		cssURLs(at.style, func(u string, off int) {
			if !strings.HasPrefix(u, "#") { // a paint server or clip path of the page: see style
				add(p, u, t, at.pos[8]+int32(off), name, "style")
			}
		})
	}
	if a == atom.Meta && asciiEqualFold(at.httpEquiv, []byte("refresh")) {
		if u, atOnce, _ := ParseRefresh(string(at.content)); u != "" {
			add(p, u, t, at.pos[6], "meta", "refresh")
			off, line, col := t.place(int(at.pos[6]))
			switch {
			case p.template != 0:
			case atOnce && p.Redirect.Href == "":
				p.Redirect = Redirect{Href: u, Line: line, Col: col, Off: off}
			case !atOnce && p.Refresh.Href == "":
				p.Refresh = Redirect{Href: u, Line: line, Col: col, Off: off}
			}
		}
	}
	p.inScript = a == atom.Script && !at.has(0) && p.template == 0 && p.foreign == 0
}

// style reads the text of a <style> element (t.raw) for the URLs its
// rules fetch, relative to the page (and its <base>) like any of its
// links. A URL that is only a fragment (stroke:url(#gradient)) fetches
// nothing: it names a paint server, clip path or filter of the page, used
// only where a rule matches (a diagram's stylesheet styles looks it does
// not draw), and a missing one paints nothing; it is no link to judge.
func (p *Page) style(t tagAt) {
	// Lines counted once through the text, not from its start for each
	// URL: a large <style> may hold many.
	lines := lineCounter{doc: t.raw, line: t.line, lineStart: 1 - t.col}
	cssURLs(t.raw, func(u string, off int) {
		if strings.HasPrefix(u, "#") {
			return
		}
		at := tagAt{raw: t.raw[off:], off: t.off + off}
		at.line, at.col = lines.at(off)
		add(p, u, at, 0, "style", "url")
	})
}

// pageLinkRels are the link types that make a <link>'s href a link of the
// page: those a browser fetches (stylesheets, icons, preloads, the
// manifest, an OpenSearch description), the icons Apple's and other
// browsers request though the HTML Standard does not list them, and the
// hyperlinks of the HTML Standard's link types. The rest are not: the
// origin-only hints (dns-prefetch, preconnect, whose href need not be a
// page), unknown types, and a <link> with no rel at all, such as the
// obsolete rev="made" href="a mail address" that DocBook puts into the
// head of every page of the PostgreSQL manual.
var pageLinkRels = []string{
	"stylesheet", "icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon",
	"preload", "modulepreload", "prefetch", "manifest", "search",
	"canonical", "alternate", "prev", "next", "help", "license", "author", "privacy-policy", "terms-of-service",
}

// pageLinkRel is true when rel, a set of link types (separated by ASCII
// white space, in any ASCII case), holds one of pageLinkRels: "shortcut
// icon" is an icon, "alternate stylesheet" a stylesheet.
func pageLinkRel(rel []byte) bool {
	for i := 0; i < len(rel); {
		for i < len(rel) && isASCIISpace(rel[i]) {
			i++
		}
		start := i
		for i < len(rel) && !isASCIISpace(rel[i]) {
			i++
		}
		for _, t := range pageLinkRels {
			if i > start && asciiEqualFold(rel[start:i], []byte(t)) {
				return true
			}
		}
	}
	return false
}

// scriptRedirect is an inline script that only sends the reader to a
// literal URL, perhaps with the current query and hash appended (bare, or
// in parentheses with an empty string as its fallback, or as "#" and a
// variable hashVariable set): the form redirect stubs of rustdoc,
// Docusaurus, Sphinx, mkdocs-redirects and Jekyll plugins take. A script
// doing anything more is not read as a redirect.
var scriptRedirect = regexp.MustCompile(`^\s*(?:(?:window|self|top)\.)?location(?:\.href\s*=|\s*=|\.(replace|assign)\s*\()` +
	`\s*("[^"\\\n]*"|'[^'\\\n]*')((?:\s*\+\s*(?:\(\s*(?:window\.)?location\.(?:search|hash)\s*\|\|\s*(?:''|"")\s*\)|(?:window\.)?location\.(?:search|hash)|` +
	hashTernary + `))*)\s*(\)?)\s*;?\s*$`)

// hashVariable is the head of the script mkdocs-redirects writes: the
// hash less its "#" kept in a variable, which the redirect appends as
// hashTernary, "#" and the variable when it is not empty (its HTML_TEMPLATE,
// as Debian's mkdocs-redirects 1.2.0 writes it).
var hashVariable = regexp.MustCompile(`^\s*var\s+([A-Za-z_$][\w$]*)\s*=\s*(?:window\.)?location\.hash\.(?:substr|substring|slice)\(\s*1\s*\)\s*;`)

const hashTernary = `\(\s*[A-Za-z_$][\w$]*\s*\?\s*(?:"#"|'#')\s*\+\s*[A-Za-z_$][\w$]*\s*:\s*(?:""|'')\s*\)`

var hashTernaryNames = regexp.MustCompile(`\(\s*([A-Za-z_$][\w$]*)\s*\?\s*(?:"#"|'#')\s*\+\s*([A-Za-z_$][\w$]*)\s*:`)

// readScriptRedirect reads a script's text as a redirect: the URL, its
// offset in text, and whether the hash goes along; ok false for a script
// that is no redirect. A "#"+name appended must name the variable the
// script set to the hash, or the script is not one it reads.
func readScriptRedirect(text []byte) (href string, at int, keepsHash, ok bool) {
	if len(text) > 4096 || !bytes.Contains(text, []byte("location")) {
		return "", 0, false, false
	}
	skip, hashVar := 0, ""
	if h := hashVariable.FindSubmatchIndex(text); h != nil {
		skip, hashVar = h[1], string(text[h[2]:h[3]])
	}
	m := scriptRedirect.FindSubmatchIndex(text[skip:])
	if m == nil || (m[3] > m[2]) != (m[9] > m[8]) { // replace( or assign( needs its ")"
		return "", 0, false, false
	}
	appended := text[skip+m[6] : skip+m[7]]
	for _, n := range hashTernaryNames.FindAllSubmatch(appended, -1) {
		if hashVar == "" || string(n[1]) != hashVar || string(n[2]) != hashVar {
			return "", 0, false, false
		}
		keepsHash = true
	}
	keepsHash = keepsHash || bytes.Contains(appended, []byte("hash"))
	return string(text[skip+m[4]+1 : skip+m[5]-1]), skip + m[4] + 1, keepsHash, true
}

// script reads the text of an inline script (t.raw) for a redirect: the
// page's redirect when it is the first, and a link of the page when its
// URL is not the meta refresh's already. Its place is the URL's, inside
// the quotes.
func (p *Page) script(t tagAt) {
	href, at, keepsHash, ok := readScriptRedirect(t.raw)
	if !ok {
		return
	}
	if p.Redirect.Href != href || p.Redirect.Script {
		add(p, href, t, int32(at), "script", "location")
	}
	if !p.Redirect.Script {
		off, line, col := t.place(at)
		p.Redirect = Redirect{Href: href, Line: line, Col: col, Off: off, Script: true, KeepsHash: keepsHash}
	}
}

// add records a link. Its href goes into the page's one buffer of hrefs,
// which done turns into one string: a string per link would be millions
// of small allocations on a large site.
// Its place is that of t.raw[at], the start of the value that holds it.
func add[T string | []byte](p *Page, raw T, t tagAt, at int32, elem, attr string) {
	p.raws = append(p.raws, raw...)
	p.ends = append(p.ends, int32(len(p.raws)))
	off, line, col := t.place(int(at))
	p.Links = append(p.Links, Link{Line: line, Col: col, Off: off, Elem: elem, Attr: attr})
}

// done finishes the page once it is read: its ids, and each link's href
// as a slice of one string. (A caller keeping an href beyond the page
// clones it, or it keeps all the page's hrefs in memory.)
func (p *Page) done() {
	p.IDs = p.ids.anchors()
	p.outlineDone()
	all, start := string(p.raws), int32(0)
	for i, end := range p.ends {
		p.Links[i].Raw, start = all[start:end], end
	}
}

// SrcsetURLs returns the URLs of a srcset attribute's image candidates, as
// the HTML Standard's srcset parser reads them: a comma ends a candidate
// after its URL or inside its descriptors ("a.png 1x,b.png 2x" is two
// candidates), one inside a URL is part of it ("/img,v1.png 1x"), and a
// candidate whose descriptors are invalid ("a.png 1x 2x", "a.png big") is
// dropped, as the browser drops it: it never requests that URL. So is a
// candidate with the density or width of an earlier one ("a.png, b.png 1x"
// or "a.png 100w, b.png 100w"): the browser picks among candidates by
// density, and of equal ones always the first.
func SrcsetURLs(srcset string) []string {
	var urls, seen []string
	for i := 0; ; {
		for i < len(srcset) && (isASCIISpace(srcset[i]) || srcset[i] == ',') {
			i++
		}
		if i == len(srcset) {
			return urls
		}
		start := i
		for i < len(srcset) && !isASCIISpace(srcset[i]) {
			i++
		}
		u := srcset[start:i]
		var descs []string
		if strings.HasSuffix(u, ",") {
			u = strings.TrimRight(u, ",")
		} else {
			descs, i = srcsetDescriptors(srcset, i)
		}
		if key, ok := descriptorKey(descs); ok && !slices.Contains(seen, key) {
			urls, seen = append(urls, u), append(seen, key)
		}
	}
}

// isASCIISpace is HTML's ASCII white space, which separates srcset candidates
// and a tag's attributes alike.
func isASCIISpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// srcsetDescriptors is the srcset parser's descriptor tokenizer, from s[i:]
// to the comma that ends the candidate (or the end): a descriptor ends at
// white space, except inside parentheses. next is where the next candidate
// starts.
func srcsetDescriptors(s string, i int) (descs []string, next int) {
	for i < len(s) && isASCIISpace(s[i]) {
		i++
	}
	const (
		inDescriptor = iota
		inParens
		afterDescriptor
	)
	state, start := inDescriptor, i
	for ; i < len(s); i++ {
		c := s[i]
		switch state {
		case inDescriptor:
			switch {
			case isASCIISpace(c):
				if i > start {
					descs = append(descs, s[start:i])
				}
				state = afterDescriptor
			case c == ',':
				if i > start {
					descs = append(descs, s[start:i])
				}
				return descs, i + 1
			case c == '(':
				state = inParens
			}
		case inParens:
			if c == ')' {
				state = inDescriptor
			}
		case afterDescriptor:
			if !isASCIISpace(c) {
				state, start = inDescriptor, i
				i-- // read c again as the start of a descriptor
			}
		}
	}
	if state != afterDescriptor && i > start {
		descs = append(descs, s[start:i])
	}
	return descs, i
}

// descriptorKey is the srcset parser's descriptor parser: at most one
// width ("100w", above 0) or density ("1.5x", not negative), a height
// ("50h", above 0) only with a width, nothing else. The key says what the
// browser picks the candidate by: its width ("w100") or its density
// ("x1.5"; none is 1x); a height plays no part.
func descriptorKey(descs []string) (key string, ok bool) {
	key = "x1"
	var w, x, h bool
	for _, d := range descs {
		num := d[:len(d)-1]
		switch d[len(d)-1] {
		case 'w':
			if w || x || !positiveInt(num) {
				return "", false
			}
			w, key = true, "w"+strings.TrimLeft(num, "0")
		case 'x':
			if w || x || h || !validFloat(num) || num[0] == '-' && !zeroFloat(num) {
				return "", false
			}
			density, _ := strconv.ParseFloat(num, 64)
			x, key = true, "x"+strconv.FormatFloat(density+0, 'g', -1, 64) // +0: -0x is 0x
		case 'h':
			if h || x || !positiveInt(num) {
				return "", false
			}
			h = true
		default:
			return "", false
		}
	}
	return key, !h || w
}

// positiveInt is a valid non-negative integer (ASCII digits) that is not 0.
func positiveInt(s string) bool {
	nonzero := false
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		nonzero = nonzero || s[i] != '0'
	}
	return nonzero
}

// validFloat is the HTML Standard's valid floating-point number: "-"?,
// digits and/or "." digits, then an optional exponent. (strconv.ParseFloat
// also takes "1.", "+1", "Inf" and hex, which a browser rejects.)
func validFloat(s string) bool {
	s = strings.TrimPrefix(s, "-")
	intPart := len(s) - len(strings.TrimLeft(s, "0123456789"))
	s = s[intPart:]
	fracPart := 0
	if strings.HasPrefix(s, ".") {
		fracPart = len(s) - 1 - len(strings.TrimLeft(s[1:], "0123456789"))
		if fracPart == 0 {
			return false
		}
		s = s[1+fracPart:]
	}
	if intPart == 0 && fracPart == 0 {
		return false
	}
	if s == "" {
		return true
	}
	if s[0] != 'e' && s[0] != 'E' {
		return false
	}
	s = s[1:]
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// zeroFloat is true for a valid float whose digits are all zero ("-0.0x"
// is 0, not below it).
func zeroFloat(s string) bool {
	m, _, _ := strings.Cut(strings.ToLower(s), "e")
	return strings.Trim(m, "-0.") == ""
}

// ParseRefresh reads a meta refresh's content by the HTML Standard's
// shared declarative refresh steps, as Chromium reads it: a delay, whose
// digits after a "." are ignored ("0.5" is 0 seconds); then white space,
// ";" or "," before the URL, any of them ("0 next.html" refreshes too); then
// "url=" in any case with white space around "=", or the URL alone (so
// start); then a quote, which the last of the same quote ends: the
// Standard ends it at the first, but Chromium, like WebKit before it, at
// the last ("'a.html', 'b.html'" goes to "a.html', 'b.html"), and the gate
// checks what the browser requests. ok is false when the
// content is no refresh: no delay ("-1", "x"), or something else right
// after it ("0x; url=a"). atOnce is a delay of 0 seconds.
func ParseRefresh(content string) (url string, atOnce, ok bool) {
	s := strings.TrimLeft(content, " \t\n\f\r")
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	if digits == 0 && !strings.HasPrefix(s, ".") {
		return "", false, false
	}
	atOnce = strings.Trim(s[:digits], "0") == ""
	s = strings.TrimLeft(s[digits:], "0123456789.")
	if s == "" {
		return "", atOnce, true
	}
	if c := s[0]; c != ';' && c != ',' && !isASCIISpace(c) {
		return "", false, false
	}
	s = strings.TrimLeft(s, " \t\n\f\r")
	if s != "" && (s[0] == ';' || s[0] == ',') {
		s = s[1:]
	}
	s = strings.TrimLeft(s, " \t\n\f\r")
	url = s
	if len(s) >= 3 && strings.EqualFold(s[:3], "url") {
		rest := strings.TrimLeft(s[3:], " \t\n\f\r")
		if strings.HasPrefix(rest, "=") {
			url = strings.TrimLeft(rest[1:], " \t\n\f\r")
		}
	} // "url" without "=": the URL is what follows the separator, "url" included
	if url != "" && (url[0] == '"' || url[0] == '\'') {
		if end := strings.LastIndexByte(url[1:], url[0]); end >= 0 {
			url = url[1 : 1+end]
		} else {
			url = url[1:]
		}
	}
	return url, atOnce, true
}
