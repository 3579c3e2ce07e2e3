package diag

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A problem's column reaches every format that has a place for one; a
// problem located at its markdown source keeps the built page's column
// out of the source's place (github), and in the page's (sarif).
func TestEveryFormatPlacesTheColumn(t *testing.T) {
	d := Diagnostic{Severity: Error, Check: "broken-link", File: "site/index.html", Line: 1, Col: 190, Message: `broken link "/gone/"`,
		Notes: []string{`…<a href="/gone/">Gone</a>…`}}
	out := func(format string, d Diagnostic) string {
		var b bytes.Buffer
		require.NoError(t, Write(&b, format, List{d}, Summary{Tool: "checks links"}, false))
		return b.String()
	}
	assert.Contains(t, out(FormatText, d), "  1:190  error   broken link \"/gone/\" [broken-link]\n         note: …<a href=\"/gone/\">Gone</a>…\n")
	assert.Contains(t, out(FormatGitHub, d), "::error file=site/index.html,line=1,col=190,title=broken-link::")
	assert.Contains(t, out(FormatSARIF, d), "\"startLine\": 1,\n                  \"startColumn\": 190\n")
	assert.Contains(t, out(FormatJSON, d), "\"line\": 1,\n      \"col\": 190,\n")
	assert.Contains(t, out(FormatJUnit, d), `name="site/index.html:1:190 "`)

	d.Source = "docs/guide.md:7"
	assert.Contains(t, out(FormatGitHub, d), "::error file=docs/guide.md,line=7,title=broken-link::")
	assert.Contains(t, out(FormatSARIF, d), "\"startLine\": 1,\n                  \"startColumn\": 190\n", "the page, a related location")

	// A source the gate read itself (checks all) knows the markdown link's
	// column too: the annotation opens on the link's "[".
	d.Source = "docs/guide.md:7:12"
	assert.Contains(t, out(FormatGitHub, d), "::error file=docs/guide.md,line=7,col=12,title=broken-link::")
	assert.Contains(t, out(FormatSARIF, d), "\"uri\": \"docs/guide.md\"\n                },\n                \"region\": {\n                  \"startLine\": 7,\n                  \"startColumn\": 12\n")
	assert.Contains(t, out(FormatText, d), "         source: docs/guide.md:7:12\n")
}

// Every format lists a file's problems by place: line, then column, then
// message.
func TestProblemsInOrderOfPlace(t *testing.T) {
	l := List{
		{Severity: Error, Check: "c", File: "b.html", Line: 1, Message: "b"},
		{Severity: Error, Check: "c", File: "a.html", Line: 10, Col: 1, Message: "x"},
		{Severity: Error, Check: "c", File: "a.html", Line: 9, Col: 3, Message: "x"},
		{Severity: Error, Check: "c", File: "a.html", Line: 9, Col: 2, Message: "y"},
		{Severity: Error, Check: "c", File: "a.html", Line: 9, Col: 2, Message: "x"},
	}
	l.Sort()
	var got []string
	for _, d := range l {
		got = append(got, fmt.Sprintf("%s:%d:%d %s", d.File, d.Line, d.Col, d.Message))
	}
	assert.Equal(t, []string{"a.html:9:2 x", "a.html:9:2 y", "a.html:9:3 x", "a.html:10:1 x", "b.html:1:0 b"}, got)
}
