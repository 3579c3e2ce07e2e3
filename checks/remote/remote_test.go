package remote

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// host serves files from a map (path → body; a body starting "<" is HTML),
// and records the paths asked for.
type host struct {
	files map[string]string
	// status, when set for a path, is answered instead of its file.
	status map[string]func(w http.ResponseWriter)
	mu     sync.Mutex
	asked  []string
}

func (h *host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.asked = append(h.asked, r.URL.Path)
	answer := h.status[r.URL.Path]
	h.mu.Unlock()
	if answer != nil {
		answer(w)
		return
	}
	body, ok := h.files[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	switch {
	case strings.HasSuffix(r.URL.Path, ".png"):
		w.Header().Set("Content-Type", "image/png")
	case strings.HasPrefix(body, "<?xml"):
		w.Header().Set("Content-Type", "application/xml")
	case strings.HasPrefix(body, "<"):
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	}
	w.Write([]byte(body))
}

func serve(t *testing.T, h *host) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// fast keeps the tests quick; the rate is the host's, not the test's.
var fast = Options{Rate: 1000}

func pages(t *testing.T, start string, o Options) []string {
	got, _ := pagesHow(t, start, o)
	return got
}

func pagesHow(t *testing.T, start string, o Options) ([]string, string) {
	t.Helper()
	found := discover(t, start, o)
	require.Empty(t, found.Problems)
	return found.Pages, found.How
}

func discover(t *testing.T, start string, o Options) Found {
	t.Helper()
	s, err := Open(context.Background(), start, o)
	require.NoError(t, err)
	found, err := s.Pages(context.Background())
	require.NoError(t, err)
	return found
}

func TestPagesFollowLinksUnderTheStartAsTheBrowserResolvesThem(t *testing.T) {
	h := &host{files: map[string]string{
		"/robots.txt":        "User-agent: *\nDisallow: /docs/private/\n",
		"/docs/":             `<a href="moved">moved</a><a href="guide">g</a><a href="guide#part">same page</a><a href="guide?tab=2">same page</a><a href="/blog/">not under the start</a><a href="https://example.com/docs/x">another host</a><a href="private/keys">robots.txt forbids</a><img src="logo.png"><a href="logo.png">an image</a>`,
		"/docs/guide":        `<base href="/docs/ref/"><a href="api">api</a><a href="../missing">missing</a>`,
		"/docs/ref/api":      `<p>no links</p>`,
		"/docs/logo.png":     "\x89PNG",
		"/docs/private/keys": `<p>secret</p>`,
		"/blog/":             `<p>blog</p>`,
		// /docs/moved redirects to /docs/new/: the page is the URL it ended
		// at, and its links are relative to that, as in a browser.
		"/docs/new/":     `<a href="page">page</a>`,
		"/docs/new/page": `<p>`,
	}}
	h.status = map[string]func(http.ResponseWriter){"/docs/moved": func(w http.ResponseWriter) {
		w.Header().Set("Location", "/docs/new/")
		w.WriteHeader(http.StatusMovedPermanently)
	}}
	base := serve(t, h)
	found := discover(t, base+"/docs", fast)
	assert.Equal(t, []string{base + "/docs/", base + "/docs/guide", base + "/docs/new/", base + "/docs/new/page", base + "/docs/ref/api"}, found.Pages)
	assert.Equal(t, "reached by its links (no sitemap lists a page under "+base+"/docs/)", found.How)
	assert.Equal(t, []Problem{{Check: "failed-request", URL: base + "/docs/missing", Message: "answered 404 Not Found when the crawl read it for its links (linked from " + base + "/docs/guide)"}}, found.Problems)
	assert.NotContains(t, h.asked, "/docs/private/keys", "robots.txt forbids it: not even asked for")
	assert.NotContains(t, h.asked, "/blog/")
}

func TestPagesComeFromTheSitemapsRobotsTxtNames(t *testing.T) {
	h := &host{files: map[string]string{"/docs/": `<a href="not-in-the-sitemap">x</a>`}}
	base := serve(t, h)
	h.files["/robots.txt"] = "User-agent: devdocs-checks\nDisallow: /docs/hidden\n\nSitemap: " + base + "/maps/index.xml\n"
	h.files["/maps/index.xml"] = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>` + base + `/maps/a.xml</loc></sitemap><sitemap><loc>` + base + `/maps/b.xml.gz</loc></sitemap></sitemapindex>`
	h.files["/maps/a.xml"] = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> ` + base + `/docs/a#top </loc></url><url><loc>` + base + `/docs/hidden</loc></url><url><loc>` + base + `/other</loc></url></urlset>`
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`<?xml version="1.0"?><urlset><url><loc>` + base + `/docs/b</loc></url></urlset>`))
	zw.Close()
	h.files["/maps/b.xml.gz"] = gz.String()

	got, how := pagesHow(t, base+"/docs/", fast)
	assert.Equal(t, []string{base + "/docs/a", base + "/docs/b"}, got, "from both sitemaps of the index, robots.txt and the start folder obeyed")
	assert.Equal(t, "listed by its sitemaps", how)
	assert.NotContains(t, h.asked, "/docs/not-in-the-sitemap", "a sitemap lists the pages: no link is followed")
}

// A preview deployment's sitemap names the production host's URLs: its
// pages are then found by their links.
func TestASitemapOfAnotherHostIsPassedOver(t *testing.T) {
	h := &host{files: map[string]string{
		"/":            `<a href="a">a</a>`,
		"/a":           "<p>",
		"/sitemap.xml": `<?xml version="1.0"?><urlset><url><loc>https://docs.example.com/a</loc></url></urlset>`,
	}}
	base := serve(t, h)
	got, how := pagesHow(t, base, fast)
	assert.Equal(t, []string{base + "/", base + "/a"}, got)
	assert.Contains(t, how, "reached by its links")
}

func TestPagesStopAtMaxPages(t *testing.T) {
	h := &host{files: map[string]string{"/": `<a href="a">a</a><a href="b">b</a><a href="c">c</a>`, "/a": "<p>", "/b": "<p>", "/c": "<p>"}}
	base := serve(t, h)
	o := fast
	o.MaxPages = 2
	assert.Len(t, pages(t, base, o), 2)
}

func TestRobotsTxtDecidesWhetherTheCrawlMayStart(t *testing.T) {
	for name, c := range map[string]struct {
		robots func(w http.ResponseWriter)
		err    string
	}{
		"forbidden to this agent": {func(w http.ResponseWriter) { w.Write([]byte("User-agent: devdocs-checks\nDisallow: /\n")) }, "does not let devdocs-checks open /"},
		"a 5xx forbids all":       {func(w http.ResponseWriter) { w.WriteHeader(http.StatusInternalServerError) }, `answered 500: a crawler is to take that as "disallow all"`},
		"a 4xx allows all":        {func(w http.ResponseWriter) { w.WriteHeader(http.StatusForbidden) }, ""},
		"forbidden to others":     {func(w http.ResponseWriter) { w.Write([]byte("User-agent: otherbot\nDisallow: /\n")) }, ""},
	} {
		t.Run(name, func(t *testing.T) {
			base := serve(t, &host{files: map[string]string{"/": "<p>"}, status: map[string]func(http.ResponseWriter){"/robots.txt": c.robots}})
			_, err := Open(context.Background(), base+"/", fast)
			if c.err == "" {
				assert.NoError(t, err)
			} else {
				assert.ErrorContains(t, err, c.err)
			}
		})
	}
}

func TestCrawlDelaySlowsTheRate(t *testing.T) {
	base := serve(t, &host{files: map[string]string{"/robots.txt": "User-agent: *\nCrawl-delay: 2\n", "/": "<p>"}})
	s, err := Open(context.Background(), base, Options{Rate: 10})
	require.NoError(t, err)
	assert.InDelta(t, 0.5, float64(s.limiter.Limit()), 1e-9, "one request every 2 s")
}

func TestRetryAfterIsWaitedOutOnce(t *testing.T) {
	var tries int
	h := &host{files: map[string]string{"/": "<p>"}}
	h.status = map[string]func(http.ResponseWriter){"/": func(w http.ResponseWriter) {
		tries++
		if tries == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<p>"))
	}}
	base := serve(t, h)
	start := time.Now()
	got := pages(t, base, fast)
	assert.Equal(t, []string{base + "/"}, got)
	assert.Equal(t, 2, tries)
	assert.GreaterOrEqual(t, time.Since(start), time.Second, "waited as asked")
}

func TestARetryAfterBeyondMaxWaitFailsWithWhatItAsked(t *testing.T) {
	h := &host{files: map[string]string{}}
	h.status = map[string]func(http.ResponseWriter){"/": func(w http.ResponseWriter) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusServiceUnavailable)
	}}
	base := serve(t, h)
	s, err := Open(context.Background(), base, Options{Rate: 1000, MaxWait: time.Second})
	require.NoError(t, err)
	_, err = s.Pages(context.Background())
	assert.ErrorContains(t, err, "answered 503 and asked to wait 1h0m0s, more than 1s")
}

func TestOpenRefusesWhatIsNotAWebSite(t *testing.T) {
	for _, start := range []string{"ftp://x.dev/", "site/dist", "https://", "http://[::1"} {
		_, err := Open(context.Background(), start, fast)
		assert.ErrorContains(t, err, "is not an http or https URL", start)
	}
}

func TestRetryAfterReadsBothForms(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	for v, want := range map[string]time.Duration{
		"120":                           2 * time.Minute,
		" 0 ":                           0,
		"Fri, 27 Nov 2026 10:00:30 GMT": 30 * time.Second,
		"Fri, 27 Nov 2026 09:00:00 GMT": 0, // already past
	} {
		got, ok := RetryAfter(v, now)
		assert.True(t, ok, v)
		assert.Equal(t, want, got, v)
	}
	for _, v := range []string{"", "-5", "soon", "1.5"} {
		_, ok := RetryAfter(v, now)
		assert.False(t, ok, v)
	}
}

// What the crawl reads beside the pages (source maps) is asked for as the
// pages are: as the crawler, within robots.txt, and at the host's rate.
func TestFetchIsPolite(t *testing.T) {
	h := &host{files: map[string]string{
		"/robots.txt":         "User-agent: *\nDisallow: /private/\n",
		"/docs/":              "<a href=x>x</a>",
		"/assets/app.js.map":  "{}",
		"/private/app.js.map": "{}",
	}}
	var agent string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		agent = r.UserAgent()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	s, err := Open(context.Background(), srv.URL+"/docs/", fast)
	require.NoError(t, err)

	resp, err := s.Fetch(context.Background(), srv.URL+"/assets/app.js.map")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, Agent, agent)

	_, err = s.Fetch(context.Background(), srv.URL+"/private/app.js.map")
	assert.ErrorContains(t, err, "robots.txt")
	assert.NotContains(t, h.asked, "/private/app.js.map")

	s.limiter.SetLimit(0.01) // one request per 100 s
	s.limiter.Reserve()      // the token left is spent, or one not yet there promised: the next is 100 s away
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err = s.Fetch(ctx, srv.URL+"/assets/app.js.map")
	assert.Error(t, err, "the next request waits for the host's rate, past the deadline")
}

// quickBackoff makes the backoff of a flapping host short for a test.
func quickBackoff(t *testing.T) {
	was := firstBackoff
	firstBackoff = 10 * time.Millisecond
	t.Cleanup(func() { firstBackoff = was })
}

// flaps answers status (with Retry-After when it is set) the first n
// times path is asked for, then the host's file.
func (h *host) flaps(path string, n, status int, retryAfter string) {
	left := n
	h.status[path] = func(w http.ResponseWriter) {
		if left == 0 {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(h.files[path]))
			return
		}
		left--
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.WriteHeader(status)
	}
}

// A page that answers 503 once while its links are followed (a deploy, a
// restart) is asked again after a short backoff, so the pages reachable
// only through it are found; one that answers 429 with a Retry-After as a
// date is asked again after it.
func TestAPageThatFlapsIsReadAgain(t *testing.T) {
	quickBackoff(t)
	h := &host{files: map[string]string{
		"/":            `<a href="docs/intro">intro</a><a href="busy">busy</a>`,
		"/docs/intro":  `<a href="deep">deep</a>`,
		"/docs/deep":   `<a href="deeper">deeper</a>`,
		"/docs/deeper": `<p>`,
		"/busy":        `<a href="behind-busy">x</a>`,
		"/behind-busy": `<p>`,
	}, status: map[string]func(http.ResponseWriter){}}
	h.flaps("/docs/intro", 1, http.StatusServiceUnavailable, "")
	h.flaps("/busy", 1, http.StatusTooManyRequests, time.Now().Add(time.Second).UTC().Format(http.TimeFormat))
	base := serve(t, h)
	found := discover(t, base, fast)
	assert.Equal(t, []string{base + "/", base + "/behind-busy", base + "/busy", base + "/docs/deep", base + "/docs/deeper", base + "/docs/intro"}, found.Pages)
	assert.Empty(t, found.Problems)
}

// A page that still fails after three tries, or answers 404, is a
// problem on its URL that says so and where it was linked from; the
// pages reached otherwise are all still found.
func TestAPageThatCannotBeReadIsAProblemOnItsURL(t *testing.T) {
	quickBackoff(t)
	h := &host{files: map[string]string{
		"/":       `<a href="down">down</a><a href="gone">gone</a><a href="fine">fine</a>`,
		"/down":   `<a href="behind">behind</a>`,
		"/behind": `<p>`,
		"/fine":   `<p>`,
	}, status: map[string]func(http.ResponseWriter){}}
	h.flaps("/down", 3, http.StatusServiceUnavailable, "")
	base := serve(t, h)
	found := discover(t, base, fast)
	assert.Equal(t, []string{base + "/", base + "/fine"}, found.Pages)
	assert.Equal(t, []Problem{
		{Check: "failed-request", URL: base + "/down", Message: "answered 503 Service Unavailable 3 times when the crawl read it for its links; pages linked only from it were not found (linked from " + base + "/)"},
		{Check: "failed-request", URL: base + "/gone", Message: "answered 404 Not Found when the crawl read it for its links (linked from " + base + "/)"},
	}, found.Problems)
	assert.Equal(t, 3, count(h, "/down"), "asked three times")
	assert.Equal(t, 1, count(h, "/gone"), "a 404 is not asked again")
}

// A page that redirects to another site is a redirect-off-site problem on its
// URL, and the other site is never asked; a redirect on the site is
// followed as ever.
func TestARedirectOffTheSiteIsNotFollowed(t *testing.T) {
	other := &host{files: map[string]string{"/x": `<p>`}}
	elsewhere := serve(t, other)
	h := &host{files: map[string]string{
		"/":    `<a href="away">away</a><a href="moved">moved</a>`,
		"/new": `<p>`,
	}, status: map[string]func(http.ResponseWriter){
		"/away": func(w http.ResponseWriter) {
			w.Header().Set("Location", elsewhere+"/x")
			w.WriteHeader(http.StatusFound)
		},
		"/moved": func(w http.ResponseWriter) {
			w.Header().Set("Location", "/new")
			w.WriteHeader(http.StatusMovedPermanently)
		},
	}}
	base := serve(t, h)
	found := discover(t, base, fast)
	assert.Equal(t, []string{base + "/", base + "/new"}, found.Pages)
	assert.Equal(t, []Problem{
		{Check: "redirect-off-site", URL: base + "/away", Message: "redirects to " + elsewhere + "/x, off the site: not followed, not crawled (linked from " + base + "/)"},
	}, found.Problems)
	assert.Empty(t, other.asked, "the other site is never asked")
}

func count(h *host, path string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, p := range h.asked {
		if p == path {
			n++
		}
	}
	return n
}

// A start page that cannot be read, or leaves the site (an http:// URL of
// a site served over https), ends the crawl saying why: no page is known.
func TestAStartPageThatCannotBeReadSaysWhy(t *testing.T) {
	quickBackoff(t)
	h := &host{files: map[string]string{}, status: map[string]func(http.ResponseWriter){}}
	h.flaps("/", 3, http.StatusBadGateway, "")
	h.status["/away/"] = func(w http.ResponseWriter) {
		w.Header().Set("Location", "https://docs.example/away/")
		w.WriteHeader(http.StatusMovedPermanently)
	}
	base := serve(t, h)
	for start, want := range map[string]string{
		base + "/":      "has no sitemap, and its start page answered 502 Bad Gateway 3 times when the crawl read it for its links",
		base + "/away/": "has no sitemap, and its start page redirects to https://docs.example/away/, off the site: not followed, not crawled",
	} {
		s, err := Open(context.Background(), start, fast)
		require.NoError(t, err)
		_, err = s.Pages(context.Background())
		assert.EqualError(t, err, start+" "+want)
	}
}

// A site given by its old address (http://, or without its www.) whose
// robots.txt is answered from its new one is crawled at the new one, and
// Moved says so: otherwise every page would be a redirect off the site. A
// robots.txt served from another host (a CDN) moves nothing.
func TestASiteThatMovedIsCrawledWhereItIs(t *testing.T) {
	site := &host{files: map[string]string{"/docs/": `<a href="a">a</a>`, "/docs/a": "<p>"}}
	secure := httptest.NewTLSServer(site) // its certificate names example.com and *.example.com
	t.Cleanup(secure.Close)
	plainSite := httptest.NewServer(site)
	t.Cleanup(plainSite.Close)
	for name, c := range map[string]struct{ to, moved, base string }{
		"http to https":   {"https://example.com", "http://example.com/docs/", "https://example.com/docs/"},
		"to www.":         {"http://www.example.com", "http://example.com/docs/", "http://www.example.com/docs/"},
		"robots on a CDN": {"https://cdn.example.com", "", "http://example.com/docs/"},
	} {
		t.Run(name, func(t *testing.T) {
			old := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, c.to+r.URL.Path, http.StatusMovedPermanently)
			}))
			t.Cleanup(old.Close)
			at := map[string]string{"example.com:80": old.Listener.Addr().String(), "www.example.com:80": plainSite.Listener.Addr().String()}
			transport := secure.Client().Transport.(*http.Transport).Clone()
			transport.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
				return (&net.Dialer{}).DialContext(ctx, network, cmp.Or(at[addr], secure.Listener.Addr().String()))
			}
			o := fast
			o.Client = &http.Client{Transport: transport}
			s, err := Open(context.Background(), "http://example.com/docs/", o)
			require.NoError(t, err)
			assert.Equal(t, c.moved, s.Moved)
			assert.Equal(t, c.base, s.Base.String())
		})
	}
}
