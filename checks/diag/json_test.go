package diag

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Severities read in JSON by name, and results files from before the names
// (numbers) still load.
func TestSeverityInJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, FormatJSON, List{{Severity: Warning, Check: "broken-anchor", Message: "m"}}, Summary{}, false))
	assert.Contains(t, b.String(), `"severity": "warning"`)

	var run Run
	require.NoError(t, json.Unmarshal(b.Bytes(), &run))
	assert.Equal(t, Warning, run.Diagnostics[0].Severity)

	for in, want := range map[string]Severity{`"error"`: Error, `"info"`: Info, `2`: Error, `0`: Info} {
		var s Severity
		require.NoError(t, json.Unmarshal([]byte(in), &s), in)
		assert.Equal(t, want, s, in)
	}
	for _, bad := range []string{`"fatal"`, `3`, `-1`, `true`} {
		var s Severity
		assert.ErrorContains(t, json.Unmarshal([]byte(bad), &s), `want "error", "warning" or "info"`, bad)
	}
}

// The streamed JSON is byte for byte what encoding/json's indenting encoder
// writes for the whole value, empty lists and escaped markup included.
func TestJSONIsTheEncodersJSON(t *testing.T) {
	l := List{{Severity: Error, Check: "broken-link", File: "a.html", Line: 3, Message: `broken link "<x>&amp;"`, Href: "<x>", Notes: []string{"n1", "n2"}},
		{Severity: Info, Check: "unreadable", Message: "m\u2028\x1b"}}
	sum := Summary{Tool: "checks links", Pages: 2, Links: 3, Errors: 1,
		Hints: []Hint{{Check: "broken-link", Message: "/x <a> is broken on 5 pages", Count: 5, Target: "/x"}}}
	encoded := func(v any) string {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		require.NoError(t, enc.Encode(v))
		return b.String()
	}
	for _, run := range []Run{{l, sum}, {List{}, sum}} {
		var got bytes.Buffer
		require.NoError(t, Write(&got, FormatJSON, run.Diagnostics, run.Summary, false))
		assert.Equal(t, encoded(run), got.String())
	}
	for _, res := range []Results{{Runs: []Run{{l, sum}, {List{}, sum}}, Summary: sum}, {Runs: []Run{}, Summary: sum}} {
		var got bytes.Buffer
		require.NoError(t, WriteResults(&got, res))
		assert.Equal(t, encoded(res), got.String())
	}
}
