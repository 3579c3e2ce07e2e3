// Package docsection holds a generated section of a hand-written document
// (a table between two marker lines) to what the code says it is: a test
// fails when they differ and, run with -update, rewrites the section.
package docsection

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Check compares the lines of file between the marker lines start and end
// (each ending in a newline) with body; with update it writes body there.
// hint says how to rewrite it.
func Check(t *testing.T, file, start, end, body string, update bool, hint string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	doc := string(raw)
	before, rest, found := strings.Cut(doc, start)
	require.True(t, found, "%s has no line %q", file, start)
	_, after, found := strings.Cut(rest, end)
	require.True(t, found, "%s has no line %q after the start", file, end)
	want := before + start + body + end + after
	if update {
		require.NoError(t, os.WriteFile(file, []byte(want), 0o644))
		return
	}
	assert.Equal(t, want, doc, "%s differs from the code: %s", file, hint)
}
