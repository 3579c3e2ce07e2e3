package markdown

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// DiagramLang is the fence language of a diagram: ```mermaid blocks are
// drawn, not shown as code.
const DiagramLang = "mermaid"

// writeDiagram writes a mermaid block as a placeholder that the Node half of
// the build draws as SVG (site/scripts/diagrams.mjs): mermaid lays out text,
// so it needs a browser, and drawing once at build time means readers
// download no diagram engine. The placeholder is a readable page by itself
// (the source as a code block, the title as the caption), which is what
// readers get when the build has no browser to draw with:
//
//	<figure class="diagram" data-line="N"><div class="code-block diagram-source">…</div><figcaption>…</figcaption></figure>
//
// data-line, the fence's line, lets the build name the source line of an
// error; the code is plain escaped text, so the build reads it back exactly.
func writeDiagram(w util.BufWriter, line int, title, source string) {
	_, _ = w.WriteString(`<figure class="diagram" data-line="` + strconv.Itoa(line) + `">`)
	writeCodeBlock(w, "code-block diagram-source", FenceMeta{Lang: DiagramLang}, source)
	if title != "" {
		_, _ = w.WriteString(`<figcaption>`)
		_, _ = w.Write(util.EscapeHTML([]byte(title)))
		_, _ = w.WriteString(`</figcaption>`)
	}
	_, _ = w.WriteString("</figure>\n")
}

// diagramProblems is what is wrong with a mermaid block as written. A
// diagram is a picture, so it needs a text alternative: the fence's title
// (also its caption) or mermaid's own accTitle line. Highlighted lines mean
// nothing in a picture.
func diagramProblems(n *ast.FencedCodeBlock, src []byte, meta FenceMeta) []string {
	var problems []string
	if len(meta.Highlight) > 0 {
		problems = append(problems, "a mermaid diagram has no lines to highlight: remove the {…}")
	}
	if meta.Title == "" && !hasAccTitle(n, src) {
		problems = append(problems, `a mermaid diagram needs a text alternative for readers who cannot see it: add title="…" to the fence (it is also the caption) or an accTitle: line to the diagram`)
	}
	return problems
}

func hasAccTitle(n *ast.FencedCodeBlock, src []byte) bool {
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		if strings.HasPrefix(strings.TrimSpace(string(seg.Value(src))), "accTitle") {
			return true
		}
	}
	return false
}
