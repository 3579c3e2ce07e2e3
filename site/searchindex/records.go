// Package search turns compiled pages into search records in the DocSearch
// shape (hierarchy lvl0-lvl6, content, type, url), the records a DocSearch
// crawler would have scraped from the built site. They feed the offline
// index the site ships, and could be pushed as-is to a hosted index.
package searchindex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Language is the language facet of every record: the site's only locale.
const Language = "en"

// DefaultTag is the version facet of pages outside any docs version, the
// tag Docusaurus gives them; contextual search always includes it.
const DefaultTag = "default"

// VersionTag is the version facet of a docs version, in Docusaurus's form.
func VersionTag(pluginID, version string) string {
	return "docs-" + pluginID + "-" + version
}

// Page is what the records of one page are built from.
type Page struct {
	URL     string // route, e.g. /api/zkvm/install
	Section string // lvl0: the top sidebar category, or the site section
	Title   string // lvl1
	Tag     string // version facet (docusaurus_tag)
}

// Hierarchy is lvl0 to lvl6; an empty level is null in JSON, as in DocSearch.
type Hierarchy [7]string

// MarshalJSON writes {"lvl0": …, …, "lvl6": …} with null for empty levels.
func (h Hierarchy) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"lvl%d":`, i)
		if v == "" {
			b.WriteString("null")
			continue
		}
		s, _ := json.Marshal(v)
		b.Write(s)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Record is one search record. Type is "lvl1".."lvl6" for a heading (its
// text is in the hierarchy) or "content" for a block of text under one.
type Record struct {
	ObjectID  string    `json:"objectID"`
	Hierarchy Hierarchy `json:"hierarchy"`
	Content   *string   `json:"content"`
	Type      string    `json:"type"`
	URL       string    `json:"url"`
	Language  string    `json:"language"`
	Tag       string    `json:"docusaurus_tag"`
}

// Records lists the records of one page from its rendered HTML body: one
// for the page, one per heading h2-h6, one per block of text (paragraph,
// list item, table row, code block, definition), each pointing at the
// nearest heading above it.
func Records(p Page, body []byte) ([]Record, error) {
	nodes, err := html.ParseFragment(bytes.NewReader(body), &html.Node{Type: html.ElementNode, DataAtom: atom.Body, Data: "body"})
	if err != nil {
		return nil, fmt.Errorf("search records of %s: %w", p.URL, err)
	}
	b := &builder{page: p, level: 1}
	b.h[0], b.h[1] = p.Section, p.Title
	b.add("lvl1", "")
	for _, n := range nodes {
		b.walk(n)
	}
	return b.records, nil
}

type builder struct {
	page    Page
	h       Hierarchy
	level   int    // level of the nearest heading above
	anchor  string // its id
	records []Record
}

func (b *builder) add(typ, content string) {
	r := Record{ObjectID: fmt.Sprintf("%s:%d", b.page.URL, len(b.records)), Hierarchy: b.h, Type: typ,
		URL: b.page.URL, Language: Language, Tag: b.page.Tag}
	if b.anchor != "" {
		r.URL += "#" + b.anchor
	}
	if typ == "content" {
		r.Content = &content
	}
	b.records = append(b.records, r)
}

func (b *builder) heading(level int, id, text string) {
	b.h[level] = text
	for i := level + 1; i < len(b.h); i++ {
		b.h[i] = ""
	}
	b.level, b.anchor = level, id
	b.add(fmt.Sprintf("lvl%d", level), "")
}

func (b *builder) content(text string) {
	if text != "" {
		b.add("content", text)
	}
}

func (b *builder) walk(n *html.Node) {
	if n.Type != html.ElementNode || skipped(n) {
		return
	}
	switch n.DataAtom {
	case atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		b.heading(int(n.Data[1]-'0'), attr(n, "id"), text(n, false))
	case atom.P, atom.Pre, atom.Dt, atom.Dd, atom.Summary, atom.Figcaption:
		b.content(text(n, false))
	case atom.Li:
		// A list item's own words; its nested lists and paragraphs are records of their own.
		b.content(text(n, true))
		b.children(n)
	case atom.Tr:
		b.content(row(n))
	default:
		b.children(n)
	}
}

func (b *builder) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.walk(c)
	}
}

// skipped leaves out what a reader would not search for: math source (the
// page shows typeset formulas, not LaTeX), diagram source (it shows the
// drawing; its caption is searched), code block titles, admonition labels
// ("Tip", "Note"), scripts.
func skipped(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Template:
		return true
	}
	for _, c := range strings.Fields(attr(n, "class")) {
		if c == "math" || c == "diagram-source" || c == "code-block-title" || c == "admonition-title" {
			return true
		}
	}
	return false
}

// row is a table body row's cells joined; header rows are skipped, their
// words say nothing about one row.
func row(tr *html.Node) string {
	var cells []string
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Th {
			return ""
		}
		if c.DataAtom == atom.Td {
			if t := text(c, false); t != "" {
				cells = append(cells, t)
			}
		}
	}
	return strings.Join(cells, " — ")
}

// text is the visible text of n with whitespace collapsed. With ownOnly,
// block children (nested lists, paragraphs, code) are left out.
func text(n *html.Node, ownOnly bool) string {
	var b strings.Builder
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
			case c.Type != html.ElementNode || skipped(c), ownOnly && isBlock(c):
			default:
				visit(c)
				if c.DataAtom == atom.Br {
					b.WriteByte(' ')
				}
			}
		}
	}
	visit(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func isBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.P, atom.Pre, atom.Div, atom.Table, atom.Blockquote, atom.Dl:
		return true
	}
	return false
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
