package serve

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSourcePattern(t *testing.T) {
	for _, c := range []struct {
		source string
		yes    []string
		no     []string
	}{
		{"/docs/memoize/", []string{"/docs/memoize/"}, []string{"/docs/memoize/x", "/docs/memoizex/"}},
		{"/news/:path*", []string{"/news", "/news/a", "/news/a/b"}, []string{"/newsy", "/new"}},
		{"/blog/:slug", []string{"/blog/a"}, []string{"/blog", "/blog/a/b"}},
		{"/blog/:slug?", []string{"/blog", "/blog/a"}, []string{"/blog/a/b"}},
		{"/leaderboard/(.*)", []string{"/leaderboard/", "/leaderboard/x/y"}, []string{"/leaderboard"}},
		{"/v/:n(\\d+)", []string{"/v/12"}, []string{"/v/a"}},
		{"/a.b", []string{"/a.b"}, []string{"/axb"}},
	} {
		re, err := sourcePattern(c.source)
		require.NoError(t, err, c.source)
		for _, p := range c.yes {
			assert.True(t, re.MatchString(p), "%s should match %s", c.source, p)
		}
		for _, p := range c.no {
			assert.False(t, re.MatchString(p), "%s should not match %s", c.source, p)
		}
	}
}

// With trailingSlash true, Vercel sends /p on to /p/ before its rules.
func TestRoutesTrailingSlash(t *testing.T) {
	re, _ := sourcePattern("/docs/memoize/")
	r := &Routes{sources: []*regexp.Regexp{re}, slash: "true"}
	assert.True(t, r.Answers("/docs/memoize"))
	r.slash = ""
	assert.False(t, r.Answers("/docs/memoize"))
}
