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
		re, err := PathPattern(c.source)
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
	re, _ := PathPattern("/docs/memoize/")
	r := &Routes{sources: []*regexp.Regexp{re}, slash: "true"}
	assert.True(t, r.Answers("/docs/memoize"))
	r.slash = ""
	assert.False(t, r.Answers("/docs/memoize"))
}

// A rewrite's parameters carry over: VitePress's own example maps
// packages/:pkg/src/:slug* onto :pkg/:slug*; an optional one left empty
// takes its slash along.
func TestFillPath(t *testing.T) {
	re, err := PathPattern("packages/:pkg/src/:slug*")
	require.NoError(t, err)
	m := re.FindStringSubmatch("packages/pkg-a/src/guide/intro.md")
	require.NotNil(t, m)
	assert.Equal(t, "pkg-a/guide/intro.md", FillPath(":pkg/:slug*", re, m))
	assert.Nil(t, re.FindStringSubmatch("packages/pkg-a/lib/intro.md"))

	re, err = PathPattern("docs/:lang?/index.md")
	require.NoError(t, err)
	m = re.FindStringSubmatch("docs/index.md")
	require.NotNil(t, m)
	assert.Equal(t, "site/index.md", FillPath("site/:lang?/index.md", re, m))
}
