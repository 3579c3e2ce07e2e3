package markdown

import (
	"strconv"

	"github.com/gohugoio/hugo-goldmark-extensions/passthrough"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// Math is parsed by Hugo's passthrough extension (it keeps TeX away from the
// emphasis and escape rules) and written out as placeholders that the Node
// half of the build renders with KaTeX: KaTeX is JavaScript, and running it
// once at build time means readers download no math engine. data-line lets
// the build name the source line when KaTeX rejects an expression.
var mathDelimiters = passthrough.Config{
	InlineDelimiters: []passthrough.Delimiters{{Open: "$", Close: "$"}},
	BlockDelimiters:  []passthrough.Delimiters{{Open: "$$", Close: "$$"}},
}

type mathRenderer struct{}

func (r mathRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(passthrough.KindPassthroughInline, r.inline)
	reg.Register(passthrough.KindPassthroughBlock, r.block)
}

func (r mathRenderer) inline(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*passthrough.PassthroughInline)
	if entering {
		tex := stripDelims(n.Segment.Value(src), n.Delimiters)
		r.write(w, "span", "math math-inline", lineOf(src, n.Segment.Start), tex)
	}
	return ast.WalkSkipChildren, nil
}

func (r mathRenderer) block(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*passthrough.PassthroughBlock)
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	var raw []byte
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		raw = append(raw, seg.Value(src)...)
	}
	line := 0
	if n.Lines().Len() > 0 {
		line = lineOf(src, n.Lines().At(0).Start)
	}
	r.write(w, "div", "math math-display", line, stripDelims(raw, n.Delimiters))
	_ = w.WriteByte('\n')
	return ast.WalkSkipChildren, nil
}

func (mathRenderer) write(w util.BufWriter, tag, class string, line int, tex []byte) {
	_, _ = w.WriteString("<" + tag + ` class="` + class + `" data-line="` + strconv.Itoa(line) + `">`)
	_, _ = w.Write(util.EscapeHTML(tex))
	_, _ = w.WriteString("</" + tag + ">")
}

func stripDelims(raw []byte, d *passthrough.Delimiters) []byte {
	s := string(raw)
	if d != nil && len(s) >= len(d.Open)+len(d.Close) {
		s = s[len(d.Open) : len(s)-len(d.Close)]
	}
	return []byte(s)
}

type math struct{}

func (e math) Extend(m goldmark.Markdown) {
	passthrough.New(mathDelimiters).Extend(m)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(mathRenderer{}, 1)))
}

// HasMath reports whether the page holds math, so its record can say that
// the page needs KaTeX's stylesheet.
func (d *Doc) HasMath() bool {
	found := false
	_ = ast.Walk(d.root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		k := n.Kind()
		found = k == passthrough.KindPassthroughInline || k == passthrough.KindPassthroughBlock
		if found {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}
