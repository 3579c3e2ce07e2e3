package config

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The README shows this site's versions rules as its checks.json has
// them: the example cannot drift from the rules the site is held to.
func TestREADMEShowsThisSitesVersions(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	_, after, ok := strings.Cut(string(readme), "**Versioned docs**")
	require.True(t, ok, "the README's versioned docs section")
	_, block, ok := strings.Cut(after, "```json\n")
	require.True(t, ok)
	block, _, _ = strings.Cut(block, "```")
	var shown, site map[string]any
	require.NoError(t, json.Unmarshal([]byte("{"+block+"}"), &shown), "the README's block")
	raw, err := os.ReadFile("../../checks.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &site))
	for _, key := range []string{"versions", "levels"} {
		assert.Equal(t, site[key], shown[key], key)
	}
}
