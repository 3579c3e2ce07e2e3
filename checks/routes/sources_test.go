package routes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A built page's link is placed at the markdown link that leads to the
// same page and fragment, however the build rewrote it: relative or
// root-absolute under the base, folder, index.html or .html.
func TestSourcePlacesARewrittenLinkByWhereItLeads(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "guide.md")
	require.NoError(t, os.WriteFile(md, []byte("# Guide\n\nSee [setup](setup.md#install).\n\nAnd [faq](faq.md).\n"), 0o644))
	links := func(string, []byte) []Link {
		return []Link{
			{Href: "setup.md#install", Line: 3, Col: 5, URL: func() string { return "/docs/setup/#install" }},
			{Href: "faq.md", Line: 5, Col: 5, URL: func() string { return "/docs/faq/" }},
		}
	}
	s := NewSources(links, "/proj/")
	s.Add(md, []string{"docs/guide/index.html"})
	for href, want := range map[string]string{
		"../setup/#install":                md + ":3:5",
		"../setup/index.html#install":      md + ":3:5",
		"/proj/docs/setup/#install":        md + ":3:5",
		"/proj/docs/setup.html#install":    md + ":3:5",
		"../faq/":                          md + ":5:5",
		"../faq":                           md + ":5:5",
		"../setup/#other":                  "", // another fragment
		"/docs/setup/#install":             "", // root-absolute without the base leaves the site
		"/project/docs/setup/#install":     "",
		"https://example.com/docs/faq/":    "",
		"../setup/#install-on-another-box": "",
	} {
		assert.Equal(t, want, s.Source("docs/guide/index.html", href), href)
	}
}

// Of two links to one page, a built href is placed at the one the build
// wrote it for: Rspress writes ./guide/ as /guide.html (which no file
// answers) and ./guide/index.md as /guide/index.html, both the page
// /guide. A root-absolute link the build wrote as it is but for the base
// is placed at itself, though it leads to no page (/guide/gone.md).
func TestSourcePrefersTheLinkWrittenSo(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "index.md")
	require.NoError(t, os.WriteFile(md, []byte("[a](./guide/index.md) [b](./guide/)\n[c](/guide/gone.md) ![d](/missing.png)\n"), 0o644))
	links := func(string, []byte) []Link {
		return []Link{
			{Href: "./guide/index.md", Line: 1, Col: 1, URL: func() string { return "/guide/" }},
			{Href: "./guide/", Line: 1, Col: 23, URL: func() string { return "/guide.html" }},
			{Href: "/guide/gone.md", Line: 2, Col: 1, URL: func() string { return "/guide/gone.html" }},
			{Href: "/missing.png", Line: 2, Col: 21},
		}
	}
	s := NewSources(links, "/proj/")
	s.Add(md, []string{"index.html"})
	for href, want := range map[string]string{
		"/proj/guide.html":       md + ":1:23",
		"/proj/guide/index.html": md + ":1:1",
		"/proj/guide/":           md + ":1:1",
		"/proj/guide/gone.md":    md + ":2:1",
		"/proj/missing.png":      md + ":2:21",
		"/proj/missing.png#x":    "", // another fragment
	} {
		assert.Equal(t, want, s.Source("index.html", href), href)
	}
}
