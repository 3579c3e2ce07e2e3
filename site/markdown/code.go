package markdown

import (
	"regexp"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// Code blocks are highlighted at build time with chroma, emitting classes
// (not inline colours) so one stylesheet serves both colour modes. The info
// string follows Docusaurus: ```rust title="src/main.rs".
var codeTitle = regexp.MustCompile(`title=(?:"([^"]*)"|'([^']*)'|(\S+))`)

// HighlightFormatter is shared with the command that writes the token stylesheet.
var HighlightFormatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.PreventSurroundingPre(true))

type codeRenderer struct{}

func (codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderFencedCode)
}

func renderFencedCode(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.FencedCodeBlock)
	lang, title := parseInfo(n, src)
	var code strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		code.Write(seg.Value(src))
	}
	_, _ = w.WriteString(`<div class="code-block">`)
	if title != "" {
		_, _ = w.WriteString(`<div class="code-block-title">`)
		_, _ = w.Write(util.EscapeHTML([]byte(title)))
		_, _ = w.WriteString(`</div>`)
	}
	_, _ = w.WriteString(`<pre class="chroma" tabindex="0"`)
	if lang != "" {
		_, _ = w.WriteString(` data-language="` + string(util.EscapeHTML([]byte(lang))) + `"`)
	}
	_, _ = w.WriteString(`><code>`)
	highlight(w, lang, code.String())
	_, _ = w.WriteString("</code></pre></div>\n")
	return ast.WalkSkipChildren, nil
}

func parseInfo(n *ast.FencedCodeBlock, src []byte) (lang, title string) {
	if n.Info == nil {
		return "", ""
	}
	info := string(n.Info.Segment.Value(src))
	if f := strings.Fields(info); len(f) > 0 && !strings.Contains(f[0], "=") {
		lang = f[0]
	}
	if m := codeTitle.FindStringSubmatch(info); m != nil {
		title = m[1] + m[2] + m[3]
	}
	return lang, title
}

// highlight writes code as chroma tokens, or escaped plain text when the
// language is unknown: an unknown fence language must never break a build.
func highlight(w util.BufWriter, lang, code string) {
	lexer := lexers.Get(lang)
	if lang == "" || lexer == nil {
		_, _ = w.Write(util.EscapeHTML([]byte(code)))
		return
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err == nil {
		err = HighlightFormatter.Format(w, chromaStyle, it)
	}
	if err != nil {
		_, _ = w.Write(util.EscapeHTML([]byte(code)))
	}
}

type code struct{}

func (code) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(codeRenderer{}, 1)))
}
