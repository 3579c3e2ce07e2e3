package preset

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The links Nextra 4.6.1 on Next.js 15.5.15 wrote into the exported pages
// of checks/bench/nextra.sh for those of its markdown, without and with
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
		assert.Equal(t, c.want, nextraWrites(c.trailing)(c.dest), "%s (trailingSlash %v)", c.dest, c.trailing)
	}
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
