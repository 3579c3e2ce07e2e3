package browser

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
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

// Finding is one runtime fault of one page.
type Finding struct {
	Check string `json:"check"` // a registry id of the crawl
	File  string `json:"file"`  // the page's file, relative to the site's folder
	// Line and Col (1-based) are set when the fault's source is the page's
	// own file (an inline script); a script file's place is in Message.
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Message string `json:"message"`
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

// pageURL is the URL path a host serves a page file at, percent-encoded:
// a.html at /a where the host answers /a with it (clean URLs), since that
// is the URL a site built for such a host links to, and its router may
// draw another page, or none, at /a.html (Docusaurus with trailingSlash
// false does).
func pageURL(o CrawlOptions, file string) string {
	p := serve.PageURL(file)
	if clean, ok := strings.CutSuffix(p, ".html"); ok && !strings.HasSuffix(clean, "/") {
		host := serve.Default
		if o.Host != nil {
			host = *o.Host
		}
		if a := host.Answer((&url.URL{Path: clean}).EscapedPath(), serve.Root{Dir: o.Dir}.IsFile); a.Status == 200 && a.File == file {
			p = clean
		}
	}
	return (&url.URL{Path: p}).EscapedPath()
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

// Crawl opens every page of o in a pool of o.Tabs tabs, each page in a tab
// of its own (fresh storage: no page's result depends on the one before),
// and returns the findings sorted by page.
func (b *Browser) Crawl(o CrawlOptions) (Crawled, error) {
	host := serve.Default
	if o.Host != nil {
		host = *o.Host
	}
	base := "" // a deployed site's pages are whole URLs
	if o.Site == nil {
		served, stop, err := start(host.Handler(o.Dir), o.Base)
		if err != nil {
			return Crawled{}, err
		}
		defer stop()
		base = served
	}
	o.maps = newSourceMaps((&http.Client{Timeout: o.PageTimeout}).Get)
	per := make([]pageResult, len(o.Pages))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range max(o.Tabs, 1) {
		wg.Go(func() {
			for i := range jobs {
				per[i] = b.visit(base, o.Pages[i], o)
				mu.Lock()
				done++
				if o.Progress != nil {
					o.Progress(done, len(o.Pages))
				}
				mu.Unlock()
			}
		})
	}
	for i := range o.Pages {
		if b.ctx.Err() != nil {
			break // the browser is gone: an interrupt
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	out := Crawled{Anchors: map[string][]string{}}
	for i, r := range per {
		out.Findings = append(out.Findings, r.findings...)
		out.Requests += r.requests
		if r.anchors != nil {
			out.Anchors[o.Pages[i]] = r.anchors
		}
	}
	sort.SliceStable(out.Findings, func(i, j int) bool { return out.Findings[i].File < out.Findings[j].File })
	return out, nil
}

// visit opens one page in a new tab and records what goes wrong until it
// settles, the time limit passes or the tab crashes. A deployed site's page
// is opened at the site's rate, and once more if it asked to be.
func (b *Browser) visit(base, file string, o CrawlOptions) pageResult {
	if o.Site == nil {
		return b.visitOnce(base, base+pageURL(o, file), file, o)
	}
	for try := 0; ; try++ {
		if err := o.Site.Wait(b.ctx); err != nil {
			return pageResult{}
		}
		r := b.visitOnce(o.Site.Base.String(), file, file, o)
		if try > 0 {
			return r
		}
		if again, _ := o.Site.Backoff(b.ctx, file, r.docStatus, r.retryAfter); !again {
			return r // one that asks for too long keeps its "answered 429"
		}
	}
}

func (b *Browser) visitOnce(origin, url, file string, o CrawlOptions) pageResult {
	// The tab's deadline is past the page's own limit, so that a page that
	// never settles is still reported before the tab is closed.
	ctx, cancel := b.Tab(o.PageTimeout+10*time.Second, true)
	defer cancel()
	p := newPageRecorder(origin, file)
	p.maps = o.maps
	if err := p.watch(ctx); err != nil {
		return p.broke(err)
	}
	if err := p.open(ctx, url); err != nil {
		return p.broke(err)
	}
	if o.opened != nil {
		o.opened(ctx, file)
	}
	settled := p.settle(ctx, o.PageTimeout)
	var anchors []string
	if frags := o.Anchors[file]; settled && len(frags) > 0 {
		anchors = p.present(ctx, frags)
	}
	r := p.result()
	r.anchors = anchors
	return r
}

// broke reports a page whose tab could not be opened or driven.
func (p *pageRecorder) broke(err error) pageResult {
	check := registry.PageUnsettled
	select {
	case <-p.crashed:
		check = registry.PageCrash
	default:
	}
	p.add(Finding{Check: check, Message: fmt.Sprintf("the page could not be opened: %v", err)})
	return p.result()
}
