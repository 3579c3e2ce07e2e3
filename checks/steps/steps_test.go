package steps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/internal/testfiles"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

func load(t *testing.T, doc string) *config.Config {
	t.Helper()
	write(t, map[string]string{config.Name: doc})
	cfg, err := config.Load(config.Source{File: config.Name, Files: func(string) []string { return nil }})
	require.NoError(t, err)
	return cfg
}

// The link check of a built site: a link no file answers is an error on
// its page, at the config's level; an ignored href is not judged; the
// summary counts what was read.
func TestLinks(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{
		"site/index.html": `<a href="/gone">x</a> <a href="/skip/me">y</a> <a href="/a.html#top">z</a>`,
		"site/a.html":     `<h1 id="top">A</h1>`,
	})
	cfg := load(t, `{"ignore": ["^/skip/"], "levels": {"broken-link": "warn"}}`)
	run, err := Links("site", cfg, LinksOptions{})
	require.NoError(t, err)
	require.Len(t, run.Diagnostics, 1, "%v", run.Diagnostics)
	d := run.Diagnostics[0]
	assert.Equal(t, "site/index.html", d.File)
	assert.Equal(t, registry.BrokenLink, d.Check)
	assert.Equal(t, "/gone", d.Href)
	assert.Equal(t, "checks links", run.Summary.Tool)
	assert.Equal(t, 2, run.Summary.Pages)
	assert.Equal(t, 1, run.Summary.Warnings)
	assert.Equal(t, 0, run.Summary.Errors)

	_, err = Links("nowhere", cfg, LinksOptions{})
	assert.Error(t, err)
	write(t, map[string]string{"empty/style.css": "p {}"})
	_, err = Links("empty", cfg, LinksOptions{})
	assert.EqualError(t, err, "empty has no HTML pages: is it the folder the site is built into?")
}

// The markdown check judges each file by its project's rules, less what
// markdown.exclude leaves out.
func TestMarkdown(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{
		"docs/a.md":         "# A\n\n[b](b.md#nope) [c](c.md)\n",
		"docs/b.md":         "# B\n",
		"docs/fixture/x.md": "[broken](on-purpose.md)\n",
	})
	cfg := load(t, `{"markdown": {"paths": ["docs"], "exclude": ["docs/fixture/**"]}}`)
	files, err := MarkdownFiles(cfg.Markdown.Paths, cfg)
	require.NoError(t, err)
	assert.Equal(t, []string{"docs/a.md", "docs/b.md"}, files)
	run, err := Markdown(cfg.Markdown.Paths, cfg, nil, nil)
	require.NoError(t, err)
	var checks []string
	for _, d := range run.Diagnostics {
		checks = append(checks, d.Check)
	}
	assert.Equal(t, []string{registry.MarkdownAnchor, registry.MarkdownLink}, checks, "in the order of the page")
	assert.Equal(t, 2, run.Summary.Pages)
	assert.Equal(t, "checks markdown", run.Summary.Tool)
}

func write(t *testing.T, files map[string]string) { testfiles.Write(t, files) }
