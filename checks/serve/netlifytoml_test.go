package serve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// netlify.toml is found nearest above the publish folder, never above the
// folder the run started in, and only for a host that reads it.
func TestFindConfig(t *testing.T) {
	top := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(top, "docs/build"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(top, NetlifyConfig), []byte(""), 0o644))
	netlify, _ := Profile("netlify")
	cloudflare, _ := Profile("cloudflare-pages")
	assert.Equal(t, filepath.Join(top, NetlifyConfig), netlify.FindConfig(filepath.Join(top, "docs/build"), top))
	assert.Equal(t, "", netlify.FindConfig(filepath.Join(top, "docs/build"), filepath.Join(top, "docs")), "not above the top")
	assert.Equal(t, "", cloudflare.FindConfig(filepath.Join(top, "docs/build"), top), "Cloudflare Pages reads no netlify.toml")
	require.NoError(t, os.WriteFile(filepath.Join(top, "docs", NetlifyConfig), []byte(""), 0o644))
	assert.Equal(t, filepath.Join(top, "docs", NetlifyConfig), netlify.FindConfig(filepath.Join(top, "docs/build"), top), "the nearest")
}

// A repository's netlify.toml that names a base folder is Netlify's file
// for the site, replaced by that folder's own when it has one; a file
// nearer the site elsewhere is not read (netlify/build's path.ts and
// base.ts). The publish folder is [build] publish from the base (the
// base folder's file replacing the root's), never outside the repository.
func TestNetlifyBase(t *testing.T) {
	top := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(top, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(top, name), []byte(src), 0o644))
	}
	netlify, _ := Profile("netlify")
	write("netlify.toml", "[build]\n  base = \"/website/\"\n  publish = \"build\"\n")
	write("docs/netlify.toml", "")
	require.NoError(t, os.MkdirAll(filepath.Join(top, "docs/build"), 0o755))
	assert.Equal(t, filepath.Join(top, NetlifyConfig), netlify.FindConfig(filepath.Join(top, "docs/build"), top), "the base's, not the nearest")
	assert.Equal(t, filepath.Join(top, "website/build"), netlify.PublishFolder(top), "publish from the base")
	write("website/netlify.toml", "[build]\n  publish = \"public\"\n")
	assert.Equal(t, filepath.Join(top, "website", NetlifyConfig), netlify.FindConfig(filepath.Join(top, "docs/build"), top), "the base folder's file replaces the root's")
	assert.Equal(t, filepath.Join(top, "website/public"), netlify.PublishFolder(top), "the base folder's publish")
	write("netlify.toml", "[build]\n  publish = \"/site\"\n")
	assert.Equal(t, filepath.Join(top, "site"), netlify.PublishFolder(top), "no base: from the root; a leading / is the root")
	assert.Equal(t, filepath.Join(top, "docs", NetlifyConfig), netlify.FindConfig(filepath.Join(top, "docs/build"), top), "no base: the nearest")
	write("netlify.toml", "[build]\n  publish = \"../elsewhere\"\n")
	assert.Equal(t, "", netlify.PublishFolder(top), "outside the repository")
	cloudflare, _ := Profile("cloudflare-pages")
	assert.Equal(t, "", cloudflare.PublishFolder(top))
}

// A netlify.toml that is not TOML, or a table without from or to, stops
// the run at its line; its rules follow _redirects' and name their file.
func TestWithConfig(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	require.NoError(t, os.MkdirAll(site, 0o755))
	netlify, _ := Profile("netlify")
	write := func(src string) string {
		p := filepath.Join(dir, NetlifyConfig)
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
		return p
	}
	_, err := netlify.WithConfig(write("[build]\npublish = site\n"), "netlify.toml", site, "")
	assert.ErrorContains(t, err, "netlify.toml:2: ")
	_, err = netlify.WithConfig(write("[build]\n\n[[redirects]]\nfrom = \"/a\"\n"), "netlify.toml", site, "")
	assert.EqualError(t, err, "netlify.toml:3: a [[redirects]] table needs from and to")

	netlify.Redirects, err = ParseRedirects("_redirects", []byte("/a /first\n"), Netlify)
	require.NoError(t, err)
	h, err := netlify.WithConfig(write("[[redirects]]\nfrom = \"/a\"\nto = \"/second\"\n\n[[redirects]]\n  from = \"/b\"\n  to = \"/third\"\n  status = 302\n"), "netlify.toml", site, "")
	require.NoError(t, err)
	got, _ := h.Redirects.Match("/a")
	assert.Equal(t, Redirected{To: "/first", Status: 301, File: RedirectsFile, Line: 1}, got, "_redirects first")
	got, _ = h.Redirects.Match("/b")
	assert.Equal(t, Redirected{To: "/third", Status: 302, File: "../netlify.toml", Line: 5}, got)
	assert.Len(t, netlify.Redirects.Rules(), 1, "the host it was made from keeps its rules")
}
