package browser

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/internal/busyload"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// writeSite writes pages (file → HTML) into a new folder.
func writeSite(t *testing.T, pages map[string]string) string {
	dir := t.TempDir()
	for name, body := range pages {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	return dir
}

// crashAtB crawls a.html, b.html and c.html in one tab of b, calling crash
// once b.html has started loading, and holds the crawl to reporting b.html
// as crashed (why) and going on to find c.html's fault.
func crashAtB(t *testing.T, b *Browser, crash func(ctx context.Context), why string) {
	t.Helper()
	site := writeSite(t, map[string]string{
		"a.html": `<!doctype html><title>a</title>`,
		"b.html": `<!doctype html><title>b</title>`,
		"c.html": "<!doctype html>\n<script>throw new Error(\"c\")</script>",
	})
	opened := func(ctx context.Context, file string) {
		if file == "b.html" {
			crash(ctx)
		}
	}
	got, err := b.Crawl(CrawlOptions{Dir: site, Pages: []string{"a.html", "b.html", "c.html"}, Tabs: 1, PageTimeout: 10 * time.Second, opened: opened})
	require.NoError(t, err)
	assert.Equal(t, []Finding{
		{Check: registry.PageCrash, File: "b.html", Message: why},
		{Check: registry.PageException, File: "c.html", Line: 2, Col: 15, Message: "uncaught exception: Error: c"},
	}, got.Findings)
}

// A tab that crashes is reported on its page, and the crawl goes on: the
// next page, in a new tab, still has its own fault found. No page can crash
// its tab, so the test crashes it through the DevTools protocol.
func TestCrawlGoesOnAfterACrash(t *testing.T) {
	needBrowser(t)
	crashAtB(t, shared, func(ctx context.Context) {
		// Page.crash gets no answer: the tab is gone
		go func() { _, _ = chromedp.Call(ctx, page.Crash, cdp.Empty{}) }()
	}, "the tab crashed while the page loaded; the crawl went on in a new tab")
}

// A page that spins forever (a while (true) loop) is cut off at its time
// limit, and the crawl goes on: the next page, in the same single tab's
// place, still has its own fault found, and the crawl ends on time.
func TestCrawlCutsOffAPageThatSpins(t *testing.T) {
	needBrowser(t)
	site := hangingSite(t)
	require.NoError(t, os.WriteFile(filepath.Join(site, "next.html"), []byte("<!doctype html>\n<script>throw new Error(\"next\")</script>"), 0o644))
	start := time.Now()
	got, err := shared.Crawl(CrawlOptions{Dir: site, Pages: []string{"index.html", "next.html"}, Tabs: 1, PageTimeout: 2 * time.Second})
	require.NoError(t, err)
	assert.Equal(t, []Finding{
		{Check: registry.PageUnsettled, File: "index.html", Message: "the page did not settle within 2s: the load event never fired"},
		{Check: registry.PageException, File: "next.html", Line: 2, Col: 15, Message: "uncaught exception: Error: next"},
	}, got.Findings)
	// Given up at its limit, not left to hang: the findings say the limit
	// was 2s; the time only has to show that the crawl ended, which on a
	// machine at a load of 20 took 12.8 s.
	assert.Less(t, time.Since(start), 30*time.Second, "the page is given up, not left to hang")
}

// An interrupt (the caller's context cancelled, as the CLI does on Ctrl-C
// or SIGTERM) ends a crawl promptly, leaving no process and no profile.
func TestCrawlInterruptLeavesNothing(t *testing.T) {
	needBrowser(t)
	site := hangingSite(t)
	pages := []string{"index.html", "index.html", "index.html", "index.html"}
	assertInterruptLeavesNothing(t, func(ctx context.Context, started func()) error {
		_, err := RunCrawl(ctx, chromium(), func(string) { started() }, CrawlOptions{Dir: site, Pages: pages, Tabs: 2, PageTimeout: 30 * time.Second})
		return err
	})
}

// A sample is spread over the whole sorted list, the same on every run.
func TestSampleIsSpreadAndStable(t *testing.T) {
	pages := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	assert.Equal(t, []string{"a", "d", "g"}, Sample(pages, 3))
	assert.Equal(t, []string{"a", "f"}, Sample(pages, 2))
	assert.Equal(t, pages, Sample(pages, 0), "0 is every page")
	assert.Equal(t, pages, Sample(pages, 20), "more than there are is every page")
}

// No page's result depends on the page before: what one page leaves in
// the browser (local and session storage, a cookie, IndexedDB, a service
// worker, history entries) the next one, in the same single tab, must not
// see. leaves.html stores them all; sees.html throws for each it finds. (A
// new tab's history is its blank start and the page: 2.)
func TestCrawlPagesDoNotSeeThePageBefore(t *testing.T) {
	needBrowser(t)
	t.Parallel() // mostly waiting (for timeouts, a browser to start): it overlaps the others
	site := writeSite(t, map[string]string{
		"leaves.html": `<!doctype html><title>leaves</title><script>
localStorage.setItem("k", "1")
sessionStorage.setItem("k", "1")
document.cookie = "k=1; path=/; max-age=3600"
indexedDB.open("leftover").onsuccess = () => {}
navigator.serviceWorker.register("/sw.js")
addEventListener("pagehide", () => { localStorage.setItem("late", "1"); sessionStorage.setItem("late", "1") })
</script>`,
		"sees.html": `<!doctype html><title>sees</title><script>
if (localStorage.length) throw new Error("localStorage: " + Object.keys(localStorage))
if (sessionStorage.length) throw new Error("sessionStorage: " + Object.keys(sessionStorage))
if (document.cookie) throw new Error("cookie: " + document.cookie)
if (history.length > 2) throw new Error("history: " + history.length)
indexedDB.databases().then(dbs => { if (dbs.length) console.error("indexedDB: " + dbs.map(d => d.name)) })
navigator.serviceWorker.getRegistrations().then(r => { if (r.length) console.error("service worker: " + r.length) })
</script>`,
		"sw.js": `self.addEventListener("fetch", () => {})`,
	})
	got, err := shared.Crawl(CrawlOptions{Dir: site, Pages: []string{"leaves.html", "sees.html", "leaves.html", "sees.html"}, Tabs: 1, PageTimeout: 10 * time.Second})
	require.NoError(t, err)
	assert.Empty(t, got.Findings)
}

// The shards of a crawl are disjoint, cover every page, and take their
// pages from all over the sorted list.
func TestShardsSplitThePages(t *testing.T) {
	pages := []string{"a", "b", "c", "d", "e", "f", "g"}
	assert.Equal(t, []string{"a", "d", "g"}, Shard(pages, 1, 3))
	assert.Equal(t, []string{"b", "e"}, Shard(pages, 2, 3))
	assert.Equal(t, []string{"c", "f"}, Shard(pages, 3, 3))
	assert.Equal(t, pages, Shard(pages, 1, 1), "1/1 is every page")
	assert.Empty(t, Shard(pages, 9, 9), "more shards than pages: the last ones are empty")
	assert.Empty(t, Shard(pages, 1, 0), "no such part")
	assert.Empty(t, Shard(pages, 0, 2), "no such part")
}

// A page that never stops asking (it polls its site every 50 ms) is cut
// off at its time limit, and the crawl goes on to the next page.
func TestCrawlCutsOffEndlessRequests(t *testing.T) {
	needBrowser(t)
	t.Parallel() // mostly waiting (for timeouts, a browser to start): it overlaps the others
	site := writeSite(t, map[string]string{
		"polls.html": `<!doctype html><script>setInterval(() => fetch("/data.json"), 50)</script>`,
		"data.json":  `{}`,
		"next.html":  "<!doctype html>\n<script>throw new Error(\"next\")</script>",
	})
	got, err := shared.Crawl(CrawlOptions{Dir: site, Pages: []string{"polls.html", "next.html"}, Tabs: 1, PageTimeout: 2 * time.Second})
	require.NoError(t, err)
	require.Len(t, got.Findings, 2)
	assert.Equal(t, Finding{Check: registry.PageException, File: "next.html", Line: 2, Col: 15, Message: "uncaught exception: Error: next"}, got.Findings[0])
	unsettled := got.Findings[1]
	assert.Equal(t, Finding{Check: registry.PageUnsettled, File: "polls.html", Message: unsettled.Message}, unsettled)
	// Which polls are open at the limit, if any, is timing.
	assert.True(t, strings.HasPrefix(unsettled.Message, "the page did not settle within 2s: requests still open: "), unsettled.Message)
}

// A page that goes on to another while its own document is still coming
// (a redirect stub whose script runs at the top) never hears that document
// finish: the navigation that replaced it ends it. Its crawl settles on
// the page it went to, and finds that page's fault.
func TestCrawlSettlesAPageThatLeavesWhileLoading(t *testing.T) {
	needBrowser(t)
	t.Parallel() // mostly waiting (for a browser to start): it overlaps the others
	site := writeSite(t, map[string]string{
		// The tail keeps the document coming after its script has left.
		"stub.html": `<!doctype html><script>location.replace("/to.html")</script>` + strings.Repeat("<p>the rest of the stub</p>\n", 400_000),
		"to.html":   "<!doctype html>\n<script>throw new Error(\"to\")</script>",
	})
	got, err := shared.Crawl(CrawlOptions{Dir: site, Pages: []string{"stub.html"}, Tabs: 1, PageTimeout: 5 * time.Second})
	require.NoError(t, err)
	assert.Equal(t, []Finding{{Check: registry.PageException, File: "stub.html", Message: "uncaught exception: Error: to (at /to.html:2:15)"}}, got.Findings)
}

// A page waits for its browser to be idle (to prefetch, say) with a
// timeout: the crawl's own wait for idleness must not leave it to time
// out. Headless shell starts no idle period in a page that draws nothing,
// until a frame is asked for.
func TestCrawlLetsThePageGoIdle(t *testing.T) {
	needBrowser(t)
	t.Parallel() // mostly waiting (for a browser to start): it overlaps the others
	site := writeSite(t, map[string]string{
		"x.js": "1",
		"waits.html": `<!doctype html><p>text</p><script>
addEventListener("load", () => setTimeout(() => {
  const l = document.createElement("link"); l.rel = "prefetch"; l.href = "/x.js"; document.head.append(l)
  document.body.append("more")
  requestIdleCallback(d => { if (d.didTimeout) throw new Error("never idle") }, {timeout: 2000})
}))
</script>`,
	})
	got, err := shared.Crawl(CrawlOptions{Dir: site, Pages: []string{"waits.html", "waits.html", "waits.html"}, Tabs: 1, PageTimeout: 5 * time.Second})
	require.NoError(t, err)
	assert.Empty(t, got.Findings)
}

// A page that does not settle while other pages load beside it is opened
// again, alone, before it is reported: on a busy runner the tabs beside it
// may be all that kept it from settling in time. Here its first visit is
// kept busy from outside (a loop started in it once it opened); alone, it
// settles clean, and only the other page's own fault is reported.
func TestCrawlOpensAnUnsettledPageAgainAlone(t *testing.T) {
	needBrowser(t)
	site := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(site, "busy.html"), []byte("<!doctype html><p>fine"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(site, "other.html"), []byte("<!doctype html>\n<script>throw new Error(\"other\")</script>"), 0o644))
	var visits atomic.Int32
	opened := func(ctx context.Context, file string) {
		if file == "busy.html" && visits.Add(1) == 1 {
			_, _ = chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`setTimeout(() => { for (;;) {} }, 0)`))
		}
	}
	got, err := shared.Crawl(CrawlOptions{Dir: site, Pages: []string{"busy.html", "other.html"}, Tabs: 2, PageTimeout: 2 * time.Second, opened: opened})
	require.NoError(t, err)
	assert.Equal(t, []Finding{
		{Check: registry.PageException, File: "other.html", Line: 2, Col: 15, Message: "uncaught exception: Error: other"},
	}, got.Findings)
	assert.Equal(t, int32(2), visits.Load(), "busy.html was opened twice")
}

// A page's scripts are given their time limit in the page's own CPU time,
// not in the runner's wall time: a page that computes for about 1 s of CPU
// after its load (in one long run of tasks, no idle period between them)
// settles within its 2 s limit on an idle machine, and must settle under a
// load of four times the cores too, where that work takes more than 2 s of
// wall time. A page whose scripts never stop is still reported, idle
// and busy.
func TestCrawlBudgetsScriptsInTheirOwnCPUTime(t *testing.T) {
	needBrowser(t)
	// work computes n chunks in tasks that follow one another at once (a
	// message channel, which no timer clamp spaces out), so the page has no
	// idle period until it is done. A chunk is a fixed amount of work, 25 to
	// 40 ms of one core here: its wall time grows with the load.
	const work = `function chunk() { let x = 0; for (let i = 0; i < 1e7; i++) x += Math.sqrt(i); return x }
function work(n, then) {
  const c = new MessageChannel()
  c.port1.onmessage = () => { chunk(); --n > 0 ? c.port2.postMessage(0) : then() }
  c.port2.postMessage(0)
}
`
	site := writeSite(t, map[string]string{
		"works.html": "<!doctype html>\n<script>" + work + `addEventListener("load", () => work(25, () => document.body.append("done")))</script>`,
		"spins.html": "<!doctype html>\n<script>" + work + `addEventListener("load", () => work(Infinity, () => {}))</script>`,
	})
	want := []Finding{{Check: registry.PageUnsettled, File: "spins.html", Message: "the page did not settle within 2s: its scripts never let it go idle"}}
	o := CrawlOptions{Dir: site, Pages: []string{"spins.html", "works.html"}, Tabs: 1, PageTimeout: 2 * time.Second}
	got, err := shared.Crawl(o)
	require.NoError(t, err)
	assert.Equal(t, want, got.Findings, "idle")
	// Four busy processes a core: the page gets a fifth of one at most, so
	// its second of work takes more than its 2 s by the clock.
	busyload.Start(t)
	busyload.Start(t)
	got, err = shared.Crawl(o)
	require.NoError(t, err)
	assert.Equal(t, want, got.Findings, "under load")
}

// A page is kept open for a quiet window once it has settled, counted by
// the page's own timers: so a timer that throws 100 ms or 500 ms after the
// load event, and a request made 300 ms after it that fails, are found on
// every run, and the same under a load of twice the cores as on an idle
// machine.
func TestCrawlHearsWhatAPageDoesRightAfterItSettles(t *testing.T) {
	needBrowser(t)
	site := t.TempDir()
	for name, script := range map[string]string{
		"late100.html":   `addEventListener("load", () => setTimeout(() => { throw new Error("late 100") }, 100))`,
		"late500.html":   `addEventListener("load", () => setTimeout(() => { throw new Error("late 500") }, 500))`,
		"latefetch.html": `addEventListener("load", () => setTimeout(() => fetch("missing.json"), 300))`,
		"clean.html":     `addEventListener("load", () => setTimeout(() => document.body.append("fine"), 200))`,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(site, name), []byte("<!doctype html>\n<script>"+script+"</script>"), 0o644))
	}
	want := []Finding{
		{Check: registry.PageException, File: "late100.html", Line: 2, Col: 65, Message: "uncaught exception: Error: late 100"},
		{Check: registry.PageException, File: "late500.html", Line: 2, Col: 65, Message: "uncaught exception: Error: late 500"},
		{Check: registry.FailedRequest, File: "latefetch.html", Line: 2, Col: 57, Message: "/missing.json answered 404 Not Found"},
	}
	o := CrawlOptions{Dir: site, Pages: []string{"clean.html", "late100.html", "late500.html", "latefetch.html"}, Tabs: 2, PageTimeout: 10 * time.Second, Quiet: time.Second}
	crawlIdleAndBusy(t, o, want)
}

// crawlIdleAndBusy crawls o on an idle machine, then under busyload, and
// holds both crawls to want.
func crawlIdleAndBusy(t *testing.T, o CrawlOptions, want []Finding) {
	t.Helper()
	got, err := shared.Crawl(o)
	require.NoError(t, err)
	assert.Equal(t, want, got.Findings, "idle")
	busyload.Start(t)
	got, err = shared.Crawl(o)
	require.NoError(t, err)
	assert.Equal(t, want, got.Findings, "under load")
}
