package preset

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/devdocs-dev/devdocs/internal/docsection"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The Docusaurus base URL is what comes before assets/js/ in the entry
// script of the home page, quoted or not (its HTML is minified).
func TestDocusaurusBase(t *testing.T) {
	cases := map[string]string{
		`<script src=/assets/js/runtime~main.9438dcfa.js defer></script>`:                     "/",
		`<script src="/repo/assets/js/main.a029a39b.js" defer></script>`:                      "/repo/",
		`<script src="/vendor.js"></script><script src="/a/b/assets/js/main.0f.js"></script>`: "/a/b/",
	}
	for page, want := range cases {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644))
		got, err := docusaurusBase(dir)
		require.NoError(t, err, page)
		assert.Equal(t, want, got, page)
	}

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<script src="/js/app.js"></script>`), 0o644))
	_, err := docusaurusBase(dir)
	assert.ErrorContains(t, err, "loads no assets/js/main.*.js, so its base URL is unknown: is it a Docusaurus build? (set baseUrl in checks.json)")
	_, err = docusaurusBase(filepath.Join(dir, "nope"))
	assert.ErrorContains(t, err, "docusaurus preset: reading the base URL from the build")
}

func TestLookup(t *testing.T) {
	p, err := Lookup("docusaurus")
	require.NoError(t, err)
	assert.Equal(t, "build", p.Layout(Generator{Root: "."}).Site)
	_, err = Lookup("gatsby")
	assert.EqualError(t, err, `unknown preset "gatsby": presets are docusaurus, vitepress, vuepress, docsify, starlight, rspress, nextra, mkdocs, hugo, eleventy, hexo, jekyll, sphinx, gfm (checks presets says what each assumes)`)
}

// The Docusaurus contract takes the storage key and the colour-mode
// settings from the head script the build writes into every page.
func TestDocusaurusContract(t *testing.T) {
	const follows = `<script>!function(){var t=function(){try{return window.localStorage.getItem("theme-9f6")}catch(t){}}();document.documentElement.setAttribute("data-theme",t||(window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")),document.documentElement.setAttribute("data-theme-choice",t||"system")}()</script>`
	const darkDefault = `<script>!function(){var t=function(){try{return localStorage.getItem("theme")}catch(t){}}();document.documentElement.setAttribute("data-theme",t||"dark")}()</script>`
	for page, want := range map[string]struct {
		key, theme string
		system     bool
	}{
		`<script src=/assets/js/main.0f.js defer></script>` + follows: {"theme-9f6", "light", true},
		darkDefault: {"theme", "dark", false},
	} {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><html><head>"+page+"</head></html>"), 0o644))
		c, err := docusaurusContract(dir)
		require.NoError(t, err, page)
		assert.Equal(t, want.key, c.ThemeKey, page)
		assert.Equal(t, want.theme, c.DefaultTheme, page)
		assert.Equal(t, want.system, c.RespectSystem, page)
		assert.Equal(t, "data-has-hydrated", c.Ready)
		assert.Empty(t, c.Missing("theme-persistence"))
		assert.NotEmpty(t, c.Missing("search-shortcut"), "the classic template has no search")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<script src="/js/app.js"></script>`), 0o644))
	_, err := docusaurusContract(dir)
	assert.ErrorContains(t, err, "the docusaurus preset reads it from the colour-mode script of "+filepath.Join(dir, "index.html")+", and there is none")
}

var update = flag.Bool("update", false, "rewrite the presets' table and sections in docs/generators.md")

const generatorsPage = "../../docs/generators.md"

// docs/generators.md's table of presets and each preset's section are the
// presets' own: a preset added or changed fails here until the page is
// rewritten.
func TestGeneratorsPage(t *testing.T) {
	docsection.Check(t, generatorsPage,
		"<!-- presets table: made from checks/preset; go test ./checks/preset -update rewrites it -->\n",
		"<!-- end of presets table -->\n", MarkdownIndex(), *update, "go test ./checks/preset -update")
	for _, p := range All {
		docsection.Check(t, generatorsPage,
			"<!-- preset "+p.Name+": made from checks/preset; go test ./checks/preset -update rewrites it -->\n",
			"<!-- end of preset "+p.Name+" -->\n", MarkdownSection(p), *update, "go test ./checks/preset -update")
	}
}
