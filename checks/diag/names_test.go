package diag

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each name as the text formats write it, and as the JSON holds it: only
// a name that needs it is quoted, and a quoted one always starts with ".
var names = []struct{ name, text, json string }{
	{"site/café.html", "site/café.html", "site/café.html"},
	{"site/caf\xe9.html", `"site/caf\xe9.html"`, `"site/caf\xe9.html"`}, // latin-1: not UTF-8
	{`site/caf\xe9.html`, `site/caf\xe9.html`, `site/caf\xe9.html`},     // a real backslash: as it is
	{`"q".md`, `"\"q\".md"`, `"\"q\".md"`},                              // starts with a quote: quoted, or it would read as one
	{"a\nb.md", `"a\nb.md"`, "a\nb.md"},                                 // JSON escapes the newline itself
	{"rtl\u202e.md", `"rtl\u202e.md"`, "rtl\u202e.md"},
}

func TestNamesInText(t *testing.T) {
	for _, n := range names {
		assert.Equal(t, n.text, Name(n.name), "%q", n.name)
		assert.Equal(t, n.name, ParseName(n.text), "%q", n.name)
	}
}

// The JSON keeps every file name, byte for byte, through checks report's
// reader, and is valid UTF-8 with no U+FFFD standing for a byte.
func TestNamesInJSONRoundTrip(t *testing.T) {
	for _, n := range names {
		d := Diagnostic{Severity: Error, Check: "broken-link", File: n.name, Source: n.name + ":2", Target: n.name, Message: "m"}
		var b bytes.Buffer
		require.NoError(t, Write(&b, FormatJSON, List{d}, Summary{Tool: "checks links"}, false))
		assert.True(t, utf8.Valid(b.Bytes()))
		assert.NotContains(t, b.String(), "\ufffd")
		var raw struct{ Diagnostics []map[string]any }
		require.NoError(t, json.Unmarshal(b.Bytes(), &raw))
		assert.Equal(t, n.json, raw.Diagnostics[0]["file"], "%q", n.name)

		var got Run
		require.NoError(t, json.Unmarshal(b.Bytes(), &got))
		assert.Equal(t, d, got.Diagnostics[0], "%q", n.name)
		again, err := json.Marshal(got.Diagnostics[0])
		require.NoError(t, err)
		assert.Contains(t, string(again), strings.TrimSuffix(strings.TrimPrefix(string(mustJSON(t, n.json)), `"`), `"`))
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// SARIF names a file by a URI, which holds any bytes: percent-encoded.
func TestSARIFNamesAFileByItsBytes(t *testing.T) {
	var b bytes.Buffer
	d := Diagnostic{Severity: Error, Check: "broken-link", File: "site/caf\xe9 x.html", Line: 1, Message: "m"}
	require.NoError(t, Write(&b, FormatSARIF, List{d}, Summary{Tool: "checks links"}, false))
	assert.Contains(t, b.String(), `"uri": "site/caf%E9%20x.html"`)
}

// GitHub reads an annotation's properties up to a comma and its message
// after "::": a file name's "," "%" and ":" are escaped where they would
// end or change a property, and the message's "%" is escaped too (a
// "%0A" in it would otherwise become a new line).
func TestGitHubAnnotationEscapesItsSeparators(t *testing.T) {
	var b bytes.Buffer
	d := Diagnostic{Severity: Error, Check: "markdown-link", File: "docs/a,b%c:d.md", Line: 3, Col: 1, Message: "50% done, 100%0A ok"}
	require.NoError(t, Write(&b, FormatGitHub, List{d}, Summary{Tool: "checks markdown"}, false))
	assert.Equal(t, "::error file=docs/a%2Cb%25c%3Ad.md,line=3,col=1,title=markdown-link::50%25 done, 100%250A ok\n",
		strings.SplitAfter(b.String(), "\n")[0])
}

// GitHub attaches an annotation to the file its file= names, byte for
// byte, and reads the command as text: a name that is not UTF-8, or holds
// a control or bidirectional character, cannot be attached, and printed
// as it is would reach the log unescaped. Its annotation is the run's,
// and the message starts with the name as the text format quotes it and
// the place (testdata/diag/github.txt). A source's ":line:col" stays the
// place, not part of the name.
func TestGitHubAnnotationOfAFileItCannotName(t *testing.T) {
	l := List{
		{Severity: Error, Check: "markdown-link", File: "docs/a,b.md", Line: 3, Col: 1, Message: `broken link "x.md": no such file`},
		{Severity: Error, Check: "broken-link", File: "site/x.html", Line: 9, Col: 2, Source: "content/a\x1b.md:2:5", Message: `broken link "/gone": no file answers /gone`},
		{Severity: Error, Check: "markdown-link", File: `"q".md`, Line: 4, Message: `broken link "y.md": no such file`},
		{Severity: Warning, Check: "markdown-anchor", File: "rtl\u202e.md", Line: 7, Message: `no heading "#z"`},
		{Severity: Error, Check: "broken-link", File: "site/caf\xe9.html", Line: 1, Col: 190, Message: `broken link "/x": no file answers /x`},
		{Severity: Error, Check: "broken-link", File: "site/tab\t%.html", Message: `broken link "/y": no file answers /y`},
	}
	var b bytes.Buffer
	require.NoError(t, Write(&b, FormatGitHub, l, Summary{Tool: "checks links", Pages: 3, Links: 9, Errors: 5, Warnings: 1}, false))
	want, err := os.ReadFile("../../testdata/diag/github.txt")
	require.NoError(t, err)
	assert.Equal(t, string(want), b.String())
}
