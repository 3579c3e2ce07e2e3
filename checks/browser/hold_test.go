package browser

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/internal/busyload"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/remote"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// deployedSite is a small docs site: pages that share a stylesheet and
// a script (which fetches data), one page reached only through
// /docs/intro, and one real fault (a page whose script throws, and an
// image of it that is missing).
var deployedSite = map[string]string{
	"docs/index.html":  docPage(`<a href="intro">intro</a> <a href="guide">guide</a> <a href="broken">broken</a>`),
	"docs/intro.html":  docPage(`<a href="deep">deep</a>`),
	"docs/deep.html":   docPage(`<p>only intro links here</p>`),
	"docs/guide.html":  docPage(`<a href="./">start</a>`),
	"docs/broken.html": docPage(`<img src="/img/gone.png" alt=""><script>throw new Error("the real fault")</script>`),
	"css/site.css":     `body { background: url(/img/bg.png) }`,
	"img/bg.png":       "\x89PNG\r\n\x1a\n",
	"js/app.js":        `fetch("/data/site.json").then(r => r.json()).then(d => { if (!d.ok) throw new Error("no data") })`,
	"data/site.json":   `{"ok": true}`,
}

func docPage(body string) string {
	return "<!doctype html>\n<link rel=stylesheet href=/css/site.css>\n<script src=/js/app.js></script>\n" + body
}

// flakyHost serves a site as a rate-limited host under load does, while
// flaky is set: every fifth request answers 429 with Retry-After: 1, and
// each path of once answers 503 (with no Retry-After) the first time.
type flakyHost struct {
	files http.Handler
	mu    sync.Mutex
	flaky bool
	n     int
	once  map[string]bool
	// refused are the paths refused, by who asked (the crawl's reader of
	// pages or the browser).
	refused map[string][]string
}

func (h *flakyHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	status := 0
	if h.flaky {
		h.n++
		switch {
		case h.once[r.URL.Path]:
			delete(h.once, r.URL.Path)
			status = http.StatusServiceUnavailable
		case h.n%5 == 0:
			w.Header().Set("Retry-After", "1")
			status = http.StatusTooManyRequests
		}
		if status != 0 {
			who := "browser"
			if r.UserAgent() == remote.Agent {
				who = "reader"
			}
			h.refused[who] = append(h.refused[who], r.URL.Path)
		}
	}
	h.mu.Unlock()
	if status != 0 {
		w.WriteHeader(status)
		return
	}
	h.files.ServeHTTP(w, r)
}

// crawlDeployed finds the pages of the site under base/docs/ by its links
// and crawls them in two tabs, as checks browser URL --crawl does.
func crawlDeployed(t *testing.T, base string) ([]remote.Problem, []Finding) {
	t.Helper()
	ctx := context.Background()
	site, err := remote.Open(ctx, base+"/docs/", remote.Options{Rate: 50})
	require.NoError(t, err)
	found, err := site.Pages(ctx)
	require.NoError(t, err)
	got, err := shared.Crawl(CrawlOptions{Site: site, Pages: found.Pages, Tabs: 2, PageTimeout: 10 * time.Second, Quiet: time.Second})
	require.NoError(t, err)
	return found.Problems, got.Findings
}

// A deployed site that answers 429 with Retry-After: 1 on every fifth
// request, and 503 once on some pages, gives exactly the findings it gives
// served plainly: the 503s of the pages' discovery are asked again after a
// backoff (so /docs/deep, linked only from a page that flapped, is found),
// and a page's files answered 429 are held in the page and asked again
// after their Retry-After. The same under a load of twice the cores.
func TestADeployedSiteThatLimitsItsRateGivesTheSameFindings(t *testing.T) {
	needBrowser(t)
	h := &flakyHost{files: serve.Default.Handler(writeSite(t, deployedSite))}
	srv := httptest.NewServer(h)
	defer srv.Close()
	base := srv.URL
	want := []Finding{
		{Check: registry.FailedRequest, File: base + "/docs/broken", Line: 4, Message: "/img/gone.png answered 404 Not Found"},
		{Check: registry.PageException, File: base + "/docs/broken", Line: 4, Col: 47, Message: "uncaught exception: Error: the real fault"},
	}
	problems, plain := crawlDeployed(t, base)
	require.Empty(t, problems)
	require.ElementsMatch(t, want, plain, "served plainly")

	for _, load := range []string{"idle", "under load"} {
		if load == "under load" {
			busyload.Start(t)
		}
		h.mu.Lock()
		h.flaky, h.n, h.once, h.refused = true, 0, map[string]bool{"/docs/intro": true, "/docs/guide": true}, map[string][]string{}
		h.mu.Unlock()
		problems, flaky := crawlDeployed(t, base)
		assert.Empty(t, problems, load)
		assert.ElementsMatch(t, plain, flaky, load)
		h.mu.Lock()
		assert.Subset(t, h.refused["reader"], []string{"/docs/intro", "/docs/guide"}, load)
		assert.True(t, hasFile(h.refused["browser"]), "the browser was refused some file of a page (%s): %v", load, h.refused["browser"])
		h.mu.Unlock()
	}
}

// hasFile is true when paths have one that is not a page's (a stylesheet,
// script, image or data file).
func hasFile(paths []string) bool {
	for _, p := range paths {
		if !strings.HasPrefix(p, "/docs/") && p != "/robots.txt" && p != "/sitemap.xml" {
			return true
		}
	}
	return false
}

// refusing answers each path of refuse its status (with Retry-After when
// set) the first times times it is asked (0: always), and serves the
// site's files otherwise; asked counts the requests of each path.
type refusing struct {
	files  http.Handler
	refuse map[string]refusal
	mu     sync.Mutex
	asked  map[string]int
}

type refusal struct {
	status     int
	retryAfter string
	times      int
}

func (h *refusing) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.asked[r.URL.Path]++
	n := h.asked[r.URL.Path]
	h.mu.Unlock()
	if no, ok := h.refuse[r.URL.Path]; ok && (no.times == 0 || n <= no.times) {
		if no.retryAfter != "" {
			w.Header().Set("Retry-After", no.retryAfter)
		}
		if no.status/100 == 3 {
			w.Header().Set("Location", no.retryAfter) // a redirect's target
			w.Header().Del("Retry-After")
		}
		w.WriteHeader(no.status)
		return
	}
	h.files.ServeHTTP(w, r)
}

// crawlURLs crawls the pages (paths) of the site at base one tab at a time.
func crawlURLs(t *testing.T, base string, timeout time.Duration, paths ...string) []Finding {
	t.Helper()
	site, err := remote.Open(context.Background(), base+"/", remote.Options{Rate: 100})
	require.NoError(t, err)
	var pages []string
	for _, p := range paths {
		pages = append(pages, base+p)
	}
	got, err := shared.Crawl(CrawlOptions{Site: site, Pages: pages, Tabs: 1, PageTimeout: timeout})
	require.NoError(t, err)
	return got.Findings
}

func serveRefusing(t *testing.T, files map[string]string, refuse map[string]refusal) (*refusing, string) {
	h := &refusing{files: serve.Default.Handler(writeSite(t, files)), refuse: refuse, asked: map[string]int{}}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return h, srv.URL
}

// A page's file that the host refuses for good is reported, saying why
// it was not held (no Retry-After, one too long) or that it was held as
// often as the crawl holds one; a 503 with no Retry-After is the host's
// fault as ever.
func TestAFileRefusedForGoodIsReportedSayingWhy(t *testing.T) {
	needBrowser(t)
	css := func(name string) string { return "<!doctype html><link rel=stylesheet href=/" + name + ".css>" }
	_, base := serveRefusing(t, map[string]string{
		"none.html": css("none"), "long.html": css("long"), "stubborn.html": css("stubborn"), "down.html": css("down"),
		"none.css": "", "long.css": "", "stubborn.css": "", "down.css": "",
	}, map[string]refusal{
		"/none.css":     {status: 429},
		"/long.css":     {status: 429, retryAfter: "3600"},
		"/stubborn.css": {status: 429, retryAfter: "1"},
		"/down.css":     {status: 503},
	})
	got := crawlURLs(t, base, 5*time.Second, "/none", "/long", "/stubborn", "/down")
	assert.Equal(t, []Finding{
		{Check: registry.FailedRequest, File: base + "/down", Line: 1, Message: "/down.css answered 503 Service Unavailable"},
		{Check: registry.FailedRequest, File: base + "/long", Line: 1, Message: "/long.css answered 429 Too Many Requests and asked to wait 1h0m0s: a page's requests are held 5s at most in all"},
		{Check: registry.FailedRequest, File: base + "/none", Line: 1, Message: "/none.css answered 429 Too Many Requests, with no Retry-After to wait for"},
		{Check: registry.FailedRequest, File: base + "/stubborn", Line: 1, Message: "/stubborn.css answered 429 Too Many Requests again after its Retry-After was waited out 3 times"},
	}, got)
}

// The time a page's requests are held is the host's, not the page's: a
// stylesheet held twice for a second still lets a page with a limit of
// two seconds load and settle.
func TestTheTimeHeldIsNotThePages(t *testing.T) {
	needBrowser(t)
	h, base := serveRefusing(t, map[string]string{"slow.html": "<!doctype html><link rel=stylesheet href=/slow.css>", "slow.css": ""},
		map[string]refusal{"/slow.css": {status: 429, retryAfter: "1", times: 2}})
	assert.Empty(t, crawlURLs(t, base, 2*time.Second, "/slow"))
	assert.Equal(t, 3, h.asked["/slow.css"], "asked three times")
}

// A page whose document redirects to another site is reported as such
// (redirect-off-site), and the other site is never asked, whether the
// redirect is the page's first answer or comes after one on the site;
// the next page is crawled as ever.
func TestAPageThatRedirectsOffTheSiteIsNotFollowed(t *testing.T) {
	needBrowser(t)
	other, elsewhere := serveRefusing(t, map[string]string{"x.html": "<!doctype html><script>throw new Error('elsewhere')</script>"}, nil)
	_, base := serveRefusing(t, map[string]string{"next.html": "<!doctype html>\n<script>throw new Error('next')</script>"}, map[string]refusal{
		"/away": {status: http.StatusFound, retryAfter: elsewhere + "/x"},
		"/hop":  {status: http.StatusMovedPermanently, retryAfter: "/hop2"},
		"/hop2": {status: http.StatusFound, retryAfter: elsewhere + "/x"},
	})
	got := crawlURLs(t, base, 5*time.Second, "/away", "/hop", "/next")
	assert.Equal(t, []Finding{
		{Check: registry.RedirectOffSite, File: base + "/away", Message: "redirects to " + elsewhere + "/x, off the site: not followed, not crawled"},
		{Check: registry.RedirectOffSite, File: base + "/hop", Message: "redirects to " + elsewhere + "/x, off the site: not followed, not crawled (by way of /hop2)"},
		{Check: registry.PageException, File: base + "/next", Line: 2, Col: 15, Message: "uncaught exception: Error: next"},
	}, got)
	assert.Empty(t, other.asked, "the other site is never asked")
}

// A file asked again is given to the page as the host sent it then, an
// empty one too: not the body of the 429 it replaces (here a script that
// throws), which Chromium keeps when the answer given has none.
func TestAFileAskedAgainIsTheHostsNewAnswer(t *testing.T) {
	needBrowser(t)
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/e.js" {
			mu.Lock()
			n++
			k := n
			mu.Unlock()
			if k == 1 {
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(429)
				w.Write([]byte(`throw new Error("the 429's body")`))
				return
			}
			w.Header().Set("Content-Type", "text/javascript")
			return
		}
		w.Write([]byte(`<!doctype html><script src=/e.js></script>`))
	}))
	defer srv.Close()
	got := crawlURLs(t, srv.URL, 5*time.Second, "/")
	assert.Empty(t, got)
}

// A deployed site's tab pauses both its documents (at the request stage,
// so a page's own navigation off the site is never loaded: left-site) and
// the site's responses (at the response stage, so a file answered 429 is
// held, and a redirect off the site stopped): one tab, one Fetch.enable
// with both, each paused request answered once. Here a page's stylesheet
// is refused once with a Retry-After and a script of the page then sends
// its reader to another site; another page's URL redirects there; a third
// is a redirect page (a meta refresh), which is the site's redirect, not
// the page's leaving. The same idle and under a load of twice the cores.
func TestADeployedTabHoldsFilesAndStopsLeavingAlike(t *testing.T) {
	needBrowser(t)
	for _, load := range []string{"idle", "under load"} {
		if load == "under load" {
			busyload.Start(t)
		}
		other, elsewhere := serveRefusing(t, map[string]string{"x.html": "<!doctype html>"}, nil)
		h, base := serveRefusing(t, map[string]string{
			"leaves.html":  "<!doctype html>\n<link rel=stylesheet href=/held.css>\n<script>addEventListener(\"load\", () => location.href = \"" + elsewhere + "/x\")</script>",
			"held.css":     "",
			"refresh.html": "<!doctype html>\n<meta http-equiv=\"refresh\" content=\"0; url=" + elsewhere + "/x\">",
		}, map[string]refusal{
			"/held.css": {status: 429, retryAfter: "1", times: 1},
			"/away":     {status: http.StatusFound, retryAfter: elsewhere + "/x"},
		})
		got := crawlURLs(t, base, 5*time.Second, "/leaves", "/away", "/refresh")
		assert.Equal(t, []Finding{
			{Check: registry.RedirectOffSite, File: base + "/away", Message: "redirects to " + elsewhere + "/x, off the site: not followed, not crawled"},
			{Check: registry.LeftSite, File: base + "/leaves", Line: 3, Col: 54, Message: "the page sent its reader to another site by itself: " + elsewhere + "/x (not loaded; the page was judged where it was)"},
			// a redirect page, read again from the site: the site's redirect, at its URL
			{Check: registry.RedirectOffSite, File: base + "/refresh", Line: 2, Col: 37, Message: "redirects to " + elsewhere + "/x, off the site (a redirect page): not followed"},
		}, got, load)
		assert.Equal(t, 2, h.asked["/held.css"], "the stylesheet, held and asked again, "+load)
		assert.Empty(t, other.asked, "the other site is never asked, "+load)
	}
}

// A service worker's own requests of a deployed site are held as the
// page's are: its importScripts and the files it caches as it installs,
// refused once with a Retry-After, are asked again and the page is clean;
// one refused for good is reported, saying why it was not held, in the
// worker's script (a page's place is in its own file).
func TestAServiceWorkersRequestsAreHeldAsThePages(t *testing.T) {
	needBrowser(t)
	page := func(sw string) string {
		return "<!doctype html>\n<script>navigator.serviceWorker.register(\"/" + sw + "\")</script>"
	}
	h, base := serveRefusing(t, map[string]string{
		"held.html": page("held.js"),
		"held.js": `importScripts("/lib.js")
self.addEventListener("install", e => e.waitUntil(caches.open("v1").then(c => c.addAll(["/held.css", "/data.json"]))))`,
		"refused.html": page("refused.js"),
		"refused.js":   `self.addEventListener("install", e => e.waitUntil(fetch("/gone.json")))`,
		"lib.js":       "self.lib = 1", "held.css": "", "data.json": "{}", "gone.json": "{}",
	}, map[string]refusal{
		"/lib.js":    {status: 503, retryAfter: "1", times: 1},
		"/held.css":  {status: 429, retryAfter: "1", times: 1},
		"/gone.json": {status: 429},
	})
	got := crawlURLs(t, base, 10*time.Second, "/held", "/refused")
	assert.Equal(t, []Finding{
		{Check: registry.FailedRequest, File: base + "/refused", Message: "/gone.json answered 429 Too Many Requests, with no Retry-After to wait for (at /refused.js:1:51)"},
	}, got)
	h.mu.Lock()
	defer h.mu.Unlock()
	assert.Equal(t, 2, h.asked["/lib.js"], "the import, held and asked again")
	assert.Equal(t, 2, h.asked["/held.css"], "the cached file, held and asked again")
}
