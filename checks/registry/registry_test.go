package registry

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the table of checks in README.md")

const (
	readme     = "../../README.md"
	tableStart = "<!-- checks table: made from checks/registry; go test ./checks/registry -update rewrites it -->\n"
	tableEnd   = "<!-- end of checks table -->\n"
)

// The README's table of checks is the registry's: a check added, renamed
// or given another default fails here until the table is rewritten.
func TestREADMETable(t *testing.T) {
	raw, err := os.ReadFile(readme)
	require.NoError(t, err)
	doc := string(raw)
	before, rest, found := strings.Cut(doc, tableStart)
	require.True(t, found, "README.md has no line %q", tableStart)
	_, after, found := strings.Cut(rest, tableEnd)
	require.True(t, found, "README.md has no line %q after the start", tableEnd)
	want := before + tableStart + MarkdownTable() + tableEnd + after
	if *update {
		require.NoError(t, os.WriteFile(readme, []byte(want), 0o644))
		return
	}
	assert.Equal(t, want, doc, "README.md's table of checks differs from the registry: go test ./checks/registry -update")
}

// Ids are unique, levels valid, flags distinct (former names included).
func TestRegistryIsConsistent(t *testing.T) {
	ids, flags := map[string]bool{}, map[string]bool{}
	for _, c := range All {
		assert.False(t, ids[c.ID], "id %s twice", c.ID)
		ids[c.ID] = true
		_, err := ParseLevel(string(c.Level))
		assert.NoError(t, err, c.ID)
		assert.Contains(t, []string{Links, Markdown, Browser}, c.Command, c.ID)
		assert.NotEmpty(t, c.Meaning, c.ID)
		for _, f := range []string{c.Flag(), c.OldFlag} {
			assert.False(t, f != "" && flags[f], "flag %s twice", f)
			flags[f] = true
		}
	}
}
