package markdown

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The stylesheet carries the code block rule and the token classes the
// rendered code uses, for both colour modes, and nothing else.
func TestHighlightCSSHasOnlyUsedTokens(t *testing.T) {
	src := "```rust\nfn main() { let x = 1; }\n```\n"
	doc, diags := Parse("a.md", []byte(src))
	require.Empty(t, diags)
	html, _, err := doc.Render(func(dest string) string { return dest })
	require.NoError(t, err)
	used := map[string]bool{}
	TokenClasses(string(html), used)
	assert.True(t, used["k"], "fn and let are keywords: %v", used)
	assert.True(t, used["mi"], "1 is an integer: %v", used)

	var css strings.Builder
	require.NoError(t, WriteHighlightCSS(&css, used))
	for _, theme := range []string{"light", "dark"} {
		assert.Contains(t, css.String(), `[data-theme="`+theme+`"] .chroma {`)
		assert.Contains(t, css.String(), `[data-theme="`+theme+`"] .chroma .k {`)
	}
	assert.NotContains(t, css.String(), ".chroma .nt {", "no tag names in this code")
	assert.NotContains(t, css.String(), ".lntable", "no line-number tables on this site")
	assert.NotContains(t, css.String(), "\n.chroma", "every rule is scoped to a colour mode")
}
