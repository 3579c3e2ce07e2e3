package preset

import (
	"os"
	"path/filepath"
	"testing"

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
	assert.Equal(t, "build", p.Site)
	_, err = Lookup("jekyll")
	assert.EqualError(t, err, `unknown preset "jekyll": presets are docusaurus, mkdocs, hugo`)
}
