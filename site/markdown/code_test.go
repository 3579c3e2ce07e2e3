package markdown

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFenceMeta(t *testing.T) {
	for _, c := range []struct {
		info string
		want FenceMeta
	}{
		{"", FenceMeta{}},
		{"rust", FenceMeta{Lang: "rust"}},
		{`rust title="src/main.rs"`, FenceMeta{Lang: "rust", Title: "src/main.rs"}},
		{`rust {1,3-5} title="a b.rs"`, FenceMeta{Lang: "rust", Title: "a b.rs", Highlight: []LineRange{{1, 1}, {3, 5}}}},
		{`rust title='x' {2}`, FenceMeta{Lang: "rust", Title: "x", Highlight: []LineRange{{2, 2}}}},
		{"rust{ 2 - 4 ,6 }", FenceMeta{Lang: "rust", Highlight: []LineRange{{2, 4}, {6, 6}}}},
		{"{1}", FenceMeta{Highlight: []LineRange{{1, 1}}}},
		{"title=bare.sh", FenceMeta{Title: "bare.sh"}},
		{`text title="circuit for y = x^3 + 4x + 3"`, FenceMeta{Lang: "text", Title: "circuit for y = x^3 + 4x + 3"}},
	} {
		got, problems := ParseFenceMeta(c.info, 10)
		assert.Empty(t, problems, c.info)
		assert.Equal(t, c.want, got, c.info)
	}
}

func TestParseFenceMetaProblems(t *testing.T) {
	for info, want := range map[string]string{
		"rust {12}":            "line highlight {12}: line 12 is past the end of the block, which has 10 lines",
		"rust {5-3}":           `line highlight {5-3}: "5-3" is not a range of lines (lines start at 1, ranges go up)`,
		"rust {0}":             `line highlight {0}: "0" is not a range of lines (lines start at 1, ranges go up)`,
		"rust {a}":             `line highlight {a}: "a" is not a line number or a range like 3-5`,
		"rust {1,}":            `line highlight {1,}: "" is not a line number or a range like 3-5`,
		"rust {1":              `line highlight "{1" is not closed with }`,
		`rust title="open`:     `title "open is not closed with "`,
		"rust title=":          `empty title: write title="…"`,
		`rust titel="x"`:       `unknown code block metadata "titel=\"x\"": a fence takes a language, then {line ranges} and title="…"`,
		"rust showLineNumbers": `unknown code block metadata "showLineNumbers": a fence takes a language, then {line ranges} and title="…"`,
		"rust {1} {2}":         "two line highlights: list every line in one {…}, e.g. {1,3-5}",
		"rust title=a title=b": "two titles on one code block",
	} {
		_, problems := ParseFenceMeta(info, 10)
		assert.Equal(t, []string{want}, problems, info)
	}
}

// A page with bad fence metadata still parses, with an error at the fence's line.
func TestFenceProblemsNameTheLine(t *testing.T) {
	src := "---\ntitle: T\n---\n\nText.\n\n```rust {3}\nfn main() {}\n```\n"
	doc, diags := Parse("page.md", []byte(src))
	require.NotNil(t, doc)
	require.Len(t, diags, 1)
	assert.Equal(t, "page.md:7: error: line highlight {3}: line 3 is past the end of the block, which has 1 line [code-block]", strings.TrimSpace(diags.Error()))
}

// The copied text is the code: highlighting adds markup, never characters.
func TestHighlightKeepsTheText(t *testing.T) {
	src := "```rust {1-2,4}\nuse a;\n\nfn main() { let x = \"<&>\"; }\n}\n```\n"
	doc, _ := Parse("a.md", []byte(src))
	html, _, err := doc.Render(nil)
	require.NoError(t, err)
	code := string(html)
	code = code[strings.Index(code, "<code>")+len("<code>") : strings.Index(code, "</code>")]
	assert.Equal(t, 4, strings.Count(code, `<span class="line`))
	assert.Equal(t, 3, strings.Count(code, `line-highlighted`))
	text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(code, "")
	text = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`).Replace(text)
	assert.Equal(t, "use a;\n\nfn main() { let x = \"<&>\"; }\n}\n", text)
}
