package browser

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/internal/busyload"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// A page that sends its reader to another site, or opens a window, is
// reported, and the other site is never asked for anything: here it is a
// server of the test's own, which counts what reaches it. The page stays
// where it was, so its tab is kept: the next page, in the same single tab,
// sees nothing it left (its session storage). The same findings idle and
// under a load of twice the cores.
func TestCrawlNeverLoadsAnotherSite(t *testing.T) {
	needBrowser(t)
	var asked atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		fmt.Fprint(w, "<!doctype html><title>another site</title>")
	}))
	defer other.Close()
	to := other.URL
	site := writeSite(t, map[string]string{
		"script.html":  fmt.Sprintf("<!doctype html>\n<script>sessionStorage.setItem(\"k\", \"1\"); location.href = %q</script>", to+"/script"),
		"refresh.html": fmt.Sprintf("<!doctype html>\n<meta http-equiv=\"refresh\" content=\"0; url=%s/refresh\">", to),
		"later.html":   fmt.Sprintf("<!doctype html>\n<script>addEventListener(\"load\", () => setTimeout(() => location.replace(%q), 100))</script>", to+"/later"),
		"popup.html":   fmt.Sprintf("<!doctype html>\n<script>window.open(%q)</script>", to+"/popup"),
		"link.html":    fmt.Sprintf("<!doctype html>\n<a id=\"out\" href=\"%s/link\" target=\"_blank\">out</a><script>document.getElementById(\"out\").click()</script>", to),
		"next.html":    "<!doctype html>\n<script>if (sessionStorage.length) throw new Error(\"sessionStorage: \" + Object.keys(sessionStorage))</script>",
	})
	left := func(file, url string, line, col int) Finding {
		return Finding{Check: registry.LeftSite, File: file, Line: line, Col: col, Message: "the page sent its reader to another site by itself: " + url + " (not loaded; the page was judged where it was)"}
	}
	popup := func(file, url string) Finding {
		return Finding{Check: registry.PagePopup, File: file, Message: "the page opened a window by itself, to " + url + "; refused, as a browser's popup blocker does, and not loaded"}
	}
	want := []Finding{
		left("later.html", to+"/later", 2, 66), // at "replace"
		popup("link.html", to+"/link"),
		popup("popup.html", to+"/popup"),
		// a redirect page: the site's redirect, logged at its URL (2:37, where content's value starts)
		{Check: registry.RedirectOffSite, File: "refresh.html", Line: 2, Col: 37, Message: "redirects to " + to + "/refresh, off the site (a redirect page): not followed"},
		left("script.html", to+"/script", 2, 57), // at the "=" of the assignment
	}
	o := CrawlOptions{Dir: site, Pages: []string{"later.html", "link.html", "popup.html", "refresh.html", "script.html", "next.html"}, Tabs: 1, PageTimeout: 10 * time.Second, Quiet: time.Second}
	crawlIdleAndBusy(t, o, want)
	assert.Zero(t, asked.Load(), "requests that reached the other site")
}

// What a page's Content-Security-Policy refuses, what its workers do and
// where it sends its reader are heard alike however busy the machine is:
// the fixtures' sites (whose exact findings testdata/crawl holds) crawled
// idle and under a load of twice the cores give the same findings.
func TestCrawlHearsPolicyWorkersAndLeavingUnderLoad(t *testing.T) {
	needBrowser(t)
	for fixture, n := range map[string]int{"csp.txtar": 6, "workers.txtar": 6, "left-site.txtar": 6} {
		files := fixtureSite(t, fixture)
		site := writeSite(t, files)
		pages, err := SitePages(site)
		require.NoError(t, err)
		o := CrawlOptions{Dir: site, Pages: pages, Tabs: 4, PageTimeout: 10 * time.Second, Quiet: time.Second}
		idle, err := shared.Crawl(o)
		require.NoError(t, err)
		require.Len(t, idle.Findings, n, fixture)
		t.Run(fixture, func(t *testing.T) {
			busyload.Start(t)
			busy, err := shared.Crawl(o)
			require.NoError(t, err)
			assert.Equal(t, idle.Findings, busy.Findings, "under load")
		})
	}
}
