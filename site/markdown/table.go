package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// Tables are GFM's, each in a box that scrolls sideways when the table is
// wider than the page (a phone), so the page itself never does. The box
// is focusable: a keyboard reader can scroll it with the arrow keys.
type tableRenderer struct{}

func (tableRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	gfm := captured{}
	extension.NewTableHTMLRenderer().RegisterFuncs(&gfm)
	table := gfm[extast.KindTable]
	reg.Register(extast.KindTable, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(`<div class="table-scroll" tabindex="0">`)
			return table(w, src, n, entering)
		}
		status, err := table(w, src, n, entering)
		_, _ = w.WriteString("</div>\n")
		return status, err
	})
}

// captured keeps the functions a node renderer registers.
type captured map[ast.NodeKind]renderer.NodeRendererFunc

func (c captured) Register(k ast.NodeKind, f renderer.NodeRendererFunc) { c[k] = f }

type tables struct{}

func (tables) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(tableRenderer{}, 1)))
}
