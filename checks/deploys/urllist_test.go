package deploys

import (
	"bytes"
	"compress/gzip"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/serve"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://docs.example.org/proj/</loc></url>
  <url>
    <loc>
      https://docs.example.org/proj/a%20b/
    </loc>
  </url>
</urlset>
`

// A sitemap's URLs are read with their lines, as paths, gzipped or not.
func TestReadListSitemap(t *testing.T) {
	want := []listed{{"/proj/", 3}, {"/proj/a%20b/", 7}}
	got, err := readList("sitemap.xml", []byte(sitemap))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	_, _ = w.Write([]byte(sitemap))
	require.NoError(t, w.Close())
	got, err = readList("sitemap.xml.gz", gz.Bytes())
	require.NoError(t, err)
	assert.Equal(t, want, got, "gzipped")
}

// What is no sitemap or list of one site's URLs is refused, by name and,
// where there is one, by line.
func TestReadListRefuses(t *testing.T) {
	cases := map[string]string{
		"<?xml version=\"1.0\"?>\n<sitemapindex><sitemap><loc>https://x.org/docs.xml</loc></sitemap><sitemap><loc>https://x.org/blog.xml</loc></sitemap></sitemapindex>\n": "previous deploy s is an index of sitemaps, not a sitemap: give the one of the docs (it names https://x.org/docs.xml, https://x.org/blog.xml)",
		"<html><body>Not found</body></html>":                                      "previous deploy s is XML, but not a sitemap: its root is <html>, not <urlset>",
		"<urlset><url><loc>https://x.org/</loc></url>\n<url><loc>x</url></urlset>": "s:2: not a sitemap: XML syntax error on line 2: element <loc> closed by </url>",
		"https://a.org/\nhttps://b.org/\n":                                         "s:2: a URL of b.org, where the lines before are of a.org: give the URLs of one site",
		"# none\n\n":                                                               "previous deploy s lists no URL",
		"/a/\nsee the docs\n":                                                      "s:2: not a URL: see the docs (a list of URLs has one a line)",
		"/a/\nmailto:x@example.org\n":                                              "s:2: not a URL of a page: mailto:x@example.org",
		"\x1f\x8b\x08garbage":                                                      "previous deploy s: gzipped, but unexpected EOF",
	}
	for src, want := range cases {
		_, err := readList("s", []byte(src))
		assert.EqualError(t, err, want, src)
	}
}

// A sitemap's URL is fetched from the deployed site; one that does not
// answer 200 is refused with its status.
func TestPreviousListFetched(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/sitemap.xml" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write([]byte(sitemap))
	}))
	defer srv.Close()
	urls, _, ok, err := previousList(srv.URL + "/sitemap.xml")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, []listed{{"/proj/", 3}, {"/proj/a%20b/", 7}}, urls)
	_, _, ok, err = previousList(srv.URL + "/gone.xml")
	assert.True(t, ok)
	assert.EqualError(t, err, "previous deploy "+srv.URL+"/gone.xml answered 404 Not Found")
}

// A list of URLs none of which is under the base path, or none of which
// the new build answers, is of another site: refused, not a page of
// findings.
func TestListOfAnotherSite(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "build", map[string]string{"index.html": home, "a/index.html": "A"})
	writeTree(t, dir, ".", map[string]string{"other.txt": "https://x.org/blog/\n", "gone.txt": "https://x.org/proj/\nhttps://x.org/proj/b/\n"})
	t.Chdir(dir)
	site, err := htmlsite.Load("build")
	require.NoError(t, err)
	_, stats := links.Check(site, links.Options{Host: serve.Default})
	_, err = Compare(Builds{Previous: "other.txt", Current: "build"}, site, stats.Page, Options{Host: serve.Default, BasePath: "/proj/"})
	assert.EqualError(t, err, "previous deploy other.txt lists no URL under the base path /proj/")
	_, err = Compare(Builds{Previous: "gone.txt", Current: "build"}, site, stats.Page, Options{Host: serve.Default, BasePath: "/proj/"})
	assert.EqualError(t, err, "previous build gone.txt shares no URL with build: none of its pages answers there, the home page aside; is it a build of this site, for the same base URL?")
}
