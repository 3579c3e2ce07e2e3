package htmlsite

import (
	"bytes"
	"hash/maphash"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Outline is what a reader sees of a page's structure: its title, its
// headings, and the heading each of its ids stands at. The comparison
// with the last deploy (checks/deploys) reads it to name the page a
// removed URL moved to and the heading a removed id stood at, and a
// deploy record keeps it. It is read only when asked (Site.Outlines,
// ReadOutline): the link check needs none of it.
type Outline struct {
	// Title is the first <title>'s text, as document.title gives it:
	// white space collapsed. A <title> inside <svg> is SVG's, no title
	// of the document.
	Title    string
	H1       string // the first h1's text
	Headings []Heading
	// IDs are the page's ids (and names of <a>) in page order, a repeated
	// one each time it comes, and At, for each, the index in Headings of
	// the heading it stands at (-1 for none): the heading it is on or
	// inside; else the next heading when one comes before any text (a
	// section's id, as Sphinx writes it: <section id><h2>); else the
	// heading before it.
	IDs []string
	At  []int
}

// Heading is one h1…h6 of a page: its level (1…6), its id (its own, else
// the first inside it), its text as a reader sees it (innerText: no
// script's text, a block's words apart; cleanHeading), and where its
// start tag is.
type Heading struct {
	Level     int
	ID, Text  string
	Off       int // byte offset in the document (as decoded, for a page not in UTF-8)
	Line, Col int
}

// Gist is what a suggestion compares of a page (checks/deploys): its
// title, its first h1 and what its headings say, each hashed, in one
// slice (gistTitle, gistH1, then the headings' texts lower-cased, sorted,
// each once; 0 for no title or h1): a page's content in four bytes a
// heading, so that the comparison can hold it for every page of a large
// site. 32 bits are enough: a suggestion compares one old page with each
// new one, and on a site of 50,000 pages a removed page's title matches
// another's by chance once in some 86,000 removed pages (2³²/50,000).
// The hashes are of this process: compare gists of one run.
type Gist []uint32

const (
	gistTitle = iota
	gistH1
	gistHeadings
)

// Gist is the outline's gist.
func (o *Outline) Gist() Gist { return o.appendGist(nil) }

// Gists keeps many pages' gists packed in a few large arrays, where each
// page's own would cost a slice and an allocation rounded up: half again
// as much memory on a 50,000-page site. One a goroutine: Keep is not safe
// for concurrent use.
type Gists struct{ free Gist }

// gistChunk is how many hashes an array of Gists holds.
const gistChunk = 16 << 10

// Keep is the outline's gist, packed after the others kept; a full array
// is left to the gists in it, and a new one started.
func (gs *Gists) Keep(o *Outline) Gist {
	if need := gistHeadings + len(o.Headings); cap(gs.free)-len(gs.free) < need {
		gs.free = make(Gist, 0, max(gistChunk, need))
	}
	g := o.appendGist(gs.free)
	gs.free = gs.free[:len(gs.free)+len(g)]
	return g[:len(g):len(g)]
}

// appendGist appends the outline's gist to dst and returns the gist
// alone, in dst's array when it has room.
func (o *Outline) appendGist(dst Gist) Gist {
	start := len(dst)
	dst = append(dst, textSum(o.Title), textSum(o.H1))
	for _, h := range o.Headings {
		if h.Text != "" {
			dst = append(dst, textSum(strings.ToLower(h.Text)))
		}
	}
	g := dst[start:]
	slices.Sort(g[gistHeadings:])
	return g[:gistHeadings+len(slices.Compact(g[gistHeadings:]))]
}

// textSum is a text's hash, 0 for none.
func textSum(s string) uint32 {
	if s == "" {
		return 0
	}
	return uint32(maphash.String(seed, s)>>32) | 1
}

// Title, H1 and Texts are the hashes of the title, of the first h1 (0
// for none) and of each heading's text, sorted: keys to find pages by.
func (g Gist) Title() uint32 { return g.at(gistTitle) }
func (g Gist) H1() uint32    { return g.at(gistH1) }
func (g Gist) Texts() []uint32 {
	if len(g) < gistHeadings {
		return nil
	}
	return g[gistHeadings:]
}

// Headings is how many headings' texts the page has.
func (g Gist) Headings() int { return max(0, len(g)-gistHeadings) }

// Shared is how many of the page's headings' texts other has.
func (g Gist) Shared(other Gist) int {
	if len(g) < gistHeadings || len(other) < gistHeadings {
		return 0
	}
	n := 0
	for _, h := range g[gistHeadings:] {
		if _, ok := slices.BinarySearch(other[gistHeadings:], h); ok {
			n++
		}
	}
	return n
}

func (g Gist) at(i int) uint32 {
	if i < len(g) {
		return g[i]
	}
	return 0
}

// IDAt is the index in Headings of the heading id stands at (the first
// of a repeated id: where a link to it lands), ok false for an id the
// page does not have.
func (o *Outline) IDAt(id string) (at int, ok bool) {
	for i, x := range o.IDs {
		if x == id {
			return o.At[i], true
		}
	}
	return -1, false
}

// outliner builds a page's Outline while it is read, from the events of
// either reading (scan.go's and the tokenizer's): a start tag, an end
// tag, a run of text, the text of a <title>, an id.
type outliner struct {
	o       *Outline
	open    bool   // the last heading has not ended
	text    []byte // the open heading's text so far, undecoded
	pending int    // how many of the last ids wait for a heading or text
	titled  bool   // the first <title> was seen: later ones are not the document's
}

// outlineStart notes a start tag: a heading opens (closing one still
// open, as the parser does), and the ids waiting stand at it.
func (p *Page) outlineStart(a atom.Atom, t tagAt) {
	ol := &p.ol
	level := headingLevel(a)
	if ol.o == nil || p.template > 0 {
		return
	}
	if level == 0 {
		ol.breakLine(a)
		return
	}
	if ol.open {
		p.outlineEnd(a)
	}
	ol.o.Headings = append(ol.o.Headings, Heading{Level: level, Off: t.off, Line: t.line, Col: t.col})
	ol.open, ol.text = true, ol.text[:0]
	ol.settle(len(ol.o.Headings) - 1)
}

// isTitle tells whether the start tag a is the document's <title>: the
// first, outside <template> and foreign content.
func (p *Page) isTitle(a atom.Atom) bool {
	if a != atom.Title || p.ol.o == nil || p.ol.titled || p.template > 0 || p.foreign > p.foreignObject {
		return false
	}
	p.ol.titled = true
	return true
}

// outlineTitle sets the title from the raw text of the document's
// <title> (isTitle).
func (p *Page) outlineTitle(raw []byte) {
	if t := unescape(raw); collapsed(t) {
		p.ol.o.Title = t
	} else {
		p.ol.o.Title = strings.Join(strings.FieldsFunc(t, isASCIISpaceRune), " ")
	}
}

// outlineEnd notes an end tag: any heading's ends the open heading.
func (p *Page) outlineEnd(a atom.Atom) {
	ol := &p.ol
	if !ol.open {
		return
	}
	if headingLevel(a) == 0 {
		ol.breakLine(a)
		return
	}
	h := &ol.o.Headings[len(ol.o.Headings)-1]
	h.Text = cleanHeading(unescape(ol.text))
	if h.Level == 1 && ol.o.H1 == "" {
		ol.o.H1 = h.Text
	}
	ol.open = false
}

// outlineText notes a run of text outside raw text (a script's, a
// style's): the open heading's, or text the ids waiting stand before.
func (p *Page) outlineText(raw []byte) {
	ol := &p.ol
	switch {
	case ol.o == nil || len(raw) == 0 || p.template > 0:
	case ol.open:
		ol.text = append(ol.text, raw...)
	case ol.pending > 0 && strings.TrimSpace(html.UnescapeString(string(raw))) != "":
		ol.settle(len(ol.o.Headings) - 1)
	}
}

// outlineID notes an id of the page (anchor).
func (p *Page) outlineID(id []byte) {
	ol := &p.ol
	if ol.o == nil {
		return
	}
	at, s := -1, string(id)
	if ol.open {
		at = len(ol.o.Headings) - 1
		if h := &ol.o.Headings[at]; h.ID == "" {
			h.ID = s
		}
	} else {
		ol.pending++
	}
	ol.o.IDs = append(ol.o.IDs, s)
	ol.o.At = append(ol.o.At, at)
}

// breakLine notes a tag of the open heading: a block's start or end
// (or a <br>) parts its text, as a line break does where a reader sees it
// (innerText: <h2>a<p>b</p></h2> reads "a b", not "ab").
func (ol *outliner) breakLine(a atom.Atom) {
	if ol.open && breaksLine(a) {
		ol.text = append(ol.text, ' ')
	}
}

// breaksLine: the element is a block, a list item, a table's part or a
// line break by the HTML Standard's default rendering (its display is
// not inline).
func breaksLine(a atom.Atom) bool {
	switch a {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Br, atom.Center, atom.Dd, atom.Details,
		atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Dt, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer,
		atom.Form, atom.Header, atom.Hgroup, atom.Hr, atom.Legend, atom.Li, atom.Listing, atom.Main, atom.Menu, atom.Nav,
		atom.Ol, atom.P, atom.Pre, atom.Section, atom.Summary, atom.Table, atom.Tbody, atom.Td, atom.Tfoot, atom.Th,
		atom.Thead, atom.Tr, atom.Ul, atom.Caption:
		return true
	}
	return false
}

// settle places the ids waiting at heading at.
func (ol *outliner) settle(at int) {
	for i := len(ol.o.At) - ol.pending; i < len(ol.o.At); i++ {
		ol.o.At[i] = at
	}
	ol.pending = 0
}

// outlineDone ends the outline at the end of the document: a heading
// still open ends there, as the parser ends it.
func (p *Page) outlineDone() {
	if p.ol.o == nil {
		return
	}
	p.outlineEnd(atom.H1)
	p.ol.settle(len(p.ol.o.Headings) - 1)
	p.Outline = p.ol.o
}

// unescape is text with its character references decoded.
func unescape(text []byte) string {
	if bytes.IndexByte(text, '&') < 0 {
		return string(text)
	}
	return html.UnescapeString(string(text))
}

func isASCIISpaceRune(r rune) bool { return r < 0x80 && isASCIISpace(byte(r)) }

func headingLevel(a atom.Atom) int {
	switch a {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	case atom.H6:
		return 6
	}
	return 0
}

// cleanHeading is a heading's text as a reader reads it: white space
// collapsed, without the permalink sign generators append (¶, #, 🔗) or
// the zero-width space Docusaurus puts in its hash link.
func cleanHeading(s string) string {
	if !collapsed(s) || strings.Contains(s, "\u200b") {
		s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\u200b", "")), " ")
	}
	for _, sign := range []string{"¶", "#", "🔗"} {
		s = strings.TrimSpace(strings.TrimSuffix(s, sign))
	}
	return s
}

// collapsed: s is ASCII text with no white space at its ends, none but
// single spaces inside (most headings are): strings.Fields would give
// it back as it is.
func collapsed(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80 || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		}
	}
	return true
}
