package markdown

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/site/buildcheck"
)

// Code blocks are highlighted at build time with chroma, emitting classes
// (not inline colours) so one stylesheet serves both colour modes. The info
// string is the language, then metadata in any order (see FenceMeta):
//
//	```rust {1,3-5} title="src/main.rs"

// HighlightFormatter is shared with the command that writes the token stylesheet.
var HighlightFormatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.PreventSurroundingPre(true))

// CopyLabel is the accessible name of every code block's copy button; the
// app announces "Copied" in a live region when it has copied.
const CopyLabel = "Copy code to clipboard"

// copyButton is in the prerendered HTML, so the block never moves when the
// app starts; the stylesheet keeps it invisible until the app can copy, and
// draws its icon (no markup repeated on every block).
const copyButton = `<button type="button" class="copy-button" aria-label="` + CopyLabel + `" title="Copy"></button>`

// FenceMeta is what a fence's info string says about its block: the
// language (the first word), a title (title="…", title='…' or title=word)
// and the lines to highlight ({1,3-5}: 1-based lines and inclusive ranges).
type FenceMeta struct {
	Lang      string
	Title     string
	Highlight []LineRange
}

// LineRange is an inclusive range of 1-based lines.
type LineRange struct{ From, To int }

// Highlighted reports whether line (1-based) is in one of the ranges.
func (m FenceMeta) Highlighted(line int) bool {
	for _, r := range m.Highlight {
		if line >= r.From && line <= r.To {
			return true
		}
	}
	return false
}

// ParseFenceMeta reads a fence's info string. lines is the number of lines
// in the block, so a range past its end is an error: the author meant other
// lines. Every problem is returned; the metadata read so far is still usable.
func ParseFenceMeta(info string, lines int) (FenceMeta, []string) {
	var m FenceMeta
	var problems []string
	rest := strings.TrimSpace(info)
	if end := strings.IndexAny(rest, " \t{"); rest != "" && end != 0 {
		if end < 0 {
			end = len(rest)
		}
		if !strings.Contains(rest[:end], "=") {
			m.Lang, rest = rest[:end], strings.TrimSpace(rest[end:])
		}
	}
	seenTitle, seenLines := false, false
	for rest != "" {
		switch {
		case rest[0] == '{':
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				problems = append(problems, fmt.Sprintf("line highlight %q is not closed with }", rest))
				return m, problems
			}
			if seenLines {
				problems = append(problems, "two line highlights: list every line in one {…}, e.g. {1,3-5}")
			}
			seenLines = true
			ranges, errs := parseRanges(rest[1:end], lines)
			m.Highlight = append(m.Highlight, ranges...)
			problems = append(problems, errs...)
			rest = rest[end+1:]
		case strings.HasPrefix(rest, "title="):
			v, after, err := attrValue(rest[len("title="):])
			if err != "" {
				problems = append(problems, err)
				return m, problems
			}
			if seenTitle {
				problems = append(problems, "two titles on one code block")
			}
			seenTitle = true
			m.Title, rest = v, after
		default:
			word := rest
			if end := strings.IndexAny(rest, " \t"); end >= 0 {
				word = rest[:end]
			}
			problems = append(problems, fmt.Sprintf("unknown code block metadata %q: a fence takes a language, then {line ranges} and title=\"…\"", word))
			rest = rest[len(word):]
		}
		rest = strings.TrimLeft(rest, " \t")
	}
	return m, problems
}

// attrValue reads a quoted or bare value and returns the text after it.
func attrValue(s string) (value, rest, problem string) {
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 {
			return "", "", fmt.Sprintf("title %s is not closed with %c", s, s[0])
		}
		return s[1 : end+1], s[end+2:], ""
	}
	end := strings.IndexAny(s, " \t")
	if end < 0 {
		end = len(s)
	}
	if end == 0 {
		return "", "", `empty title: write title="…"`
	}
	return s[:end], s[end:], ""
}

func parseRanges(spec string, lines int) ([]LineRange, []string) {
	var ranges []LineRange
	var problems []string
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		from, to, isRange := strings.Cut(part, "-")
		a, errA := strconv.Atoi(strings.TrimSpace(from))
		b, errB := a, error(nil)
		if isRange {
			b, errB = strconv.Atoi(strings.TrimSpace(to))
		}
		switch {
		case errA != nil || errB != nil:
			problems = append(problems, fmt.Sprintf("line highlight {%s}: %q is not a line number or a range like 3-5", spec, part))
		case a < 1 || b < a:
			problems = append(problems, fmt.Sprintf("line highlight {%s}: %q is not a range of lines (lines start at 1, ranges go up)", spec, part))
		case b > lines:
			problems = append(problems, fmt.Sprintf("line highlight {%s}: line %d is past the end of the block, which has %s", spec, b, diag.Plural(lines, "line")))
		default:
			ranges = append(ranges, LineRange{a, b})
		}
	}
	return ranges, problems
}

// fenceMeta parses a fenced block's info string; problems were reported by Parse.
func fenceMeta(n *ast.FencedCodeBlock, src []byte) FenceMeta {
	if n.Info == nil {
		return FenceMeta{}
	}
	m, _ := ParseFenceMeta(string(n.Info.Segment.Value(src)), n.Lines().Len())
	return m
}

// checkFences reports the metadata problems of every fenced block, at the fence's line.
func checkFences(file string, root ast.Node, src []byte) diag.List {
	var ds diag.List
	_ = ast.Walk(root, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		n, ok := node.(*ast.FencedCodeBlock)
		if !ok || !entering || n.Info == nil {
			return ast.WalkContinue, nil
		}
		meta, problems := ParseFenceMeta(string(n.Info.Segment.Value(src)), n.Lines().Len())
		if meta.Lang == DiagramLang {
			problems = append(problems, diagramProblems(n, src, meta)...)
		}
		for _, p := range problems {
			ds = append(ds, diag.Diagnostic{Severity: diag.Error, Check: buildcheck.CodeBlock, File: file,
				Line: lineOf(src, n.Info.Segment.Start), Message: p})
		}
		return ast.WalkSkipChildren, nil
	})
	return ds
}

type codeRenderer struct{}

func (codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderFencedCode)
}

// renderFencedCode writes a block as
//
//	<div class="code-block">
//	  <div class="code-block-title">…</div>         (with a title)
//	  <div class="code-block-body"><pre class="chroma" tabindex="0"><code>…</code></pre><button class="copy-button">…</button></div>
//	</div>
//
// With highlighted lines every line is a <span class="line">, the
// highlighted ones also "line-highlighted"; without, the code is as chroma
// writes it. The copy button comes after the code, so it is the next Tab
// stop after the scrollable code. A mermaid block is a diagram (diagram.go).
func renderFencedCode(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.FencedCodeBlock)
	meta := fenceMeta(n, src)
	var code strings.Builder
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		code.Write(seg.Value(src))
	}
	if meta.Lang == DiagramLang {
		writeDiagram(w, lineOf(src, n.Info.Segment.Start), meta.Title, code.String())
		return ast.WalkSkipChildren, nil
	}
	writeCodeBlock(w, "code-block", meta, code.String())
	_ = w.WriteByte('\n')
	return ast.WalkSkipChildren, nil
}

func writeCodeBlock(w util.BufWriter, class string, meta FenceMeta, code string) {
	_, _ = w.WriteString(`<div class="` + class + `">`)
	if meta.Title != "" {
		_, _ = w.WriteString(`<div class="code-block-title">`)
		_, _ = w.Write(util.EscapeHTML([]byte(meta.Title)))
		_, _ = w.WriteString(`</div>`)
	}
	_, _ = w.WriteString(`<div class="code-block-body"><pre class="chroma" tabindex="0"`)
	if meta.Lang != "" {
		_, _ = w.WriteString(` data-language="` + string(util.EscapeHTML([]byte(meta.Lang))) + `"`)
	}
	_, _ = w.WriteString(`><code>`)
	highlight(w, meta, code)
	_, _ = w.WriteString("</code></pre>" + copyButton + "</div></div>")
}

// highlight writes code as chroma tokens, or escaped plain text when the
// language is unknown: an unknown fence language must never break a build.
func highlight(w util.BufWriter, meta FenceMeta, code string) {
	lexer := lexers.Get(meta.Lang)
	var tokens []chroma.Token
	if meta.Lang != "" && lexer != nil {
		it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
		if err == nil {
			tokens = it.Tokens()
		}
	}
	if tokens == nil {
		tokens = []chroma.Token{{Type: chroma.None, Value: code}}
	}
	if len(meta.Highlight) == 0 {
		writeTokens(w, tokens)
		return
	}
	for i, line := range chroma.SplitTokensIntoLines(tokens) {
		if meta.Highlighted(i + 1) {
			_, _ = w.WriteString(`<span class="line line-highlighted">`)
		} else {
			_, _ = w.WriteString(`<span class="line">`)
		}
		writeTokens(w, line)
		_, _ = w.WriteString(`</span>`)
	}
}

// writeTokens writes tokens as chroma's class spans; untyped text is escaped as is.
func writeTokens(w util.BufWriter, tokens []chroma.Token) {
	if len(tokens) == 1 && tokens[0].Type == chroma.None {
		_, _ = w.Write(util.EscapeHTML([]byte(tokens[0].Value)))
		return
	}
	if err := HighlightFormatter.Format(w, chromaStyle, chroma.Literator(tokens...)); err != nil {
		for _, t := range tokens {
			_, _ = w.Write(util.EscapeHTML([]byte(t.Value)))
		}
	}
}

type code struct{}

func (code) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(codeRenderer{}, 1)))
}
