package mdscan

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Hexo renders post_link tags where Nunjucks sees them: paragraphs, list
// items and headings, not fenced code (Hexo escapes it first).
func TestHexoPostLinks(t *testing.T) {
	src := []byte("A {% post_link hello %} and {% post_link \"with space\" the title %}.\n\n" +
		"```\n{% post_link in-code %}\n```\n\n- {% post_link in-list %}\n\n## See {% post_link in-heading#usage %}\n")
	var got []string
	for _, l := range ParseStyled(src, Hexo(0, true)).Links {
		if l.Role == PostRef {
			got = append(got, l.Dest)
		}
	}
	assert.Equal(t, []string{"hello", "with space", "in-list", "in-heading#usage"}, got)
	first := ParseStyled(src, Hexo(0, true)).Links[0]
	assert.Equal(t, [2]int{1, 3}, [2]int{first.Line, first.Col})
	assert.Empty(t, ParseStyled(src, GitHub).Links, "other styles read no tags")
}
