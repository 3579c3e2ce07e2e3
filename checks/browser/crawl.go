package browser

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/remote"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// CrawlOptions are those of a crawl: every page of a built site (or a
// sample) opened in a few tabs, its runtime faults recorded.
type CrawlOptions struct {
	Dir string
	// Site, when set instead of Dir, is a deployed site: Pages are then its
	// page URLs, opened no faster than its rate, and a page answered "come
	// back later" (429 or 503 with Retry-After) is opened again once.
	Site *remote.Site
	Base string      // the path the site is served under ("/repo/"); "" for the root
	Host *serve.Host // nil is serve.Default
	// Pages are the page files to open, relative to Dir (SitePages, Sample).
	Pages []string
	// Tabs is how many pages are open at once (at least 1).
	Tabs int
	// PageTimeout bounds one page: its load event and its requests.
	PageTimeout time.Duration
	// Quiet is how long a page stays open once it has settled, by its own
	// timers, so that what it does shortly after (a timer that throws, a
	// late request) is found on every run; 0 for none (quietWindow).
	Quiet time.Duration
	// Anchors are, by page file, fragments to look up in the page's DOM once
	// it has settled: ids the static check found missing, which a script
	// may make (tabs, generated headings).
	Anchors map[string][]string
	// Progress, when set, hears of each page done.
	Progress func(done, total int)
	// opened, for tests, runs once a page's load has started (a crash is
	// made there: no page can crash its own tab).
	opened func(ctx context.Context, file string)
	maps   *sourceMaps // the site's scripts' source maps, read as the crawl needs them
}

// Crawled is what a crawl found.
type Crawled struct {
	Findings []Finding // sorted by page file
	// Requests counts the requests of the site that the pages made, each
	// one judged (a redirect counts once).
	Requests int
	// Anchors are, for each page of CrawlOptions.Anchors that settled, the
	// fragments its running DOM had (none: an empty list); a page that did
	// not settle is not here, since its DOM proves nothing either way.
	Anchors map[string][]string
}

// SitePages are the HTML files of dir a static host serves (no dotfiles,
// nothing a symlink takes outside the folder), sorted.
func SitePages(dir string) ([]string, error) {
	site, err := htmlsite.Load(dir)
	if err != nil {
		return nil, err
	}
	root := serve.Root{Dir: dir}
	var pages []string
	for _, p := range site.HTML {
		if root.IsFile(p) {
			pages = append(pages, p)
		}
	}
	return pages, nil
}

// Sample is n of pages spread evenly over their sorted order: the same n
// pages on every run, from every part of the site (the first page always).
func Sample(pages []string, n int) []string {
	if n <= 0 || n >= len(pages) {
		return pages
	}
	out := make([]string, n)
	for i := range out {
		out[i] = pages[i*len(pages)/n]
	}
	return out
}

// Shard is part i (from 1) of n of pages: every n-th page from the i-th, so
// that n CI jobs, one per part, open every page once between them, each
// job's pages from every part of the site. The parts are the same on
// every run of the same pages.
func Shard(pages []string, i, n int) []string {
	if i < 1 || i > n {
		return nil // no such part (the command says so before it asks)
	}
	var out []string
	for k := i - 1; k < len(pages); k += n {
		out = append(out, pages[k])
	}
	return out
}

// pageURL is the URL path a host serves a page file at, percent-encoded:
// a.html at /a where the host answers /a with it (clean URLs), since that
// is the URL a site built for such a host links to, and its router may
// draw another page, or none, at /a.html (Docusaurus with trailingSlash
// false does).
func pageURL(o CrawlOptions, file string) string {
	host := serve.Default
	if o.Host != nil {
		host = *o.Host
	}
	return host.ServedURL(file, serve.Root{Dir: o.Dir}.IsFile)
}

// RunCrawl serves o.Dir, starts Chromium and crawls. As Run, the error is
// for what stops the whole crawl; after an interrupt (ctx cancelled) the
// browser and its profile are gone.
func RunCrawl(ctx context.Context, chromium string, started func(version string), o CrawlOptions) (Crawled, error) {
	b, err := Launch(ctx, chromium)
	if err != nil {
		return Crawled{}, errors.Join(ctx.Err(), err)
	}
	defer b.Close()
	if started != nil {
		started(b.Version)
	}
	found, err := b.Crawl(o)
	if ctx.Err() != nil {
		return Crawled{}, ctx.Err()
	}
	return found, err
}

// Crawl opens every page of o in a pool of o.Tabs tabs, each tab with its
// own storage, cleared between two pages (no page's result depends on the
// one before), and returns the findings sorted by page. A Chromium that
// dies is started again (b is then the new one) and the crawl goes on; the
// error is for a Chromium that cannot be started again.
func (b *Browser) Crawl(o CrawlOptions) (Crawled, error) {
	host := serve.Default
	if o.Host != nil {
		host = *o.Host
	}
	base := "" // a deployed site's pages are whole URLs
	// Source maps: a deployed site's are asked for as politely as its pages.
	get := func(u string) (*http.Response, error) { return o.Site.Fetch(b.parent, u) }
	if o.Site == nil {
		// Over https, as a deployed site is, so that Chromium judges its
		// mixed content.
		served, stop, err := start(host.Handler(o.Dir), o.Base, b.cert)
		if err != nil {
			return Crawled{}, err
		}
		defer stop()
		base, get = served, b.cert.client(o.PageTimeout).Get
	}
	o.maps = newSourceMaps(get)
	c := &crawl{b: b, parent: b.parent, o: o, base: base}
	if o.Site != nil {
		c.hold = &siteHold{site: o.Site, budget: o.PageTimeout}
	}
	per := make([]pageResult, len(o.Pages))
	jobs := make(chan int)
	var wg sync.WaitGroup
	done := 0
	// Tabs pages load at once; a page in its quiet window, which asks
	// little of the CPU, holds its tab but not its turn to load, so twice
	// as many tabs again may wait out their windows meanwhile (windowing).
	c.loading = make(chan struct{}, max(o.Tabs, 1))
	workers := max(o.Tabs, 1)
	if o.Quiet > 0 {
		workers = min(windowing*workers, max(len(o.Pages), 1))
	}
	for range workers {
		wg.Go(func() {
			var t *crawlTab
			defer func() { t.close() }()
			for i := range jobs {
				per[i], t = c.visit(t, o.Pages[i])
				c.mu.Lock()
				done++
				if o.Progress != nil {
					o.Progress(done, len(o.Pages))
				}
				c.mu.Unlock()
			}
		})
	}
	for i := range o.Pages {
		if c.parent.Err() != nil || c.failed() != nil {
			break // an interrupt, or no browser left
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	c.again(per)
	out := Crawled{Anchors: map[string][]string{}}
	for i, r := range per {
		out.Findings = append(out.Findings, r.findings...)
		out.Requests += r.requests
		if r.anchors != nil {
			out.Anchors[o.Pages[i]] = r.anchors
		}
	}
	sort.SliceStable(out.Findings, func(i, j int) bool { return out.Findings[i].File < out.Findings[j].File })
	return out, c.failed()
}

// again opens once more, alone in one tab, each page that did not settle
// while the others loaded beside it, and keeps what that visit found: on
// a busy runner a page may miss its time limit only because the tabs
// beside it and the machine's other work took the CPU. A page that does
// not settle alone either is reported, as the second visit found it.
func (c *crawl) again(per []pageResult) {
	if max(c.o.Tabs, 1) == 1 || len(per) == 1 {
		return // each page was alone
	}
	var t *crawlTab
	defer func() { t.close() }()
	for i, r := range per {
		if c.parent.Err() != nil || c.failed() != nil {
			return
		}
		if !slices.ContainsFunc(r.findings, isUnsettled) {
			continue
		}
		again, next := c.visit(t, c.o.Pages[i])
		for j, f := range again.findings {
			if isUnsettled(f) {
				again.findings[j].Message = strings.Replace(f.Message, ": ", ", beside other pages and alone: ", 1)
			}
		}
		per[i], t = again, next
	}
}

// windowing is how many tabs the crawl may keep open for each page it
// loads at once when pages wait out a quiet window: a page of this site
// loads and settles in well under a second of a loading tab's time (238
// pages, 6 at once, 2 cores), then keeps its tab a second more for its
// window and a little more for the tab's reset, so each tab loading needs
// two more waiting beside it, or the loads wait for tabs (make bench-crawl;
// CHANGELOG). A tab is opened only when a page has its turn to load and no
// tab is free, so a site whose pages take longer to settle opens fewer.
const windowing = 3

func isUnsettled(f Finding) bool { return f.Check == registry.PageUnsettled }

// crawl is one crawl's state shared by its tabs.
type crawl struct {
	parent context.Context // the caller's: cancelled on an interrupt
	o      CrawlOptions
	base   string    // the served site's URL; "" for a deployed site, whose pages are URLs
	hold   *siteHold // a deployed site's; nil for a local one

	// loading holds a token for each page between its opening and its
	// settling: Tabs of them at once.
	loading chan struct{}

	mu     sync.Mutex
	b      *Browser       // replaced in place when Chromium is started again
	err    error          // why Chromium could not be started again
	shared *sharedWorkers // the running Chromium's, once a tab is open in it
}

func (c *crawl) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// browser is the running Chromium's context, after starting a new one if
// it died (not when the crawl was interrupted).
func (c *crawl) browser() (context.Context, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil && c.b.died() {
		c.err = c.b.relaunch()
	}
	return c.b.ctx, c.err
}

// sharedWorkersOf is what hands the shared workers of browser, the running
// Chromium, to the crawl's tabs: started with its first tab.
func (c *crawl) sharedWorkersOf(browser context.Context) (*sharedWorkers, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.shared == nil || c.shared.browser != browser {
		s, err := hearSharedWorkers(browser)
		if err != nil {
			return nil, err
		}
		c.shared = s
	}
	return c.shared, nil
}

// visit opens one page in tab t (a new one when nil), as visitOnce does. A
// deployed site's page is opened at the site's rate, and once more if it
// asked to be (429 or 503 with Retry-After).
func (c *crawl) visit(t *crawlTab, file string) (pageResult, *crawlTab) {
	site := c.o.Site
	if site == nil {
		return c.visitOnce(t, c.base, c.base+pageURL(c.o, file), file)
	}
	for try := 0; ; try++ {
		if err := site.Wait(c.parent); err != nil {
			return pageResult{}, t
		}
		r, next := c.visitOnce(t, site.Base.String(), file, file)
		if try > 0 {
			return r, next
		}
		if again, _ := site.Backoff(c.parent, file, r.docStatus, r.retryAfter); !again {
			return r, next // one that asks for too long keeps its "answered 429"
		}
		t = next
	}
}

// visitOnce opens url, the page file of the site at origin, in tab t (a
// new one when nil) and records what goes wrong until it settles, the time
// limit passes or the tab or the whole browser crashes. It gives back the
// tab, reset for the next page, or nil when the page took it down or it
// could not be reset.
func (c *crawl) visitOnce(t *crawlTab, origin, url, file string) (pageResult, *crawlTab) {
	p := newPageRecorder(origin, file)
	p.maps = c.o.maps
	if c.o.Site == nil {
		p.source = filepath.Join(c.o.Dir, filepath.FromSlash(file))
	}
	// The page's turn to load comes before a tab is opened for it, so
	// that no more tabs are opened than pages are loading and waiting
	// out their windows.
	release := c.turn()
	defer release()
	bctx, err := c.browser()
	if err != nil {
		return p.broke(err), nil
	}
	if t == nil || t.browser != bctx {
		t.close()
		shared, err := c.sharedWorkersOf(bctx)
		if err != nil {
			return p.broke(err), nil
		}
		if t, err = newCrawlTab(bctx, c.hold, shared); err != nil {
			return p.broke(err), nil
		}
	}
	// The deadline is past the page's own limit, so that a page that
	// never settles is still reported before the tab is given up; past the
	// wait for a page the machine starves (settle); and past the time its
	// requests may be held, which its limit does not count.
	slack := 10*time.Second + starvedFor*c.o.PageTimeout
	if c.hold != nil {
		slack += c.hold.budget
	}
	ctx, cancel := context.WithTimeout(t.ctx, c.o.PageTimeout+slack)
	defer cancel()
	p.ctx = t.ctx
	t.rec.Store(p)
	r := c.record(ctx, p, url, bctx, release)
	t.rec.Store(nil)
	t.endWorkers()
	if slices.ContainsFunc(r.findings, func(f Finding) bool { return f.Check == registry.PageUnsettled || f.Check == registry.PageCrash }) ||
		t.reset(p.origin) != nil {
		t.close()
		return r, nil
	}
	return r, t
}

// record opens url in p's tab and waits for it to settle, then ends its
// turn to load (release) and looks up the ids asked of it. A browser that
// died meanwhile (its context ended, the crawl's did not) is the page's
// crash.
func (c *crawl) record(ctx context.Context, p *pageRecorder, url string, browser context.Context, release func()) pageResult {
	err := p.open(ctx, url)
	if p.redirectedOff() { // stopped at a redirect off the site: nothing of it ran
		release()
		return p.result()
	}
	var anchors []string
	if err == nil {
		if c.o.opened != nil {
			c.o.opened(ctx, p.file)
		}
		settled := p.settle(ctx, c.o.PageTimeout)
		release()
		if settled && c.o.Quiet > 0 {
			p.quietWindow(ctx, c.o.Quiet, c.o.PageTimeout)
		}
		if frags := c.o.Anchors[p.file]; settled && len(frags) > 0 {
			anchors = p.present(ctx, frags)
		}
	}
	release()
	if browser.Err() != nil && c.parent.Err() == nil {
		p.crash("Chromium crashed while the page loaded; the crawl went on in a new one")
		return p.result()
	}
	if err != nil {
		return p.broke(err)
	}
	r := p.result()
	r.anchors = anchors
	return r
}

// turn waits for a page's turn to load (a token of loading) and gives
// the function that ends it, which may be called more than once; with no
// loading tokens (a page opened alone, again) every page has its turn.
func (c *crawl) turn() func() {
	if c.loading == nil {
		return func() {}
	}
	c.loading <- struct{}{}
	var once sync.Once
	return func() { once.Do(func() { <-c.loading }) }
}
