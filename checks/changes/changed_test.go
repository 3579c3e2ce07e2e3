package changes

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/internal/testfiles"
)

// changedRepo is a docs repository, committed on main: markdown in docs/,
// built into build/ (one page per source), a stylesheet the pages load.
// trackSite: git tracks build/ (a site kept in the repository), else it is
// ignored as the build's output.
func changedRepo(t *testing.T, trackSite bool) (*config.Config, []string) {
	t.Chdir(t.TempDir())
	files := map[string]string{
		"checks.json":              `{"markdown": {"paths": ["docs"]}, "site": "build"}`,
		"docs/index.md":            "# Home\n",
		"docs/guide.md":            "# Guide\n",
		"docs/api/ref.md":          "# Reference\n",
		"README.md":                "# The repository, not a page\n",
		"theme/site.css":           "body {}\n",
		"build/index.html":         "<h1>Home</h1>",
		"build/guide/index.html":   "<h1>Guide</h1>",
		"build/api/ref/index.html": "<h1>Reference</h1>",
		"build/assets/site.css":    "body {}\n",
	}
	if !trackSite {
		files[".gitignore"] = "build/\n"
	}
	write(t, files)
	testfiles.Repo(t, true)
	cfg, err := config.Load(config.Source{File: "checks.json"})
	require.NoError(t, err)
	return cfg, []string{"api/ref/index.html", "guide/index.html", "index.html"}
}

func TestChangedSinceOpensThePagesTheChangedMarkdownBuilds(t *testing.T) {
	cfg, pages := changedRepo(t, false)
	write(t, map[string]string{
		"docs/guide.md":        "# Guide, changed\n",
		"README.md":            "# Changed, and builds no page\n",
		"docs/new.md":          "# New, not yet committed\n",
		"build/new/index.html": "<h1>New</h1>", // the build's output, ignored
	})
	pages = append(pages, "new/index.html")
	got, note, err := Pages(cfg, "build", pages, "main")
	require.NoError(t, err)
	assert.Equal(t, []string{"guide/index.html", "new/index.html"}, got)
	assert.Equal(t, "2 pages of 4 built from what changed since main", note)
}

func TestChangedSinceCountsFromWhereTheBranchLeft(t *testing.T) {
	cfg, pages := changedRepo(t, false)
	git(t, "checkout", "-q", "-b", "topic")
	write(t, map[string]string{"docs/api/ref.md": "# Reference, on the branch\n"})
	git(t, "commit", "-q", "-am", "topic")
	git(t, "checkout", "-q", "main")
	write(t, map[string]string{"docs/guide.md": "# Guide, on main after the branch left\n"})
	git(t, "commit", "-q", "-am", "main")
	git(t, "checkout", "-q", "topic")
	got, _, err := Pages(cfg, "build", pages, "main")
	require.NoError(t, err)
	assert.Equal(t, []string{"api/ref/index.html"}, got, "main's own change is not the branch's")
}

func TestChangedSinceOpensEveryPageWhenWhatChangedIsNoPagesSource(t *testing.T) {
	cfg, pages := changedRepo(t, false)
	write(t, map[string]string{"theme/site.css": "body { color: red }\n", "docs/guide.md": "# Guide, changed\n"})
	got, note, err := Pages(cfg, "build", pages, "main")
	require.NoError(t, err)
	assert.Equal(t, pages, got)
	assert.Equal(t, "all 3 pages: theme/site.css changed since main, and it is not one page's source", note)
}

func TestChangedSinceInATrackedSite(t *testing.T) {
	cfg, pages := changedRepo(t, true)
	write(t, map[string]string{
		"build/guide/index.html":  "<h1>Guide, edited by hand</h1>",
		"build/assets/chunk-1.js": "", // not tracked: a build's leftover, not a change
	})
	got, _, err := Pages(cfg, "build", pages, "main")
	require.NoError(t, err)
	assert.Equal(t, []string{"guide/index.html"}, got)

	require.NoError(t, os.Remove("build/assets/site.css"))
	got, note, err := Pages(cfg, "build", pages, "main")
	require.NoError(t, err)
	assert.Equal(t, pages, got)
	assert.Equal(t, "all 3 pages: build/assets/site.css changed since main, and it is a file of the site that every page may load", note)
}

func TestChangedSinceAnUnknownRevision(t *testing.T) {
	cfg, pages := changedRepo(t, false)
	for _, ref := range []string{"no-such-branch", "--output=x"} {
		_, _, err := Pages(cfg, "build", pages, ref)
		assert.ErrorContains(t, err, "--changed-since: ", ref)
		assert.ErrorContains(t, err, ref, "the error names what it was given")
	}
	_, err := os.Stat("x")
	assert.True(t, os.IsNotExist(err), "an option as a revision reached git")
}

// With routes.json (this repository's compiler), a route names its source.
func TestChangedSinceReadsRoutesJSON(t *testing.T) {
	cfg, pages := changedRepo(t, false)
	write(t, map[string]string{
		"build/routes.json": `[{"path": "/", "kind": "home", "source": "docs/index.md"}, {"path": "/api/reference", "kind": "doc", "source": "docs/api/ref.md"}]`,
		"docs/index.md":     "# Home, changed\n",
		"docs/guide.md":     "# Guide, changed: no route is built from it\n",
	})
	cfg.Routes = "build/routes.json"
	got, _, err := Pages(cfg, "build", append(pages, "api/reference/index.html"), "main")
	require.NoError(t, err)
	assert.Equal(t, []string{"index.html"}, got)
}

// Docusaurus names its pages by doc ids and slugs, which the preset does
// not compute: with no record of its build (.docusaurus/, below), a changed
// page could be any built page.
func TestChangedSinceWithAGeneratorWhosePagesAreNotKnown(t *testing.T) {
	pages, got, note := docusaurusGuideChanged(t, nil)
	assert.Equal(t, pages, got)
	assert.Equal(t, "all 3 pages: docs/guide.md changed since HEAD, and which page a markdown file builds is not known: docusaurus preset: build/index.html loads no assets/js/main.*.js, so its base URL is unknown: is it a Docusaurus build? (set baseUrl in checks.json)", note)
}

// Docusaurus records in .docusaurus/ the page each markdown file built, so
// a changed doc opens its own page only.
func TestChangedSinceReadsDocusaurussRecordOfItsPages(t *testing.T) {
	_, got, note := docusaurusGuideChanged(t, map[string]string{
		"build/index.html": "<script src=/assets/js/main.0123abcd.js></script><h1>Home</h1>",
		".docusaurus/docusaurus-plugin-content-docs/default/site-docs-guide-md-1a2.json": `{"source": "@site/docs/guide.md", "permalink": "/guide"}`,
	})
	assert.Equal(t, []string{"guide/index.html"}, got)
	assert.Equal(t, "1 page of 3 built from what changed since HEAD", note)
}

// docusaurusGuideChanged makes changedRepo a Docusaurus project with files
// added, changes docs/guide.md, and gives the site's pages and those
// --changed-since HEAD opens, with its note.
func docusaurusGuideChanged(t *testing.T, files map[string]string) (pages, got []string, note string) {
	_, pages = changedRepo(t, false)
	write(t, map[string]string{"docusaurus.config.js": "export default {baseUrl: '/'};\n"})
	write(t, files)
	git(t, "add", ".")
	git(t, "commit", "-q", "-m", "docusaurus")
	cfg, err := config.Load(config.Source{Preset: "docusaurus"})
	require.NoError(t, err)
	write(t, map[string]string{"docs/guide.md": "# Guide, changed\n"})
	got, note, err = Pages(cfg, "build", pages, "HEAD")
	require.NoError(t, err)
	return pages, got, note
}

func git(t *testing.T, args ...string) { testfiles.Git(t, args...) }

func write(t *testing.T, files map[string]string) { testfiles.Write(t, files) }
