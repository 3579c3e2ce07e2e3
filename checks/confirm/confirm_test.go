package confirm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

func runs() (md, site *diag.Run) {
	md = &diag.Run{Diagnostics: diag.List{
		{Severity: diag.Error, Check: registry.MarkdownLink, File: "docs/a.md", Line: 3, Col: 1, Href: "b.md"},
		{Severity: diag.Warning, Check: registry.WrongVersionLink, File: "docs/a.md", Line: 5, Col: 1, Href: "https://x/v1/"},
	}}
	site = &diag.Run{Diagnostics: diag.List{
		// The build's finding at the markdown link's place: one problem.
		{Severity: diag.Error, Check: registry.BrokenLink, File: "out/a.html", Href: "/b", Source: "docs/a.md:3:1", Message: "no file"},
		// Another kind at that place: two problems.
		{Severity: diag.Warning, Check: registry.BrokenAnchor, File: "out/a.html", Href: "/b#x", Source: "docs/a.md:3:1", Message: "no id"},
		// A versioned link placed by line alone (routes.json), raised.
		{Severity: diag.Error, Check: registry.WrongVersionLink, File: "out/a.html", Href: "https://x/v1/", Source: "docs/a.md:5"},
		// The theme's link, which no markdown wrote.
		{Severity: diag.Error, Check: registry.WrongVersionLink, File: "out/a.html", Href: "https://x/v1/"},
	}}
	return md, site
}

// A problem both steps found is said once, in the markdown, by either
// rule; what only the build found stays; the counts are made again.
func TestOnce(t *testing.T) {
	md, site := runs()
	cf := &Confirmation{keepAnchors: true, hasAnchor: func(string, string) (bool, bool) { return false, false }}
	Once(cf, md, site)
	assert.Equal(t, []string{"the build confirms it: out/a.html: no file"}, md.Diagnostics[0].Notes)
	assert.Equal(t, []string{"the build confirms it: out/a.html"}, md.Diagnostics[1].Notes)
	assert.Equal(t, diag.Error, md.Diagnostics[1].Severity, "said once, never less severely")
	assert.ElementsMatch(t, []string{registry.BrokenAnchor, registry.WrongVersionLink}, checks(site.Diagnostics))
	for _, d := range site.Diagnostics {
		if d.Check == registry.WrongVersionLink {
			assert.Equal(t, "", d.Source, "the theme's link stays")
		}
	}
	assert.Equal(t, 2, md.Summary.Errors)
	assert.Equal(t, 1, site.Summary.Errors)
	assert.Equal(t, 1, site.Summary.Warnings)
}

// Without a confirmation (no markdown pages mapped to built ones) only the
// versioned links are joined: routes.json places them too.
func TestOnceWithoutConfirmation(t *testing.T) {
	md, site := runs()
	Once(nil, md, site)
	assert.Empty(t, md.Diagnostics[0].Notes)
	assert.ElementsMatch(t, []string{registry.BrokenLink, registry.BrokenAnchor, registry.WrongVersionLink}, checks(site.Diagnostics))
	Once(nil, nil, site) // a step that did not run
}

// A link a page built once a locale writes is found on each built page,
// in the order the link step's workers finish: the problem is said on the
// same page, with the same notes, whatever that order.
func TestOnceIsTheSameInAnyOrder(t *testing.T) {
	cf := &Confirmation{keepAnchors: true, hasAnchor: func(string, string) (bool, bool) { return false, false }}
	en := diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenLink, File: "build/docs/a.html", Line: 2, Href: "/docs/x", Source: "docs/a.md:3:1", Message: "en"}
	fr := diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenLink, File: "build/fr/docs/a.html", Line: 2, Href: "/fr/docs/x", Source: "docs/a.md:3:1", Message: "fr"}
	var seen []diag.List
	for _, order := range []diag.List{{en, fr}, {fr, en}} {
		md, site := &diag.Run{}, &diag.Run{Diagnostics: order}
		Once(cf, md, site)
		seen = append(seen, site.Diagnostics)
	}
	assert.Equal(t, seen[0], seen[1])
	assert.Equal(t, "build/docs/a.html", seen[0][0].File)
	assert.Equal(t, []string{"the same link on build/fr/docs/a.html:2: fr"}, seen[0][0].Notes)
}

func checks(l diag.List) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Check)
	}
	return out
}

// The crawl opens the sampled pages and every page with a missing id; an
// id its running page made is withdrawn, with a hint, and one it lacked
// too keeps a note.
func TestLiveAnchors(t *testing.T) {
	la := &LiveAnchors{}
	run := &diag.Run{Diagnostics: diag.List{
		{Severity: diag.Warning, Check: registry.BrokenAnchor, File: "out/a.html", Href: "b.html#tab", Target: "b.html#tab", Message: `b.html has no element with id "tab"`},
		{Severity: diag.Warning, Check: registry.BrokenAnchor, File: "out/a.html", Href: "c.html#gone", Target: "c.html#gone", Message: `c.html has no element with id "gone"`},
	}}
	la.Heard(run.Diagnostics, nil)
	assert.Equal(t, []string{"a.html", "b.html", "c.html"}, la.Pages([]string{"a.html"}, []string{"a.html", "b.html", "c.html", "d.html"}))
	assert.Equal(t, map[string][]string{"b.html": {"tab"}, "c.html": {"gone"}}, la.Anchors())
	la.Found = map[string][]string{"b.html": {"tab"}, "c.html": nil}
	la.Settle(nil, run)
	assert.Len(t, run.Diagnostics, 1)
	assert.Equal(t, "c.html#gone", run.Diagnostics[0].Href)
	assert.Contains(t, run.Diagnostics[0].Notes[0], "the running page has no such element either")
	assert.Equal(t, 1, run.Summary.Warnings)
	assert.Equal(t, "1 broken anchor withdrawn: the running page made the id (b.html#tab)", run.Summary.Hints[0].Message)

	var none *LiveAnchors // checks browser --crawl alone
	assert.Equal(t, []string{"x"}, none.Pages([]string{"x"}, []string{"x", "y"}))
	assert.Nil(t, none.Anchors())
}
