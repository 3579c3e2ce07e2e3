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
