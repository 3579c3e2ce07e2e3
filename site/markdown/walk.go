package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// assignHeadingIDs gives every heading an id: the explicit {#id} when there
// is one, otherwise a GitHub-style slug of its text, unique in the document.
func assignHeadingIDs(root ast.Node, src []byte) []Heading {
	slugger := mdscan.NewSlugger()
	var headings []Heading
	var pending []*ast.Heading
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			if id, ok := h.AttributeString("id"); ok {
				slugger.Reserve(string(id.([]byte)))
			}
			pending = append(pending, h)
		}
		return ast.WalkContinue, nil
	})
	for _, h := range pending {
		text := plainText(h, src)
		id, explicit := h.AttributeString("id")
		var value string
		if explicit {
			value = string(id.([]byte))
		} else {
			value = slugger.Unique(text)
			h.SetAttributeString("id", []byte(value))
		}
		headings = append(headings, Heading{Level: h.Level, ID: value, Text: text, Line: blockLine(h, src)})
	}
	return headings
}

// plainText is the visible text of an inline tree (code spans and link text included).
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// collectLinks lists link and image destinations with the line they are on.
func collectLinks(root ast.Node, src []byte) []Link {
	var links []Link
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			links = append(links, newLink(string(l.Destination), n, src, false))
		case *ast.Image:
			links = append(links, newLink(string(l.Destination), n, src, true))
		}
		return ast.WalkContinue, nil
	})
	return links
}

// newLink locates an inline node. goldmark keeps no position on links, so the
// position of the first text inside it stands in (the link text's start,
// one or two columns past the bracket), else the start of its block.
func newLink(dest string, n ast.Node, src []byte, image bool) Link {
	off := inlineOffset(n)
	if off < 0 {
		return Link{Dest: dest, Line: blockLine(n, src), Image: image}
	}
	return Link{Dest: dest, Line: lineOf(src, off), Col: colOf(src, off), Image: image}
}

func inlineOffset(n ast.Node) int {
	off := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering && off < 0 {
			off = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return off
}

// blockLine is the first line of the nearest block that records its lines.
func blockLine(n ast.Node, src []byte) int {
	for ; n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			return lineOf(src, n.Lines().At(0).Start)
		}
	}
	return 0
}
