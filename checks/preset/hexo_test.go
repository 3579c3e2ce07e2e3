package preset

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The URLs Hexo 8.1.2 built these posts and pages at (public/ of real
// builds: proofs/hexo.sh, and the settings below).
func TestHexoPostURLs(t *testing.T) {
	front := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	def := &hexoSite{permalink: ":year/:month/:day/:title/", postName: ":title.md"}
	named := &hexoSite{permalink: ":year/:i_month/:i_day/:name.html", postName: ":year-:month-:day-:title.md"}
	assets := &hexoSite{permalink: ":year/:title.html", postName: ":title.md", assets: true}
	cases := []struct {
		site  *hexoSite
		stem  string
		front func(string) string
		want  string
	}{
		{def, "hello-world", front("date", "2024-03-05 23:30:00"), "/2024/03/05/hello-world/"},
		{def, "sub/in-sub", front("date", "2023-06-07"), "/2023/06/07/sub/in-sub/"},
		{def, "second-post", front("date", "2024-01-02", "permalink", "custom/second/"), "/custom/second/"},
		{named, "2023-04-09-from-name", front(), "/2023/4/9/from-name.html"},
		{named, "2023-01-02-overridden", front("date", "2022-11-30 08:00:00"), "/2022/11/30/overridden.html"},
		{named, "deep/plain", front("date", "2021-02-03"), "/2021/2/3/deep-plain.html"},
		// post_asset_folder gives a URL without .html its folder
		{assets, "a", front("date", "2020-01-02", "permalink", "custom/a"), "/custom/a/"},
	}
	for _, c := range cases {
		got, ok, why := c.site.postURL(c.stem, c.front)
		assert.True(t, ok, "%s: %s", c.stem, why)
		assert.Equal(t, c.want, got, c.stem)
	}
	// no date anywhere: Hexo takes the file's creation time
	_, ok, why := def.postURL("nodate", front("title", "No date"))
	assert.False(t, ok)
	assert.Equal(t, ":year", why)
}

func TestHexoPages(t *testing.T) {
	out := hexoOutput([]string{"source/raw/**"}, "source")
	assert.Equal(t, "docs/guide.html", out("docs/guide.md"))
	assert.Equal(t, "about/index.html", out("about/index.md"))
	assert.Equal(t, "", out("_partial.md"))
	assert.Equal(t, "", out("docs/_inc/a.md"))
	assert.Equal(t, "", out("_posts/hello.md"))
	assert.Equal(t, "", out("raw/note.md"), "skip_render")
	assert.Equal(t, "/elsewhere/moved/", hexoPagePath("/elsewhere/moved/"))
	assert.Equal(t, "/other/page.html", hexoPagePath("other/page"))
}

func TestHexoRoot(t *testing.T) {
	assert.Equal(t, "/blog/", hexoRoot("", "http://example.com/blog"))
	assert.Equal(t, "/blog/", hexoRoot("/blog", "http://example.com"))
	assert.Equal(t, "/", hexoRoot("", "http://example.com"))
}

// hexo-renderer-marked's image paths, as the built pages have them
// (root /blog/): joined to root, repeated slashes made one.
func TestHexoImageURL(t *testing.T) {
	at := &hexoSite{root: "/", images: "root"}
	got, _ := at.imageURL("source/about/index.md", "images/logo.png")
	assert.Equal(t, "/images/logo.png", got, "at the root")
	h := &hexoSite{root: "/blog/", images: "root"}
	for dest, want := range map[string]string{
		"pic.png":         "/blog/pic.png",
		"./pic.png":       "/blog/./pic.png",
		"/images/a.png":   "/blog/images/a.png",
		"../images/a.png": "/blog/../images/a.png",
	} {
		got, ok := h.imageURL("source/_posts/hello-world.md", dest)
		assert.True(t, ok, dest)
		assert.Equal(t, want, got, dest)
	}
	for _, dest := range []string{"https://example.org/a.png", "//cdn.example.org/a.png", "#x"} {
		_, ok := h.imageURL("source/about.md", dest)
		assert.False(t, ok, dest)
	}
}

// The generators' pages are those of the hexo-generator-* packages that
// package.json depends on, not of a name its scripts mention.
func TestHexoGeneratedByDependencies(t *testing.T) {
	root := project(t, map[string]string{
		"_config.yml":  "title: x\npublic_dir: public\n",
		"package.json": `{"dependencies": {"hexo": "^8.1.2", "hexo-generator-tag": "^2.0.0"}, "scripts": {"x": "hexo-generator-category"}}`,
	})
	g := newGenerator(root, "_config.yml", []byte("title: x\npublic_dir: public\n"))
	got := hexoGenerated(g)
	assert.Contains(t, got, "/tags/*")
	assert.NotContains(t, got, "/categories/*", "named in a script only")
}
