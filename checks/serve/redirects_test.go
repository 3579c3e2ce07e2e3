package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRedirectsMatch(t *testing.T) {
	r, err := ParseRedirects("_redirects", []byte(`# comment
/store id=:id  /blog/:id  301
/fr/*  /fr/404.html  404
/old/      /new/
/news/*    /blog/:splat   302!
/a/:year/:month  /b/:month-:year  200
/caf%C3%A9  /cafe/ 308
https://other.example/* https://example.com/:splat 301!
/de/* /de/ 302 Language=de
/last /end
`), Netlify)
	require.NoError(t, err)
	for _, c := range []struct {
		path string
		want Redirected
		ok   bool
	}{
		{"/store", Redirected{}, false}, // a query condition answers some requests only
		{"/fr/x", Redirected{To: "/fr/404.html", Status: 404, Line: 3}, true},
		{"/old/", Redirected{To: "/new/", Status: 301, Line: 4}, true},
		{"/old", Redirected{To: "/new/", Status: 301, Line: 4}, true}, // the slash normalised first
		{"/old/x", Redirected{}, false},
		{"/news/2004/01/story", Redirected{To: "/blog/2004/01/story", Status: 302, Force: true, Line: 5}, true},
		{"/news", Redirected{To: "/blog/", Status: 302, Force: true, Line: 5}, true},
		{"/newsy", Redirected{}, false},
		{"/a/2024/05", Redirected{To: "/b/05-2024", Status: 200, Line: 6}, true},
		{"/a/2024", Redirected{}, false},
		{"/caf%c3%a9", Redirected{To: "/cafe/", Status: 308, Line: 7}, true},
		{"/de/x", Redirected{}, false}, // a language condition
		{"/last", Redirected{To: "/end", Status: 301, Line: 10}, true},
	} {
		assertMatch(t, r, c.path, c.want, c.ok)
	}
	var none *Redirects
	_, ok := none.Match("/old/")
	assert.False(t, ok)
}

func TestRedirectsErrors(t *testing.T) {
	_, err := ParseRedirects("site/_redirects", []byte("/a /b\n/lonely\n"), Netlify)
	assert.EqualError(t, err, `site/_redirects:2: a rule is FROM TO [STATUS], not "/lonely" alone`)
	_, err = ParseRedirects("site/_redirects", []byte("/a /b 3o1\n"), nil)
	assert.EqualError(t, err, `site/_redirects:1: status "3o1": want a number such as 301 or 200, with ! to force`)
}

// Cloudflare Pages reads the same syntax otherwise
// (developers.cloudflare.com pages/configuration/redirects and its rules
// engine): 302 by default; a source is matched whole, "*" any characters
// and ":name" up to a "/", anywhere; "!", a 404 and a 200 to another site
// are lines it ignores.
func TestRedirectsCloudflarePages(t *testing.T) {
	r, err := ParseRedirects("_redirects", []byte(`/exact /new
/forced /new 301!
/shop/* /shop/closed.html 404
/api/* https://api.example.com/:splat 200
/blog/* /posts/:splat
/docs/v:version /versions/:version/ 308
/go/*/x /went/:splat 301
/exact /second
`), CloudflarePages)
	require.NoError(t, err)
	assert.Equal(t, []IgnoredRule{
		{File: "_redirects", Line: 2, From: "/forced", Why: `Cloudflare Pages ignores a rule with "!" (it applies every rule, whatever file answers the path)`},
		{File: "_redirects", Line: 3, From: "/shop/*", Why: "Cloudflare Pages ignores a rule of status 404"},
		{File: "_redirects", Line: 4, From: "/api/*", Why: "Cloudflare Pages ignores a rewrite (200) to another site: it rewrites only to a path of the site"},
	}, r.Ignored)
	for _, c := range []struct {
		path string
		want Redirected
		ok   bool
	}{
		{"/exact", Redirected{To: "/new", Status: 302, Line: 1}, true}, // the first of a path wins
		{"/exact/", Redirected{}, false},                               // no slash normalised
		{"/forced", Redirected{}, false},
		{"/blog/a/b", Redirected{To: "/posts/a/b", Status: 302, Line: 5}, true},
		{"/blog/", Redirected{To: "/posts/", Status: 302, Line: 5}, true},
		{"/blog", Redirected{}, false},
		{"/docs/v2", Redirected{To: "/versions/2/", Status: 308, Line: 6}, true},
		{"/docs/v", Redirected{}, false},
		{"/go/a/b/x", Redirected{To: "/went/a/b", Status: 301, Line: 7}, true},
	} {
		assertMatch(t, r, c.path, c.want, c.ok)
	}
}

// A rule of no placeholder is found by its path, and still loses to an
// earlier rule with placeholders that matches.
func TestRedirectsOrderAcrossStaticAndDynamic(t *testing.T) {
	r, err := ParseRedirects("_redirects", []byte("/a/* /first\n/a/b /second\n/c /third\n/* /any\n"), Netlify)
	require.NoError(t, err)
	got, _ := r.Match("/a/b")
	assert.Equal(t, 1, got.Line)
	got, _ = r.Match("/c/")
	assert.Equal(t, 3, got.Line)
}

// The host's answer applies the rules as each host does.
func TestAnswerAppliesRedirects(t *testing.T) {
	files := map[string]bool{"index.html": true, "new.html": true, "kept.html": true, "shell.html": true, "closed.html": true, "404.html": true}
	isFile := func(f string) bool { return files[f] }
	rules := "/old /new\n/kept /new\n/forced /new 301!\n/app/* /shell.html 200\n/shop/* /closed.html 404\n/chat https://chat.example/ 302\n/ghost /nothing 200\n"
	netlify, _ := Profile("netlify")
	netlify.Redirects, _ = ParseRedirects("_redirects", []byte(rules), netlify.ReadsRedirects)
	rule := func(to string, status int, force bool, line int) *Redirected {
		return &Redirected{To: to, Status: status, Force: force, File: RedirectsFile, Line: line}
	}
	for _, c := range []struct {
		path string
		want Answer
	}{
		{"/old", Answer{Status: 301, Location: "/new", Rule: rule("/new", 301, false, 1)}},
		{"/kept", Answer{Status: 200, File: "kept.html"}}, // the file shadows the rule
		{"/forced", Answer{Status: 301, Location: "/new", Rule: rule("/new", 301, true, 3)}},
		{"/app/x/y", Answer{Status: 200, File: "shell.html", Rule: rule("/shell.html", 200, false, 4)}},
		{"/shop/cart", Answer{Status: 404, File: "closed.html", Rule: rule("/closed.html", 404, false, 5)}},
		{"/chat", Answer{Status: 302, Location: "https://chat.example/", Away: true, Rule: rule("https://chat.example/", 302, false, 6)}},
		{"/ghost", Answer{Status: 404, File: "404.html", Rule: rule("/nothing", 200, false, 7)}},
		{"/none", Answer{Status: 404, File: "404.html"}},
	} {
		assert.Equal(t, c.want, netlify.Answer(c.path, isFile), c.path)
	}
	cloudflare, _ := Profile("cloudflare-pages")
	cloudflare.Redirects, _ = ParseRedirects("_redirects", []byte(rules), cloudflare.ReadsRedirects)
	assert.Equal(t, Answer{Status: 302, Location: "/new", Rule: rule("/new", 302, false, 2)}, cloudflare.Answer("/kept", isFile), "no shadowing")
	assert.Equal(t, Answer{Status: 308, Location: "/kept"}, cloudflare.Answer("/kept.html", isFile), "a rule of /kept is none of /kept.html")
	// Under a base path the rules are the domain's: the site's /moved is
	// /repo/moved, and a target outside /repo/ leaves the site.
	netlify.Redirects, _ = ParseRedirects("_redirects", []byte("/old /new\n/repo/moved /repo/new\n/repo/out /elsewhere/\n"), netlify.ReadsRedirects)
	netlify.Redirects.Base = "/repo/"
	assert.Equal(t, Answer{Status: 404, File: "404.html"}, netlify.Answer("/old", isFile))
	assert.Equal(t, Answer{Status: 301, Location: "/new", Rule: rule("/repo/new", 301, false, 2)}, netlify.Answer("/moved", isFile))
	assert.Equal(t, Answer{Status: 301, Location: "/elsewhere/", Away: true, Rule: rule("/elsewhere/", 301, false, 3)}, netlify.Answer("/out", isFile))
}

// Cloudflare Pages drops a rule its own index.html handling would loop
// on, and reads at most 100 dynamic rules, none after them.
func TestRedirectsCloudflarePagesLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("/* /index.html 200\n/docs/ /docs/index\n/ok /fine\n")
	for i := range 101 {
		fmt.Fprintf(&b, "/d%d/* /x\n", i)
	}
	b.WriteString("/after /x\n")
	r, err := ParseRedirects("_redirects", []byte(b.String()), CloudflarePages)
	require.NoError(t, err)
	loop := "Cloudflare Pages ignores a rule of every path, or the root, to an index page: its own dropping of index.html would send the reader back to it"
	assert.Equal(t, []IgnoredRule{{File: "_redirects", Line: 1, From: "/*", Why: loop}, {File: "_redirects", Line: 2, From: "/docs/", Why: loop},
		{File: "_redirects", Line: 104, From: "/d100/*", Why: "Cloudflare Pages reads at most 100 rules with a placeholder or a splat, and no line after the last"}}, r.Ignored)
	assert.Len(t, r.Rules(), 101)
	_, ok := r.Match("/after")
	assert.False(t, ok)
}

// assertMatch holds r's rule for path to want (ok: one matches), every
// rule being the _redirects file's.
func assertMatch(t *testing.T, r *Redirects, path string, want Redirected, ok bool) {
	t.Helper()
	got, matched := r.Match(path)
	assert.Equal(t, ok, matched, path)
	if matched {
		want.File = RedirectsFile
	}
	assert.Equal(t, want, got, path)
}
