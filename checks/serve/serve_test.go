package serve

import (
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func site(t *testing.T) string {
	return siteWith(t, map[string]string{
		"index.html": "home", "faq/index.html": "faq", "legacy.html": "legacy",
		"404.html": "not found", "assets/app.js": "js", "with space/index.html": "spaced",
	})
}

func siteWith(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	return dir
}

// response is what a client that does not follow redirects sees.
type response struct {
	status   int
	body     string
	location string
}

// get asks the running server, over a real connection, without following
// redirects: the test sees each answer as the browser gets it.
func get(t *testing.T, srv *httptest.Server, method, path string) response {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	require.NoError(t, err)
	client := &http.Client{Timeout: 5 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	require.NoError(t, err, "%s %s", method, path)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return response{res.StatusCode, string(body), res.Header.Get("Location")}
}

func TestHandlerServesLikeAStaticHost(t *testing.T) {
	srv := httptest.NewServer(Handler(site(t)))
	defer srv.Close()
	cases := []struct {
		path string
		want response
	}{
		{"/", response{200, "home", ""}},
		// A folder's page is served at its slash URL, as hosts do: the
		// browser then resolves the page's relative links against /faq/,
		// as the link check does.
		{"/faq", response{301, "", "/faq/"}},
		{"/faq?q=1", response{301, "", "/faq/?q=1"}},
		{"/faq/", response{200, "faq", ""}},
		{"/faq/?q=1", response{200, "faq", ""}},
		{"/faq/index.html", response{200, "faq", ""}},
		{"/legacy", response{200, "legacy", ""}}, // clean URL answered from legacy.html
		{"/assets/app.js", response{200, "js", ""}},
		{"/with%20space", response{301, "", "/with%20space/"}},
		{"/with%20space/", response{200, "spaced", ""}}, // percent-encoded, as browsers send it
		{"/missing", response{404, "not found", ""}},
		{"/../../etc/passwd", response{404, "not found", ""}}, // never climbs out of the root
		{"/faq.html", response{404, "not found", ""}},         // no faq.html file: the client normalises it
	}
	for _, c := range cases {
		assert.Equal(t, c.want, get(t, srv, "GET", c.path), c.path)
	}
}

// docs serve -dir site/dist names the folder relative to where it runs.
func TestRelativeRootIsServed(t *testing.T) {
	dir := site(t)
	t.Chdir(filepath.Dir(dir))
	srv := httptest.NewServer(Handler(filepath.Base(dir)))
	defer srv.Close()
	assert.Equal(t, response{200, "faq", ""}, get(t, srv, "GET", "/faq/"))
	t.Chdir(dir)
	srv2 := httptest.NewServer(Handler("."))
	defer srv2.Close()
	assert.Equal(t, response{200, "home", ""}, get(t, srv2, "GET", "/"))
}

// Under a base path (checks browser serves a project site at /repo/), a
// redirect keeps the path the site is mounted under.
func TestRedirectKeepsTheMountPath(t *testing.T) {
	srv := httptest.NewServer(http.StripPrefix("/repo", Handler(site(t))))
	defer srv.Close()
	assert.Equal(t, response{301, "", "/repo/faq/?a=b"}, get(t, srv, "GET", "/repo/faq?a=b"))
	assert.Equal(t, response{301, "", "/repo/"}, get(t, srv, "GET", "/repo"))
	assert.Equal(t, response{200, "home", ""}, get(t, srv, "GET", "/repo/"))
}

func TestSymlinksLeavingTheRootAreNotFollowed(t *testing.T) {
	outside := siteWith(t, map[string]string{"secret.txt": "secret", "hostname": "outside"})
	dir := site(t)
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "etc")))                                     // ln -s /etc site/etc
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "secret.txt"))) // a file link out
	require.NoError(t, os.Symlink(filepath.Join(dir, "faq"), filepath.Join(dir, "help")))                  // a link that stays inside
	require.NoError(t, os.Symlink("/etc", filepath.Join(dir, "sys")))
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	assert.Equal(t, response{404, "not found", ""}, get(t, srv, "GET", "/etc/hostname"))
	assert.Equal(t, response{404, "not found", ""}, get(t, srv, "GET", "/secret.txt"))
	assert.Equal(t, 404, get(t, srv, "GET", "/sys/hostname").status)
	assert.Equal(t, response{200, "faq", ""}, get(t, srv, "GET", "/help/"), "a link inside the root is served")
}

func TestSymlinkLoopIsNotFound(t *testing.T) {
	dir := site(t)
	require.NoError(t, os.Symlink("b", filepath.Join(dir, "a")))
	require.NoError(t, os.Symlink("a", filepath.Join(dir, "b")))
	require.NoError(t, os.Symlink(".", filepath.Join(dir, "self"))) // a folder that contains itself
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	start := time.Now()
	assert.Equal(t, response{404, "not found", ""}, get(t, srv, "GET", "/a"))
	assert.Equal(t, response{404, "not found", ""}, get(t, srv, "GET", "/a/"))
	assert.Equal(t, 200, get(t, srv, "GET", "/self/self/self/faq/").status, "a loop through a folder inside the root stays inside")
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestDotfilesAreHidden(t *testing.T) {
	dir := site(t)
	for _, f := range []string{".git/config", ".env", "docs/.secret", ".hidden/index.html", ".well/x.html"} {
		p := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte("private"), 0o644))
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, p := range []string{"/.git/config", "/.env", "/docs/.secret", "/.hidden/", "/.hidden", "/.well/x", "/%2egit/config", "/faq/../.env"} {
		assert.Equal(t, response{404, "not found", ""}, get(t, srv, "GET", p), p)
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	srv := httptest.NewServer(Handler(site(t)))
	defer srv.Close()
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "CONNECT", "PROPFIND"} {
		req, err := http.NewRequest(m, srv.URL+"/faq/", strings.NewReader("x"))
		require.NoError(t, err)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err, m)
		res.Body.Close()
		assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode, m)
		assert.Equal(t, "GET, HEAD", res.Header.Get("Allow"), m)
	}
	assert.Equal(t, response{200, "", ""}, get(t, srv, "HEAD", "/faq/"))
	assert.Equal(t, response{404, "", ""}, get(t, srv, "HEAD", "/missing"))
}

// profileSite holds what tells the hosts apart: a page as file.html, one as
// folder/index.html, one as both, an asset, and a 404 page in a folder.
var profileSite = map[string]string{
	"index.html": "home", "file.html": "file", "folder/index.html": "folder",
	"both.html": "both.html", "both/index.html": "both/index", "asset.txt": "asset",
	"404.html": "404", "blog/404.html": "blog 404", "blog/post.html": "post",
}

func TestProfilesServeAsTheirHosts(t *testing.T) {
	type row map[string]response
	ok := func(body string) response { return response{200, body, ""} }
	to := func(status int, loc string) response { return response{status, "", loc} }
	nf := func(body string) response { return response{404, body, ""} }
	own := response{404, "404 page not found\n", ""}
	want := map[string]row{
		"default": {"/file": ok("file"), "/file/": nf("404"), "/file.html": ok("file"), "/folder": to(301, "/folder/"),
			"/folder/": ok("folder"), "/folder/index.html": ok("folder"), "/both": to(301, "/both/"), "/both/": ok("both/index"),
			"/both.html": ok("both.html"), "/blog/gone": nf("404"), "/asset.txt": ok("asset")},
		"github-pages": {"/file": ok("file"), "/file/": nf("404"), "/file.html": ok("file"), "/folder": to(301, "/folder/"),
			"/folder/": ok("folder"), "/folder/index.html": ok("folder"), "/both": ok("both.html"), "/both/": ok("both/index"),
			"/both.html": ok("both.html"), "/blog/gone": nf("404"), "/asset.txt": ok("asset")},
		"netlify": {"/file": ok("file"), "/file/": to(301, "/file"), "/file.html": ok("file"), "/folder": to(301, "/folder/"),
			"/folder/": ok("folder"), "/folder/index.html": ok("folder"), "/both": ok("both.html"), "/both/": ok("both/index"),
			"/both.html": ok("both.html"), "/blog/gone": nf("404"), "/asset.txt": ok("asset")},
		"cloudflare-pages": {"/file": ok("file"), "/file/": to(308, "/file"), "/file.html": to(308, "/file"), "/folder": to(308, "/folder/"),
			"/folder/": ok("folder"), "/folder/index.html": to(308, "/folder/"), "/both": ok("both.html"), "/both/": ok("both/index"),
			"/both.html": to(308, "/both"), "/both/index.html": to(308, "/both/"), "/index.html": to(308, "/"),
			"/blog/gone": nf("blog 404"), "/gone": nf("404"), "/asset.txt": ok("asset")},
		"s3": {"/file": own, "/file/": own, "/file.html": ok("file"), "/folder": to(302, "/folder/"),
			"/folder/": ok("folder"), "/folder/index.html": ok("folder"), "/both": to(302, "/both/"), "/both/": ok("both/index"),
			"/both.html": ok("both.html"), "/blog/gone": own, "/asset.txt": ok("asset")},
		"nginx": {"/file": own, "/file/": own, "/file.html": ok("file"), "/folder": to(301, "/folder/"),
			"/folder/": ok("folder"), "/folder/index.html": ok("folder"), "/both": to(301, "/both/"), "/both/": ok("both/index"),
			"/both.html": ok("both.html"), "/blog/gone": own, "/asset.txt": ok("asset")},
	}
	require.ElementsMatch(t, ProfileNames(), slices.Collect(maps.Keys(want)), "every profile has its cases")
	dir := siteWith(t, profileSite)
	for name, rows := range want {
		host, found := Profile(name)
		require.True(t, found, name)
		srv := httptest.NewServer(host.Handler(dir))
		for p, w := range rows {
			assert.Equal(t, w, get(t, srv, "GET", p), "%s %s", name, p)
		}
		srv.Close()
	}
}

// Cloudflare Pages takes a site with no 404.html at its root for a
// single-page app: every unknown URL gets the root page, with 200.
func TestCloudflarePagesServesASinglePageApp(t *testing.T) {
	host, _ := Profile("cloudflare-pages")
	srv := httptest.NewServer(host.Handler(siteWith(t, map[string]string{"index.html": "app", "docs/index.html": "docs"})))
	defer srv.Close()
	assert.Equal(t, response{200, "app", ""}, get(t, srv, "GET", "/some/route"))
	assert.Equal(t, response{200, "docs", ""}, get(t, srv, "GET", "/docs/"))
}

// The link check takes a link as good when one of Candidates exists; the
// server must end, after its redirects, on that same file. Otherwise the
// gate passes a link the preview (and the host) breaks, or the reverse.
func TestAnswerAgreesWithCandidates(t *testing.T) {
	files := map[string]bool{}
	for f := range profileSite {
		files[f] = true
	}
	for _, f := range []string{"a", "a/index.html", "c/d/index.html", "e f.html", "g/index", "h.html/index.html", "j.html", "j/index.html", "k/.html"} {
		files[f] = true
	}
	isFile := func(f string) bool { return files[f] }
	paths := []string{"/", "/index.html", "/a", "/a/", "/c/d", "/c/d/", "/c/d/index.html", "/e%20f", "/e%20f.html", "/g/index", "/g", "/h.html",
		"/h.html/", "/j", "/j/", "/j.html", "/k/", "/x", "/x/", "//a", "/a/./", "/c/../a", "/blog/post", "/blog/post/", "/file.html/", "/both/index"}
	for f := range profileSite {
		paths = append(paths, "/"+f)
	}
	for _, name := range ProfileNames() {
		host, _ := Profile(name)
		for _, p := range paths {
			want := ""
			for _, c := range host.Candidates(p) {
				if files[c] {
					want = c
					break
				}
			}
			got, at := "", p
			for range 5 {
				a := host.Answer(at, isFile)
				if a.Location == "" {
					if a.Status == 200 {
						got = a.File
					}
					break
				}
				at = a.Location
			}
			if host.NotFound == NearestNotFound && want == "" && got == "index.html" {
				continue // the single-page app's fallback: Cloudflare's own 200
			}
			assert.Equal(t, want, got, "%s %s", name, p)
		}
	}
}

// hostCases is testdata/static-host.json: the cases the site's JavaScript
// (site/src/lib/routePath.js) must answer as this package does.
type hostCases struct {
	RouteOf   [][2]string `json:"routeOf"`
	RouteFile [][2]string `json:"routeFile"`
}

func readHostCases(t *testing.T) hostCases {
	raw, err := os.ReadFile("../../testdata/static-host.json")
	require.NoError(t, err)
	var c hostCases
	require.NoError(t, json.Unmarshal(raw, &c))
	return c
}

func TestURLRouteAgreesWithTheSite(t *testing.T) {
	for _, c := range readHostCases(t).RouteOf {
		assert.Equal(t, c[1], URLRoute(c[0]), c[0])
	}
}

// A route written to RouteFile is the route that file shows, and the URL
// the host serves that file at shows it too.
func TestRouteFileRoundTrips(t *testing.T) {
	// What each file of static-host.json's routeFile shows, and where a
	// host serves it, written out: the route without its trailing slash,
	// the URL with one (hosts redirect /a to /a/ for a/index.html).
	want := map[string]struct{ shows, url string }{
		"index.html":              {"/", "/"},
		"faq/index.html":          {"/faq", "/faq/"},
		"api/1.2/zkvm/index.html": {"/api/1.2/zkvm", "/api/1.2/zkvm/"},
		"api/zkvm/index.html":     {"/api/zkvm", "/api/zkvm/"},
	}
	for _, c := range readHostCases(t).RouteFile {
		if c[0] == "*" { // routes.json's not-found route: checks/routes
			continue
		}
		file := RouteFile(c[0])
		assert.Equal(t, c[1], file, c[0])
		w, known := want[file]
		require.True(t, known, "a case of static-host.json with no answer here: %s", file)
		route, ok := FileRoute(file)
		assert.True(t, ok)
		assert.Equal(t, w.shows, route, c[0])
		assert.Equal(t, w.shows, URLRoute(c[0]), c[0])
		assert.Equal(t, w.url, PageURL(file), c[0])
		assert.Equal(t, w.shows, URLRoute(w.url), c[0])
	}
}

func TestIsHTMLIgnoresLetterCase(t *testing.T) {
	for f, want := range map[string]bool{"a.html": true, "A.HTML": true, "b/c.htm": true, "d.Htm": true, "e.js": false, "html": false, "f.html.gz": false} {
		assert.Equal(t, want, IsHTML(f), f)
	}
}

func TestFileRoute(t *testing.T) {
	for file, want := range map[string]string{"index.html": "/", "api/zkvm/index.html": "/api/zkvm", "legacy.html": "/legacy", "404.html": "/404"} {
		got, ok := FileRoute(file)
		assert.True(t, ok, file)
		assert.Equal(t, want, got, file)
	}
	_, ok := FileRoute("img/logo.svg")
	assert.False(t, ok, "a file that is no page shows no route")
}

// The preview server answers through the site's _redirects as the host
// does: a redirect with the rule's status, a rewrite's target at the path,
// a 404 rule's page, a proxy it cannot make; and it reads the file again
// when a rebuild changes it.
func TestHandlerAppliesRedirects(t *testing.T) {
	dir := siteWith(t, map[string]string{"index.html": "home", "new.html": "new", "kept.html": "kept", "shell.html": "shell", "closed.html": "closed",
		"_redirects": "/old /new\n/kept /new\n/app/* /shell.html 200\n/shop/* /closed.html 404\n/api/* https://api.example/:splat 200\n/chat https://chat.example/ 302\n"})
	netlify, _ := Profile("netlify")
	srv := httptest.NewServer(netlify.Handler(dir))
	defer srv.Close()
	for path, want := range map[string]response{
		"/old":       {301, "", "/new"},
		"/old?q=1":   {301, "", "/new?q=1"},
		"/kept":      {200, "kept", ""}, // the file shadows the rule
		"/app/a/b":   {200, "shell", ""},
		"/shop/cart": {404, "closed", ""},
		"/chat":      {302, "", "https://chat.example/"},
		"/api/v1/x":  {502, "502 the host would fetch https://api.example/v1/x here; the preview does not\n", ""},
	} {
		assert.Equal(t, want, get(t, srv, "GET", path), path)
	}
	cloudflare, _ := Profile("cloudflare-pages")
	cf := httptest.NewServer(cloudflare.Handler(dir))
	defer cf.Close()
	assert.Equal(t, response{302, "", "/new"}, get(t, cf, "GET", "/kept"), "every rule first, 302 by default")
	assert.Equal(t, response{200, "home", ""}, get(t, cf, "GET", "/_redirects"), "the file itself is not served: with no 404.html, the app shell answers")
	// A rebuild writes another file: the next request follows it.
	require.NoError(t, os.WriteFile(filepath.Join(dir, RedirectsFile), []byte("/kept /elsewhere/ 301\n# a longer file\n"), 0o644))
	assert.Equal(t, response{301, "", "/elsewhere/"}, get(t, cf, "GET", "/kept"))
	// Mounted under a base path, the rules are the domain's paths.
	require.NoError(t, os.WriteFile(filepath.Join(dir, RedirectsFile), []byte("/repo/old /repo/new 301\n"), 0o644))
	repo := httptest.NewServer(http.StripPrefix("/repo", netlify.Handler(dir)))
	defer repo.Close()
	assert.Equal(t, response{301, "", "/repo/new"}, get(t, repo, "GET", "/repo/old"))
}
