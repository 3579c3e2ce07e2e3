package mdlinks

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A base or a content folder's URL holds whole path segments: /projects is
// not under /proj/, and the folder's own URL without its slash is.
func TestUnder(t *testing.T) {
	cases := []struct {
		p, prefix, rest string
		ok              bool
	}{
		{"/proj/guide/a", "/proj/", "/guide/a", true},
		{"/proj/", "/proj/", "/", true},
		{"/proj", "/proj/", "/", true},
		{"/proj?v=1", "/proj/", "/?v=1", true},
		{"/proj#top", "/proj/", "/#top", true},
		{"/projects/a", "/proj/", "/projects/a", false},
		{"/guide/a", "/proj/", "/guide/a", false},
		{"/guide/a", "/", "/guide/a", true},
	}
	for _, c := range cases {
		rest, ok := under(c.p, c.prefix)
		assert.Equal(t, c.ok, ok, "%s under %s", c.p, c.prefix)
		assert.Equal(t, c.rest, rest, "%s under %s", c.p, c.prefix)
	}
}
