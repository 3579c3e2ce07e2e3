package markdown

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Admonitions are Docusaurus-style callouts:
//
//	:::warning Optional title
//	Body, parsed as markdown.
//	:::
var admonitionOpen = regexp.MustCompile(`^:::(note|tip|info|warning|danger|caution)(?:[ \t]+(.*?))?[ \t]*$`)

// KindAdmonition is the AST kind of an admonition block.
var KindAdmonition = ast.NewNodeKind("Admonition")

// Admonition is a callout box with a type (note, tip, …) and an optional title.
type Admonition struct {
	ast.BaseBlock
	Variant string
	Title   string
}

func (n *Admonition) Kind() ast.NodeKind { return KindAdmonition }

func (n *Admonition) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Variant": n.Variant, "Title": n.Title}, nil)
}

type admonitionParser struct{}

func (admonitionParser) Trigger() []byte { return []byte{':'} }

func (admonitionParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	m := admonitionOpen.FindSubmatch(bytes.TrimRight(line, "\r\n"))
	if m == nil {
		return nil, parser.NoChildren
	}
	reader.Advance(len(line) - 1)
	return &Admonition{Variant: string(m[1]), Title: strings.TrimSpace(string(m[2]))}, parser.HasChildren
}

func (admonitionParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if strings.TrimSpace(string(line)) == ":::" {
		reader.Advance(len(line) - 1)
		return parser.Close
	}
	return parser.Continue | parser.HasChildren
}

func (admonitionParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {}
func (admonitionParser) CanInterruptParagraph() bool                                { return true }
func (admonitionParser) CanAcceptIndentedLine() bool                                { return false }

type admonitionRenderer struct{}

func (admonitionRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindAdmonition, renderAdmonition)
}

func renderAdmonition(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Admonition)
	if !entering {
		_, _ = w.WriteString("</div></div>\n")
		return ast.WalkContinue, nil
	}
	title := n.Title
	if title == "" {
		title = strings.ToUpper(n.Variant[:1]) + n.Variant[1:]
	}
	_, _ = w.WriteString(`<div class="admonition admonition-` + n.Variant + `" role="note"><p class="admonition-title">`)
	_, _ = w.Write(util.EscapeHTML([]byte(title)))
	_, _ = w.WriteString("</p><div class=\"admonition-content\">\n")
	return ast.WalkContinue, nil
}

type admonitions struct{}

func (admonitions) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithBlockParsers(util.Prioritized(admonitionParser{}, 150)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(admonitionRenderer{}, 1)))
}
