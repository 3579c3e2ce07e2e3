package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What a page can put into a diagnostic: a terminal title sequence, a
// carriage return that rewrites the line, newlines that start a workflow
// command, a right-to-left override, bytes that are not UTF-8, 1 MB.
var hostile = Diagnostic{Severity: Error, Check: "broken-link", File: "site/evil\x1b]0;pwned\a.html", Line: 3,
	Message: "broken link \"x\": no file answers /x\r" + "checks links: no problems\n::error::fake\n\n## heading \u202eexe.txt \xff",
	Notes:   []string{"note\x1b[2J"}, Href: "/x\x1b" + strings.Repeat("a", 1<<20), Target: "/x\n", Source: "content/a\x1b.md:2"}

func TestEveryFormatEscapesWhatAPageWrites(t *testing.T) {
	for _, format := range []string{FormatText, FormatGitHub, FormatSARIF, FormatJUnit, FormatJSON} {
		var b bytes.Buffer
		require.NoError(t, Write(&b, format, List{hostile}, Summary{Tool: "checks links"}, false))
		out := b.String()
		if format == FormatJSON {
			// JSON is data: the encoding escapes every control, and the href stays whole.
			var got struct{ Diagnostics List }
			require.NoError(t, json.Unmarshal(b.Bytes(), &got))
			assert.Len(t, got.Diagnostics[0].Href, len(hostile.Href))
			assert.NotContains(t, out, "\x1b")
			continue
		}
		for _, r := range out {
			if r != '\n' && (unicode.IsControl(r) || unsafeRune(r)) {
				t.Errorf("%s output holds %U", format, r)
			}
		}
		assert.True(t, utf8.ValidString(out), format)
		switch format {
		case FormatText, FormatGitHub:
			assert.Less(t, len(out), 2000, "%s output shortens the 1 MB href", format)
			assert.LessOrEqual(t, strings.Count(out, "\n"), map[string]int{FormatText: 6, FormatGitHub: 2}[format], format)
		}
	}
	var text bytes.Buffer
	require.NoError(t, Write(&text, FormatText, List{hostile}, Summary{Tool: "checks links"}, false))
	assert.Contains(t, text.String(), `"site/evil\x1b]0;pwned\a.html"`, "a file named as a Go string (names.go)")
	assert.Contains(t, text.String(), `no file answers /x\rchecks links: no problems\n::error::fake\n\n## heading \u202eexe.txt \xff [broken-link]`)
	assert.Contains(t, text.String(), `source: "content/a\x1b.md:2"`)
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain /a b":       "plain /a b",
		"café ünïcode 日本":  "café ünïcode 日本",
		"\t\x00\x7f\u0085": `\t\x00\x7f\u0085`,
		"a\u2028b\u2066c":  `a\u2028b\u2066c`,
		"\xe2\x82":         `\xe2\x82`,
	} {
		assert.Equal(t, want, Printable(in), "%q", in)
	}
}

func TestShortenKeepsHeadAndTail(t *testing.T) {
	href := "/" + strings.Repeat("é", 1000) + "/end"
	got := Shorten(`broken link "` + href + `": no file answers ` + href)
	assert.Less(t, len(got), 500)
	assert.Equal(t, 2, strings.Count(got, "/end"))
	assert.True(t, strings.HasPrefix(got, `broken link "/éé`))
	assert.Contains(t, got, "bytes)…")
	assert.True(t, utf8.ValidString(got))
	assert.Equal(t, "short", Shorten("short"))
	many := strings.Repeat("word ", 10000)
	assert.Less(t, len(Shorten(many)), 2100)
}

// Exactly the characters that can change what a terminal or a reader
// sees are escaped, each range to its last character and no further: C0
// and C1 controls and DEL, the bidirectional marks, embeddings, overrides
// and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and
// the line and paragraph separators.
func TestPrintableEscapesExactlyTheUnsafe(t *testing.T) {
	for r, unsafe := range map[rune]bool{
		0x1f: true, 0x20: false, 0x7e: false, 0x7f: true, 0x9f: true, 0xa0: false,
		0x61b: false, 0x61c: true, 0x61d: false, 0x200d: false, 0x200e: true, 0x200f: true, 0x2010: false,
		0x2027: false, 0x2028: true, 0x2029: true, 0x202a: true, 0x202e: true, 0x202f: false,
		0x2065: false, 0x2066: true, 0x2069: true, 0x206a: false,
	} {
		s := string(r)
		assert.Equal(t, unsafe, Printable(s) != s, "%U", r)
	}
}
