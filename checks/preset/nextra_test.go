package preset

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The links Nextra 4.6.1 on Next.js 15.5.15 wrote into the exported pages
// of proofs/nextra.sh for those of its markdown, without and with
// trailingSlash (the file name's dot: Next.js's normalizePathTrailingSlash).
func TestNextraWrites(t *testing.T) {
	for _, c := range []struct {
		trailing   bool
		dest, want string
	}{
		{false, "/guide/", "/guide"},
		{false, "./start.md#run-it", "./start#run-it"},
		{false, "./guide/index.md", "./guide/index"},
		{false, "/reference/api.mdx#prove-and-verify", "/reference/api#prove-and-verify"},
		{false, "guide/start.mdx", "guide/start"},
		{false, "/", "/"},
		{true, "/reference/api", "/reference/api/"},
		{true, "/reference/api.mdx#prove-and-verify", "/reference/api/#prove-and-verify"},
		{true, "/", "/"},
		{true, "../reference/api", "../reference/api"},
		{true, "/files/data.json", "/files/data.json"},
		{true, "/a.md?x=1", "/a/?x=1"},
	} {
		assert.Equal(t, c.want, nextraWrites(c.trailing)("a.md", c.dest, false), "%s (trailingSlash %v)", c.dest, c.trailing)
	}
	// Raw HTML (a build of content/rawtest.md and content/guide/index.mdx
	// with basePath and trailingSlash): an <a> of an .md page goes through
	// Next.js's Link, keeping its .md (remarkLinkRewrite reads markdown's
	// links only); one of an .mdx page is left as written.
	assert.Equal(t, "/guide/start/", nextraWrites(true)("a.md", "/guide/start", true))
	assert.Equal(t, "/a.md", nextraWrites(true)("a.md", "/a.md", true)) // a dot: no slash added
	assert.Equal(t, "/reference/api", nextraWrites(true)("a.mdx", "/reference/api", true))
}

// Where next build exported the pages of the proof's site.
func TestNextraOutput(t *testing.T) {
	for _, c := range []struct {
		trailing  bool
		rel, want string
	}{
		{false, "index.mdx", "index.html"},
		{false, "guide/index.mdx", "guide.html"},
		{false, "guide/start.md", "guide/start.html"},
		{true, "index.mdx", "index.html"},
		{true, "guide/index.mdx", "guide/index.html"},
		{true, "guide/start.md", "guide/start/index.html"},
	} {
		assert.Equal(t, c.want, nextraOutput(c.trailing, "index")(c.rel), "%s (trailingSlash %v)", c.rel, c.trailing)
	}
	assert.Equal(t, "about.html", nextraAppOutput(false)("about/page.mdx"))
	assert.Equal(t, "about/index.html", nextraAppOutput(true)("about/page.mdx"))
	assert.Equal(t, "index.html", nextraAppOutput(false)("page.mdx"))
	assert.Equal(t, "about.html", nextraAppOutput(false)("(docs)/about/(x)/page.mdx")) // route groups: Next.js's normalizeAppPath
}
