// Package markdown is the site's markdown pipeline: the compiler parses and
// renders every page with it. Heading ids and links are read from the tree by
// checks/mdscan, the reader `checks markdown` uses, so the build and the gate
// agree on both.
package markdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// Heading is one heading of a page with its final id.
type Heading struct {
	Level int    `json:"level"`
	ID    string `json:"id"`
	Text  string `json:"value"`
	Line  int    `json:"-"`
}

// Link is one link or image destination, placed at its '[' or '!'.
type Link = mdscan.Link

// Doc is a parsed page: front matter, headings and links, and the AST for rendering.
type Doc struct {
	File     string
	Front    FrontMatter
	Headings []Heading
	Links    []Link
	src      []byte
	root     ast.Node
}

var md = goldmark.New(
	// GFM, with its task lists as GitHub reads them (mdscan.TaskList).
	goldmark.WithExtensions(extension.Linkify, extension.Table, extension.Strikethrough, mdscan.TaskList, admonitions{}, math{}, code{}, tables{}),
	goldmark.WithParserOptions(parser.WithHeadingAttribute()),
	// Content is written by the docs team, so raw HTML (<details>, <br>) is allowed.
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// Parse reads one markdown file: front matter, then the body. Heading ids are
// assigned here, so every caller sees the ids the rendered page will have.
// A page with invalid code block metadata is returned with its errors.
func Parse(file string, src []byte) (*Doc, diag.List) {
	fm, body, d := SplitFrontMatter(file, src)
	if d != nil {
		return nil, diag.List{*d}
	}
	root := md.Parser().Parse(text.NewReader(body))
	doc := &Doc{File: file, Front: fm, src: body, root: root}
	read := mdscan.Read(root, body) // also writes each heading's id into the tree
	for _, h := range read.Headings {
		doc.Headings = append(doc.Headings, Heading{Level: h.Level, ID: h.ID, Text: h.Text, Line: h.Line})
	}
	doc.Links = read.Links
	return doc, checkFences(file, root, body)
}

// Render writes the page body as HTML. rewrite, when not nil, is called for
// every link and image destination and may replace it. hrefs are d.Links as
// the HTML names them: rewritten, and escaped as the renderer escapes them,
// so a problem the gate finds on the built page maps back to its line.
func (d *Doc) Render(rewrite func(dest string) string) (html []byte, hrefs []Link, err error) {
	// The walk visits links in the order mdscan.Read listed them in d.Links.
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		var dest *[]byte
		switch n := n.(type) {
		case *ast.Link:
			dest = &n.Destination
		case *ast.Image:
			dest = &n.Destination
		}
		if dest == nil || !entering {
			return ast.WalkContinue, nil
		}
		if rewrite != nil {
			*dest = []byte(rewrite(string(*dest)))
		}
		if i := len(hrefs); i < len(d.Links) {
			l := d.Links[i]
			l.Dest = string(util.URLEscape(*dest, true))
			hrefs = append(hrefs, l)
		}
		return ast.WalkContinue, nil
	})
	var buf bytes.Buffer
	err = md.Renderer().Render(&buf, d.src, d.root)
	return buf.Bytes(), hrefs, err
}

// TOC returns the headings the table of contents shows: levels 2 and 3.
func (d *Doc) TOC() []Heading {
	toc := []Heading{}
	for _, h := range d.Headings {
		if h.Level == 2 || h.Level == 3 {
			toc = append(toc, h)
		}
	}
	return toc
}

// HasID reports whether the page defines the anchor id (a heading id).
func (d *Doc) HasID(id string) bool {
	for _, h := range d.Headings {
		if h.ID == id {
			return true
		}
	}
	return false
}
