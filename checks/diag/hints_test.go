package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A hint is said once per run in every format, however many diagnostics
// it explains, with the page-made text in it escaped as the format needs.
func TestHintsOnceInEveryFormat(t *testing.T) {
	var l List
	for _, page := range []string{"a.html", "b.html", "c.html"} {
		l = append(l, Diagnostic{Severity: Error, Check: "broken-link", File: page, Line: 1, Message: `broken link "/blog": no file answers /blog`, Target: "/blog"})
	}
	hint := Hint{Check: "broken-link", Target: "/blog\x1b", Count: 3, Message: "/blog\x1b is broken on 3 pages: probably in the navbar or footer"}
	sum := Summary{Tool: "checks links", Pages: 3, Links: 3, Errors: 3, Hints: []Hint{hint}}
	out := func(format string) string {
		var b bytes.Buffer
		require.NoError(t, Write(&b, format, l, sum, false))
		return b.String()
	}
	const escaped = `/blog\x1b is broken on 3 pages: probably in the navbar or footer`

	text := out(FormatText)
	assert.Equal(t, 1, strings.Count(text, "navbar"), text)
	assert.Contains(t, text, "\n\nhint: "+escaped+"\n\nchecks links: 3 pages", "after the list, before the summary line")

	gh := out(FormatGitHub)
	assert.Equal(t, 1, strings.Count(gh, "navbar"), gh)
	assert.Contains(t, gh, "\n::notice title=broken-link hint::"+escaped+"\n", "one notice, on no file")

	js := out(FormatJSON)
	assert.Equal(t, 1, strings.Count(js, "navbar"), js)
	var run Run
	require.NoError(t, json.Unmarshal([]byte(js), &run))
	assert.Equal(t, []Hint{hint}, run.Summary.Hints, "JSON keeps every byte (escaped by the encoding)")
	assert.Contains(t, js, `"hints": [`)

	junit := out(FormatJUnit)
	assert.Equal(t, 1, strings.Count(junit, "navbar"), junit)
	assert.Contains(t, junit, "<system-out>hint: "+escaped+"&#xA;</system-out>", "one line each (a newline, as XML escapes it)")

	sarif := out(FormatSARIF)
	assert.Equal(t, 1, strings.Count(sarif, "navbar"), sarif)
	var log struct {
		Runs []struct {
			Properties struct{ Hints []Hint } `json:"properties"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(sarif), &log))
	require.Len(t, log.Runs, 1)
	assert.Equal(t, escaped, log.Runs[0].Properties.Hints[0].Message)
}

// A run without hints writes none of their places: no "hints" key, no
// empty system-out, no property bag.
func TestNoHintsNoTrace(t *testing.T) {
	l := List{{Severity: Error, Check: "broken-link", File: "a.html", Message: "m"}}
	for _, format := range []string{FormatText, FormatGitHub, FormatJSON, FormatJUnit, FormatSARIF} {
		var b bytes.Buffer
		require.NoError(t, Write(&b, format, l, Summary{Tool: "checks links"}, false))
		for _, trace := range []string{"hint", "system-out", "properties"} {
			assert.NotContains(t, b.String(), trace, format)
		}
	}
}
