package checkscmd

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/internal/testfiles"
)

// From a folder inside the work tree, checks.json at the git root applies,
// and its paths are read relative to it: folders, versions, the site.
func TestConfigAtTheGitRoot(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.Mkdir(".git", 0o755))
	write(t, map[string]string{
		"checks.json":            `{"site": "out", "markdown": {"paths": ["docs"], "versions": ["docs/v*"]}, "levels": {"cross-version-link": "throw"}}`,
		"docs/v1/a.md":           "# A\n\n[b](../v2/b.md)\n",
		"docs/v2/b.md":           "# B\n",
		"out/index.html":         `<a href="/nope">x</a>`,
		"docs/v1/deeper/keep.md": "# Keep\n",
	})
	t.Chdir("docs/v1/deeper")

	var out, errOut bytes.Buffer
	assert.Equal(t, 1, Run([]string{"markdown"}, &out, &errOut, false), errOut.String())
	assert.Contains(t, out.String(), `../../v1/a.md
  3:1    error   markdown link "../v2/b.md" leaves docs version .. for ../../v2; link to the page's URL instead [cross-version-link]`)

	out.Reset()
	assert.Equal(t, 1, Run([]string{"links"}, &out, &errOut, false), errOut.String())
	assert.Contains(t, out.String(), "../../../out/index.html\n")

	// The current folder's own checks.json comes first.
	write(t, map[string]string{"checks.json": `{"levels": {"broken-link": "warn"}}`})
	out.Reset()
	assert.Equal(t, 2, Run([]string{"links"}, &out, &errOut, false), "this checks.json names no site")
}

// A level for a check the registry does not know is an error at its line,
// with the id it probably meant.
func TestConfigUnknownCheck(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{"checks.json": "{\n  \"levels\": {\"broken-links\": \"warn\"}\n}\n", "site/index.html": "<p>"})
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Run([]string{"links", "site"}, &out, &errOut, false))
	assert.Equal(t, "checks links: checks.json:2:14: unknown check \"broken-links\"; did you mean \"broken-link\"?\n", errOut.String())

	write(t, map[string]string{"checks.json": `{"preset": "gatbsy"}`})
	errOut.Reset()
	assert.Equal(t, 2, Run([]string{"links", "site"}, &out, &errOut, false))
	assert.Equal(t, "checks links: checks.json:1:2: unknown preset \"gatbsy\": presets are docusaurus, vitepress, vuepress, docsify, starlight, rspress, nextra, mkdocs, hugo, eleventy, hexo, jekyll, sphinx, gfm (checks presets says what each assumes)\n", errOut.String())
}

// A base URL in checks.json is a path: the site's full URL there is an
// error at its line, for every command (markdown reads it too), not a
// folder named https: that every link then falls outside of.
func TestConfigBaseURLIsAPath(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{"checks.json": "{\n  \"site\": \"site\",\n  \"baseUrl\": \"https://example.com/proj/\"\n}\n", "site/index.html": `<a href="/proj/">home</a>`, "docs/a.md": "# A\n"})
	for _, cmd := range []string{"links", "markdown"} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, Run([]string{cmd}, &out, &errOut, false), cmd)
		assert.Equal(t, "checks "+cmd+": checks.json:3:3: base URL \"https://example.com/proj/\": want the path the site is served under, such as /repo/ (the site's full URL is --site-url, siteUrl in checks.json)\n", errOut.String())
	}
	write(t, map[string]string{"checks.json": `{"site": "site", "siteUrl": "example.com/proj/"}`})
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Run([]string{"markdown", "docs"}, &out, &errOut, false))
	assert.Equal(t, "checks markdown: checks.json:1:18: site URL \"example.com/proj/\": want an absolute http(s) URL such as https://docs.example.com/\n", errOut.String())
	write(t, map[string]string{"checks.json": `{"site": "site", "baseUrl": "/proj/"}`})
	assert.Equal(t, 0, Run([]string{"links"}, &out, &errOut, false), errOut.String())
}

// The level flags are --on-<id>; their former names still work.
func TestLevelFlags(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{"site/index.html": `<a href="/gone">x</a>`})
	for _, flag := range []string{"--on-broken-link", "--on-broken-links"} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 0, Run([]string{"links", "site", flag, "warn"}, &out, &errOut, false), flag+": "+errOut.String())
		assert.Contains(t, out.String(), "1 warning", flag)
	}
	var out, errOut bytes.Buffer
	Run([]string{"links", "-h"}, &out, &errOut, false)
	assert.Contains(t, out.String(), "-on-broken-link string")
	assert.NotContains(t, out.String(), "-on-broken-links", "former names are not shown")
	assert.Contains(t, out.String(), "  broken-anchor         warn   a #fragment that no element")
}

// A value the generator's config computes is not read as a literal: a
// base of process.env.BASE || '/docs/' is no folder named process.env…
// that every link falls outside of; the run says it took it as unset.
func TestPresetComputedValueIsUnset(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{
		"docs/.vitepress/config.mts":      "export default {\n  base: process.env.BASE_URL || '/docs/',\n}\n",
		"docs/index.md":                   "# Home\n",
		"docs/.vitepress/dist/index.html": `<a href="/x.html">x</a>`,
		"docs/.vitepress/dist/x.html":     `<a href="/">home</a>`,
	})
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, Run([]string{"links"}, &out, &errOut, false), out.String())
	assert.Equal(t, "checks: the vitepress preset, for docs/.vitepress/config.mts\n"+
		"checks: docs/.vitepress/config.mts computes base, which checks does not run: taken as unset; if that is not what the build uses, set it in checks.json\n", errOut.String())
}

// A markdown link that climbs out of the repository leads nowhere on
// GitHub or in a build, though the file is there on this machine: an
// error, from wherever the check is run. A link inside it is fine.
func TestMarkdownLinkOutOfTheRepository(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{
		"outside.md":     "# Outside\n",
		"repo/docs/a.md": "# A\n\n[in](b.md) [out](../../outside.md#outside)\n\n![up](../../logo.png)\n",
		"repo/docs/b.md": "# B\n",
		"logo.png":       "png",
	})
	require.NoError(t, os.Mkdir("repo/.git", 0o755))
	want := "repo/docs/a.md\n" +
		"  3:12   error   broken markdown link \"../../outside.md#outside\": outside.md is outside the repository [markdown-link]\n" +
		"  5:1    error   image \"../../logo.png\" not found: logo.png is outside the repository [markdown-image]\n"
	var out, errOut bytes.Buffer
	assert.Equal(t, 1, Run([]string{"markdown", "repo/docs"}, &out, &errOut, false), errOut.String())
	assert.True(t, strings.HasPrefix(out.String(), want), out.String())
}

// A checks.json saved with a byte order mark is read, and its errors keep
// the columns an editor shows.
func TestConfigWithByteOrderMark(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{"checks.json": "\xef\xbb\xbf{\"site\": \"site\"}\n", "site/index.html": `<a href="/">home</a>`})
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, Run([]string{"links"}, &out, &errOut, false), errOut.String())
	write(t, map[string]string{"checks.json": "\xef\xbb\xbf{\"sites\": \"site\"}\n"})
	errOut.Reset()
	assert.Equal(t, 2, Run([]string{"links", "site"}, &out, &errOut, false))
	assert.Contains(t, errOut.String(), "checks.json:1:2: unknown key \"sites\"")
}

func write(t *testing.T, files map[string]string) { testfiles.Write(t, files) }
