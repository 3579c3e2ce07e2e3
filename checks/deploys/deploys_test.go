package deploys

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// writeTree writes files under dir/name.
func writeTree(t *testing.T, dir, name string, files map[string]string) {
	t.Helper()
	for f, body := range files {
		p := filepath.Join(dir, name, filepath.FromSlash(f))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
}

// compare compares two builds that both hold a page kept/ besides the
// files given, so that they share a URL whatever the case moves.
func compare(t *testing.T, prev, cur map[string]string, o Options) (diag.List, error) {
	t.Helper()
	prev["kept/index.html"], cur["kept/index.html"] = "K", "K"
	return compareExactly(t, prev, cur, o)
}

// compareExactly writes both builds in a temporary folder and compares
// them, from that folder, as "prev" and "build"; with no host named, as
// the default host serves them.
func compareExactly(t *testing.T, prev, cur map[string]string, o Options) (diag.List, error) {
	t.Helper()
	if o.Host == (serve.Host{}) {
		o.Host = serve.Default
	}
	dir := t.TempDir()
	writeTree(t, dir, "prev", prev)
	writeTree(t, dir, "build", cur)
	t.Chdir(dir)
	return compareWith(t, o)
}

// compareWith compares prev and build, the latter read by the link check
// first, as checks links does.
func compareWith(t *testing.T, o Options) (diag.List, error) {
	t.Helper()
	site, err := htmlsite.Load("build")
	require.NoError(t, err)
	site.Outlines = true
	_, stats := links.Check(site, links.Options{Host: o.Host, SiteURL: o.SiteURL, Gists: true})
	if o.Sum == nil { // as checks links compares
		o.Sum = stats.Sum
	}
	o.Gist = stats.Gist
	return Compare(Builds{Previous: "prev", Current: "build"}, site, stats.Page, o)
}

// said is each finding on one line: file:line:col, check, message, notes.
func said(l diag.List) []string {
	var out []string
	for _, d := range l {
		s := d.Location() + " " + d.Check + " " + d.Message
		for _, n := range d.Notes {
			s += " | " + n
		}
		out = append(out, s)
	}
	return out
}

const home = "<title>Home</title><h1>Home</h1>"

func TestRemovedURLs(t *testing.T) {
	netlify, _ := serve.Profile("netlify")
	cloudflare, _ := serve.Profile("cloudflare-pages")
	for _, c := range []struct {
		name      string
		prev, cur map[string]string
		host      serve.Host
		want      []string
	}{{
		name: "page kept",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Setup</h1>"},
		cur:  map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Set up</h1>"},
	}, {
		name: "page kept, its clean URL now a folder the host sends it on to",
		prev: map[string]string{"index.html": home, "a.html": "<h1>A</h1>", "b/index.html": "B"},
		cur:  map[string]string{"index.html": home, "a/index.html": "<h1>A</h1>", "b/index.html": "B"},
	}, {
		name: "moved with a _redirects rule the host applies",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Setup</h1>"},
		cur: map[string]string{"index.html": home, "docs/install/index.html": "<h1>Setup</h1>",
			"_redirects": "# moved\n/guide/*  /docs/install/  301\n"},
		host: netlify,
	}, {
		name: "a _redirects rule whose target answers 404",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Setup</h1>"},
		cur: map[string]string{"index.html": home, "docs/install/index.html": "<h1>Setup</h1>",
			"_redirects": "/guide/:page/  /docs/:page/\n"},
		host: netlify,
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now _redirects line 1 sends it on to /docs/setup/ (301), which answers 404" +
			" | closest page now: /docs/install/ (the same first heading \"Setup\") | keep it: add the line `/guide/setup/ /docs/install/ 301` to _redirects"},
	}, {
		name: "a single-page app's rewrite of every path to its shell keeps no page",
		prev: map[string]string{"index.html": home, "guide/index.html": "<h1>Guide</h1>"},
		cur:  map[string]string{"index.html": home, "docs/guide/index.html": "<h1>Guide</h1>", "_redirects": "/*  /index.html  200\n"},
		host: netlify,
		want: []string{"prev/guide/index.html removed-url removed URL /guide/: the last deploy served it; now _redirects line 1 serves it from /index.html (200), which is a single-page app's shell, no page of its own" +
			" | closest page now: /docs/guide/ (the same last segment \"guide\") | keep it: add the line `/guide/ /docs/guide/ 301` to _redirects"},
	}, {
		name: "Cloudflare Pages applies a rule before the file at its path",
		prev: map[string]string{"index.html": home, "a/index.html": "<h1>A</h1>"},
		cur:  map[string]string{"index.html": home, "a/index.html": "<h1>A</h1>", "_redirects": "/a/  /gone/\n"},
		host: cloudflare,
		want: []string{"prev/a/index.html removed-url removed URL /a/: the last deploy served it; now _redirects line 1 sends it on to /gone/ (302), which answers 404" +
			" | closest page now: /kept/ (the nearest URL) | keep it: add the line `/a/ /kept/ 301` to _redirects"},
	}, {
		name: "a _redirects file the default host does not read",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Setup</h1>"},
		cur: map[string]string{"index.html": home, "docs/setup/index.html": "<h1>Setup</h1>",
			"_redirects": "/guide/setup/  /docs/setup/  301\n"},
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now it answers 404" +
			" | closest page now: /docs/setup/ (the same last segment \"setup\") | keep it: a redirect page build/guide/setup/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/docs/setup/\">"},
	}, {
		name: "moved with a redirect page",
		prev: map[string]string{"index.html": home, "old.html": "<h1>Old</h1>"},
		cur: map[string]string{"index.html": home, "new/index.html": "<h1>Old</h1>",
			"old.html": `<meta http-equiv="refresh" content="0; url=/new/">`},
	}, {
		name: "a redirect page to a page that is gone",
		prev: map[string]string{"index.html": home, "old.html": "<h1>Old</h1>"},
		cur: map[string]string{"index.html": home, "zzz/index.html": "<h1>Z</h1>",
			"old.html": `<meta http-equiv="refresh" content="0; url=/new/">`},
		want: []string{"prev/old.html removed-url removed URL /old: the last deploy served it; now its page old.html redirects to /new/, which answers 404" +
			" | closest page now: /zzz/ (the nearest URL) | keep it: a redirect page build/old.html holding <meta http-equiv=\"refresh\" content=\"0; url=/zzz/\">"},
	}, {
		name: "removed: the same last segment elsewhere, the nearest of two",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Setup</h1>"},
		cur: map[string]string{"index.html": home, "docs/guides/setup/index.html": "<title>Other</title>",
			"guides/setup/index.html": "<title>Other</title>"},
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now it answers 404" +
			" | closest page now: /guides/setup/ (the same last segment \"setup\") | keep it: a redirect page build/guide/setup/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/guides/setup/\">"},
	}, {
		name: "removed: the same title",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<title>Getting started</title><h1>Setup</h1>"},
		cur: map[string]string{"index.html": home, "start/index.html": "<title> Getting\n started </title><h1>Start</h1>",
			"guide/set/index.html": "<title>Set</title><h1>Setup</h1>"},
		host: netlify,
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now it answers 404" +
			" | closest page now: /start/ (the same title \"Getting started\") | keep it: add the line `/guide/setup/ /start/ 301` to _redirects"},
	}, {
		// Every version has a page of that name and title, nearer by
		// URL than the page's new name, and served before: not where it went.
		name: "renamed in versioned docs: the new URL of the same title, not another version's page",
		prev: map[string]string{"index.html": home,
			"1.1/profiling/index.html": "<title>Profiling</title>", "1.2/profiling/index.html": "<title>Profiling</title>"},
		cur: map[string]string{"index.html": home,
			"1.1/profiling/index.html": "<title>Profiling</title>", "1.2/guest-profiling/index.html": "<title>Profiling</title>"},
		want: []string{"prev/1.2/profiling/index.html removed-url removed URL /1.2/profiling/: the last deploy served it; now it answers 404" +
			" | closest page now: /1.2/guest-profiling/ (the same title \"Profiling\") | keep it: a redirect page build/1.2/profiling/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/1.2/guest-profiling/\">"},
	}, {
		// Renamed and retitled, its content kept: the page sharing most of
		// its headings, though another is nearer by URL.
		name: "removed: most of the same headings",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<title>Setup</title><h1>Setup</h1>" +
			"<h2>Install the CLI</h2><h2>Create a project</h2><h2>Run &amp; prove</h2>"},
		cur: map[string]string{"index.html": home, "guide/set/index.html": "<h1>Set</h1><h2>Install the CLI</h2>",
			"quick-start/index.html": "<title>Quick start</title><h1>Quick start</h1><h2>install the  CLI</h2><h2>Run & prove</h2><h2>Next</h2>"},
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now it answers 404" +
			" | closest page now: /quick-start/ (2 of its 4 headings the same) | keep it: a redirect page build/guide/setup/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/quick-start/\">"},
	}, {
		// Two of five is not most: the farther page with three is.
		name: "removed: most of the headings, not two of many",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Setup</h1><h2>A</h2><h2>B</h2><h2>C</h2><h2>D</h2>"},
		cur: map[string]string{"index.html": home, "guide/set/index.html": "<h1>Set</h1><h2>A</h2><h2>B</h2>",
			"zzz/index.html": "<h1>Z</h1><h2>B</h2><h2>C</h2><h2>D</h2>"},
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now it answers 404" +
			" | closest page now: /zzz/ (3 of its 5 headings the same) | keep it: a redirect page build/guide/setup/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/zzz/\">"},
	}, {
		// One heading in common ("Overview" is on many pages) says nothing.
		name: "removed: one heading the same is not enough",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<h1>Setup</h1><h2>Overview</h2>"},
		cur:  map[string]string{"index.html": home, "guide/set/index.html": "<h1>Set</h1>", "zzz/index.html": "<h1>Z</h1><h2>Overview</h2>"},
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now it answers 404" +
			" | closest page now: /guide/set/ (the nearest URL) | keep it: a redirect page build/guide/setup/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/guide/set/\">"},
	}, {
		name: "removed: the nearest URL, never a redirect page",
		prev: map[string]string{"index.html": home, "guide/setup/index.html": "<title>A</title>"},
		cur: map[string]string{"index.html": home, "guide/set/index.html": "<title>B</title>", "guid/index.html": "<title>C</title>",
			"guide/setu/index.html": `<meta http-equiv="refresh" content="0; url=/">`},
		want: []string{"prev/guide/setup/index.html removed-url removed URL /guide/setup/: the last deploy served it; now it answers 404" +
			" | closest page now: /guide/set/ (the nearest URL) | keep it: a redirect page build/guide/setup/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/guide/set/\">"},
	}, {
		name: "a forced rule wins over the file; a 404 rule answers nothing",
		prev: map[string]string{"index.html": home, "a/index.html": "A", "b/index.html": "B"},
		cur: map[string]string{"index.html": home, "a/index.html": "A", "b/index.html": "B", "c/index.html": "C",
			"_redirects": "/a/ /c/ 301!\n/b/ /c/ 301\n/c/ /gone/ 404!\n"},
		host: netlify,
		want: []string{"prev/a/index.html removed-url removed URL /a/: the last deploy served it; now _redirects line 1 sends it on to /c/ (301), which answers 404 (_redirects line 3)" +
			" | closest page now: /b/ (the nearest URL) | keep it: add the line `/a/ /b/ 301` to _redirects"},
	}, {
		name: "Cloudflare Pages with no 404.html sends the home page for a page gone: not the page",
		prev: map[string]string{"index.html": home, "a/index.html": "A"},
		cur:  map[string]string{"index.html": home, "b/index.html": "B"},
		host: cloudflare,
		want: []string{"prev/a/index.html removed-url removed URL /a/: the last deploy served it; now it answers 404" +
			" | closest page now: /b/ (the nearest URL) | keep it: add the line `/a/ /b/ 301` to _redirects"},
	}, {
		name: "a 404 page of the last deploy is no URL to keep",
		prev: map[string]string{"index.html": home, "a/index.html": "A", "404.html": "gone"},
		cur:  map[string]string{"index.html": home, "a/index.html": "A"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			found, err := compare(t, c.prev, c.cur, Options{Host: c.host})
			require.NoError(t, err)
			assert.Equal(t, c.want, said(found))
		})
	}
}

// Under a base path, the URLs, the rules and the redirect lines are the
// full paths readers see.
func TestRemovedURLUnderABasePath(t *testing.T) {
	netlify, _ := serve.Profile("netlify")
	found, err := compare(t,
		map[string]string{"index.html": home, "a/index.html": "A", "b/index.html": "<title>B</title>"},
		map[string]string{"index.html": home, "a/index.html": "A", "c/b/index.html": "<title>B</title>", "_redirects": "/repo/x/* /repo/a/\n"},
		Options{Host: netlify, BasePath: "/repo/"})
	require.NoError(t, err)
	assert.Equal(t, []string{"prev/b/index.html removed-url removed URL /repo/b/: the last deploy served it; now it answers 404" +
		" | closest page now: /repo/c/b/ (the same last segment \"b\") | keep it: add the line `/repo/b/ /repo/c/b/ 301` to _redirects"}, said(found))
}

func TestVercelRedirectLine(t *testing.T) {
	dir := t.TempDir()
	vercel := filepath.Join(dir, "vercel.json")
	require.NoError(t, os.WriteFile(vercel, []byte(`{"redirects": [{"source": "/old/(.*)", "destination": "/a/"}]}`), 0o644))
	routes, err := serve.ReadVercel(vercel)
	require.NoError(t, err)
	h := serve.Default
	h.Routes = routes
	found, err := compare(t,
		map[string]string{"index.html": home, "a/index.html": "A", "old/x/index.html": "O", "b/index.html": "B"},
		map[string]string{"index.html": home, "a/index.html": "A"}, Options{Host: h})
	require.NoError(t, err)
	assert.Equal(t, []string{"prev/b/index.html removed-url removed URL /b/: the last deploy served it; now it answers 404" +
		" | closest page now: /a/ (the nearest URL) | keep it: add {\"source\": \"/b/\", \"destination\": \"/a/\"} to the redirects of " + vercel}, said(found))
}

func TestRemovedAnchors(t *testing.T) {
	page := func(body string) map[string]string {
		return map[string]string{"index.html": home, "guide/index.html": body}
	}
	for _, c := range []struct {
		name      string
		prev, cur string
		ids       mdscan.IDStyle
		want      []string
	}{{
		name: "anchor kept, moved elsewhere on the page",
		prev: `<h2 id="a">A</h2><h2 id="b">B</h2>`,
		cur:  `<h2 id="b">B</h2><p><a id="a"></a></p>`,
	}, {
		name: "heading renamed under Docusaurus: its {/* #id */}, which MDX takes with or without mdx1Compat",
		prev: "<h1>Guide</h1>\n<h2 id=\"install-the-cli\">Install the CLI</h2>",
		cur:  "<h1>Guide</h1>\n<h2 id=\"get-the-tool\">Get the tool</h2>",
		ids:  mdscan.Docusaurus,
		want: []string{"build/guide/index.html:2:1 removed-anchor removed anchor /guide/#install-the-cli: the last deploy's page had the id \"install-the-cli\", the new page has no such id" +
			" | nearest heading now: \"Get the tool\" #get-the-tool (the same place in the outline) | keep it: {/* #install-the-cli */} after that heading's text in its markdown (the heading then has that id), or an empty <a id=\"install-the-cli\"></a> just before the heading"},
	}, {
		name: "heading renamed, as many headings: the one at its place",
		prev: "<h1>Guide</h1>\n<h2 id=\"install-the-cli\">Install the CLI</h2>\n<h2 id=\"use\">Use</h2>",
		cur:  "<h1>Guide</h1>\n<h2 id=\"get-the-tool\">Get the tool</h2>\n<h2 id=\"use\">Use</h2>",
		want: []string{"build/guide/index.html:2:1 removed-anchor removed anchor /guide/#install-the-cli: the last deploy's page had the id \"install-the-cli\", the new page has no such id" +
			" | nearest heading now: \"Get the tool\" #get-the-tool (the same place in the outline) | keep it: an empty <a id=\"install-the-cli\"></a> just before that heading"},
	}, {
		name: "id changed, text kept: the heading of the same text, with {#id} where the generator has it",
		prev: `<h2 id="intro">Intro</h2><h2 id="setup">Set up ¶</h2>`,
		cur:  `<h2 id="setup-1">set   up<a class="headerlink" href="#setup-1">¶</a></h2>`,
		ids:  mdscan.GitHub,
		want: []string{"build/guide/index.html:1:1 removed-anchor removed anchor /guide/#intro: the last deploy's page had the id \"intro\", the new page has no such id" +
			" | nearest heading now: \"set up\" #setup-1 (the most similar text) | keep it: {#intro} after that heading's text in its markdown (the heading then has that id), or an empty <a id=\"intro\"></a> just before the heading",
			"build/guide/index.html:1:1 removed-anchor removed anchor /guide/#setup: the last deploy's page had the id \"setup\", the new page has no such id" +
				" | nearest heading now: \"set up\" #setup-1 (the same text) | keep it: {#setup} after that heading's text in its markdown (the heading then has that id), or an empty <a id=\"setup\"></a> just before the heading"},
	}, {
		name: "a section's id stands at the heading it opens with",
		prev: "<h2 id=\"a\">Alpha</h2>\n<section id=\"s\">\n<h2 id=\"b\">Beta</h2></section>\n<section id=\"t\"><h2 id=\"c\">Gamma</h2></section>",
		cur:  "<h2 id=\"a\">Alpha</h2>\n<h2 id=\"b\">Beta</h2>\n<h2 id=\"c\">Gamma</h2>",
		want: []string{"build/guide/index.html:2:1 removed-anchor removed anchor /guide/#s: the last deploy's page had the id \"s\", the new page has no such id" +
			" | nearest heading now: \"Beta\" #b (the same text) | keep it: an empty <a id=\"s\"></a> just before that heading",
			"build/guide/index.html:3:1 removed-anchor removed anchor /guide/#t: the last deploy's page had the id \"t\", the new page has no such id" +
				" | nearest heading now: \"Gamma\" #c (the same text) | keep it: an empty <a id=\"t\"></a> just before that heading"},
	}, {
		name: "an id after text stands at the heading before it; an id before any is at none",
		prev: "<p id=\"top\">x</p><h2 id=\"a\">Alpha</h2><p>text</p><p id=\"note\">note</p>",
		cur:  "<h2 id=\"a\">Alpha</h2>\n<h2 id=\"b\">Beta</h2>",
		want: []string{"build/guide/index.html removed-anchor removed anchor /guide/#top: the last deploy's page had the id \"top\", the new page has no such id" +
			" | keep it: an empty <a id=\"top\"></a> where the id stood",
			"build/guide/index.html:1:1 removed-anchor removed anchor /guide/#note: the last deploy's page had the id \"note\", the new page has no such id" +
				" | nearest heading now: \"Alpha\" #a (the same text) | keep it: an empty <a id=\"note\"></a> just before that heading"},
	}, {
		name: "ids made per build are no deep links; an underscore alone makes none",
		prev: `<h2 id="a">A</h2><div id=":r1:"></div><div id="radix-:R2a:"></div><div id="«r3»"></div><div id="_r_1n_"></div><div id="headlessui-_R_2_-panel"></div><div id="__docusaurus_skipToContent_fallback"></div>`,
		cur:  `<h2 id="a">A</h2><div id=":r9:"></div><main id="__docusaurus_skipToContent_fallback"></main>`,
	}, {
		name: "an id with _r_ inside a word is the page's own",
		prev: `<h2 id="a">A</h2><p id="as_r_ef_x">x</p>`,
		cur:  `<h2 id="a">A</h2>`,
		want: []string{"build/guide/index.html:1:1 removed-anchor removed anchor /guide/#as_r_ef_x: the last deploy's page had the id \"as_r_ef_x\", the new page has no such id" +
			" | nearest heading now: \"A\" #a (the same text) | keep it: an empty <a id=\"as_r_ef_x\"></a> just before that heading"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			found, err := compare(t, page(c.prev), page(c.cur), Options{IDs: c.ids})
			require.NoError(t, err)
			assert.Equal(t, c.want, said(found))
		})
	}
}

// A page reached through a redirect page that drops the fragment keeps
// none of its deep links, and is not held to them; through the host's
// redirect (which keeps it) its ids are compared.
func TestAnchorsThroughRedirects(t *testing.T) {
	found, err := compare(t,
		map[string]string{"index.html": home, "a.html": `<h2 id="x">X</h2>`, "b.html": `<h2 id="y">Y</h2>`},
		map[string]string{"index.html": home, "a/index.html": `<h2 id="x2">X</h2>`,
			"b.html": `<meta http-equiv="refresh" content="0; url=/c/">`, "c/index.html": `<h2 id="y2">Y</h2>`},
		Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"build/a/index.html:1:1 removed-anchor removed anchor /a#x: the last deploy's page had the id \"x\", the new page has no such id" +
		" | nearest heading now: \"X\" #x2 (the same text) | keep it: an empty <a id=\"x\"></a> just before that heading"}, said(found))
}

func TestBadPrevious(t *testing.T) {
	site := map[string]string{"index.html": home, "a/index.html": "A"}
	for _, c := range []struct {
		name string
		prev map[string]string
		want string
	}{
		{"missing", nil, "previous build prev: no such folder or file (give the last deploy's build folder, its sitemap.xml, or a list of its URLs)"},
		{"no page", map[string]string{"style.css": "p{}"}, "previous build prev has no HTML pages: is it the folder the last deploy was built into?"},
		{"another site", map[string]string{"index.html": home, "x/index.html": "X", "y.html": "Y"},
			"previous build prev shares no URL with build: none of its pages answers there, the home page aside; is it a build of this site, for the same base URL?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if c.prev != nil {
				writeTree(t, dir, "prev", c.prev)
			}
			writeTree(t, dir, "build", site)
			t.Chdir(dir)
			_, err := compareWith(t, Options{Host: serve.Default})
			require.Error(t, err)
			assert.Equal(t, c.want, err.Error())
		})
	}
}

// A previous build of the home page alone shares only that, and is
// compared, not refused.
func TestPreviousOfTheHomePageAlone(t *testing.T) {
	found, err := compareExactly(t, map[string]string{"index.html": `<h1 id="top">Home</h1>`},
		map[string]string{"index.html": `<h1 id="home">Home</h1>`}, Options{})
	require.NoError(t, err)
	require.Len(t, found, 1)
	assert.True(t, strings.HasPrefix(found[0].Message, "removed anchor /#top:"), found[0].Message)
}

// Two pages as near: the first URL in byte order, whatever the order of
// their files.
func TestNearestTies(t *testing.T) {
	cur := &htmlsite.Site{Files: map[string]struct{}{}, HTML: []string{"b-/index.html", "b.html", "b-.html"}}
	for _, f := range cur.HTML {
		cur.Files[f] = struct{}{}
	}
	page := func(string) (htmlsite.Anchors, htmlsite.Redirect, bool) {
		return htmlsite.Anchors{}, htmlsite.Redirect{}, true
	}
	c := &comparison{o: Options{Host: serve.Default, BasePath: "/"}, cur: cur, curPage: page}
	cands := c.readCandidates()
	to, ok := cands.nearestAmong("/b-", cands.all, func(candidate) bool { return true })
	assert.True(t, ok)
	assert.Equal(t, "/b", to.url)
}

// A URL answered only by a redirect off the site is answered: the
// previous build is this site's.
func TestPreviousAnsweredOffTheSite(t *testing.T) {
	netlify, _ := serve.Profile("netlify")
	found, err := compareExactly(t, map[string]string{"index.html": home, "chat/index.html": "C"},
		map[string]string{"index.html": home, "_redirects": "/chat/ https://chat.example/ 302\n"}, Options{Host: netlify})
	require.NoError(t, err)
	assert.Empty(t, found)
}

// A redirect page to an absolute URL of the site's own origin, as Hugo
// writes an alias (its baseURL before the path), is followed on the new
// build when the site's URL is known: a page it leads to that is gone is
// a URL lost, not a redirect off the site.
func TestRedirectPageToTheSitesOwnURL(t *testing.T) {
	alias := `<!DOCTYPE html><html lang="en"><head><title>https://example.org/new/</title>` +
		`<link rel="canonical" href="https://example.org/new/"><meta name="robots" content="noindex">` +
		`<meta charset="utf-8"><meta http-equiv="refresh" content="0; url=https://example.org/new/"></head></html>`
	prev := map[string]string{"index.html": home, "old/index.html": "<title>Old</title>"}
	found, err := compare(t, prev, map[string]string{"index.html": home, "old/index.html": alias, "new/index.html": "<title>New</title>"},
		Options{SiteURL: "https://example.org/"})
	require.NoError(t, err)
	assert.Empty(t, found)
	prev = map[string]string{"index.html": home, "old/index.html": "<title>Old</title>"}
	found, err = compare(t, prev, map[string]string{"index.html": home, "old/index.html": alias, "other/index.html": "<title>Other</title>"},
		Options{SiteURL: "https://example.org/"})
	require.NoError(t, err)
	// /kept/ and /other/ are both 4 edits from /old/: the first in byte order.
	assert.Equal(t, []string{"prev/old/index.html removed-url removed URL /old/: the last deploy served it; now its page old/index.html redirects to https://example.org/new/, which answers 404" +
		" | closest page now: /kept/ (the nearest URL) | keep it: a redirect page build/old/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/kept/\">"}, said(found))
}

// A page whose bytes the new build's page at its path has is not parsed
// again: its ids are that page's. One of the same length whose id changed
// is another page, and its lost id is found; so is an id of an unchanged
// page that another page now answers for (a redirect kept the URL).
func TestUnchangedPagesKeepTheirIDs(t *testing.T) {
	for name, sum := range map[string]func(string) (uint64, bool){
		"known by the link check's sums": nil,
		"the new pages read again":       func(string) (uint64, bool) { return 0, false },
	} {
		t.Run(name, func(t *testing.T) {
			found, err := compare(t, map[string]string{
				"index.html":      home,
				"same/index.html": `<h2 id="aa">A</h2>`,
				"ids/index.html":  `<h2 id="aa">A</h2>`,
			}, map[string]string{
				"index.html":      home,
				"same/index.html": `<h2 id="aa">A</h2>`,
				"ids/index.html":  `<h2 id="bb">A</h2>`,
			}, Options{Sum: sum})
			require.NoError(t, err)
			assert.Equal(t, []string{
				`build/ids/index.html:1:1 removed-anchor removed anchor /ids/#aa: the last deploy's page had the id "aa", the new page has no such id | nearest heading now: "A" #bb (the same text) | keep it: an empty <a id="aa"></a> just before that heading`,
			}, said(found))
		})
	}
}

// A deploy that moved more pages than maxNearest to URLs no rule finds
// has the nearest URL sought for the first maxNearest of them; each of
// the others says why it has none.
func TestNearestSoughtForSoMany(t *testing.T) {
	prev, cur := map[string]string{"index.html": home}, map[string]string{"index.html": home, "new/index.html": "<title>New</title>"}
	for i := range maxNearest + 5 {
		prev[fmt.Sprintf("old-%d/index.html", i)] = fmt.Sprintf("<title>Old %d</title>", i)
	}
	found, err := compare(t, prev, cur, Options{})
	require.NoError(t, err)
	require.Len(t, found, maxNearest+5)
	nearest, notSought := 0, 0
	for _, line := range said(found) {
		switch {
		case strings.Contains(line, "(the nearest URL)"):
			nearest++
		case strings.Contains(line, fmt.Sprintf("closest page not sought: no page has its last segment, title or headings, and the nearest URL is sought for the first %d such URLs only", maxNearest)):
			notSought++
		}
	}
	assert.Equal(t, maxNearest, nearest)
	assert.Equal(t, 5, notSought)
}

// Headings on a hundred pages and more, one in a hundred of the site's
// or more, place no page: the two a removed page shares with every page
// of the site do not make the nearest of them its successor.
func TestCommonHeadingsPlaceNoPage(t *testing.T) {
	const template = "<h2>Parameters</h2><h2>Returns</h2>"
	prev := map[string]string{"index.html": home, "api/gone/index.html": "<h1>Gone</h1>" + template}
	cur := map[string]string{"index.html": home, "api/gon/index.html": "<h1>Gon</h1>", "api/a-gone/index.html": "<h1>A</h1>" + template}
	for i := range minCommon {
		page := fmt.Sprintf("api/f%d/index.html", i)
		prev[page] = fmt.Sprintf("<h1>F%d</h1>", i) + template
		cur[page] = prev[page]
	}
	found, err := compare(t, prev, cur, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"prev/api/gone/index.html removed-url removed URL /api/gone/: the last deploy served it; now it answers 404" +
		" | closest page now: /api/gon/ (the nearest URL) | keep it: a redirect page build/api/gone/index.html holding <meta http-equiv=\"refresh\" content=\"0; url=/api/gon/\">"}, said(found))
}
