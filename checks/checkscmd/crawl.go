package checkscmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/changes"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/confirm"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/cpus"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/remote"
)

// crawlOptions are the crawl's flags, taken by checks browser and checks all.
type crawlOptions struct {
	on          *bool
	sample      *int
	tabs        *int
	pageTimeout *time.Duration
	quiet       *time.Duration
	// changedSince is a git revision: only the pages what changed since builds.
	changedSince *string
	rate         *float64 // a deployed site's pages opened per second
	shard        *string
	fs           *flag.FlagSet
}

func crawlFlags(fs *flag.FlagSet) crawlOptions {
	return crawlOptions{
		on:           fs.Bool("crawl", false, "open every page of the site in Chromium and report what breaks at run time (exceptions, console errors, failed requests, dialogs, pages that never settle, hydration mismatches, mixed content) instead of checking the contract"),
		sample:       fs.Int("sample", config.CrawlDefault.Sample, "with --crawl: open only this many pages, spread evenly over the sorted page files (the same ones every run; default crawl.sample in checks.json, else all)"),
		tabs:         fs.Int("tabs", config.CrawlDefault.Tabs, "with --crawl: pages loading at once, each then keeping its tab through its quiet window, while up to twice as many more wait theirs out (default crawl.tabs in checks.json, else by the browser: three per core, at most 6, in a headless shell; two per core, at most 4, in full Chromium)"),
		pageTimeout:  fs.Duration("page-timeout", config.CrawlDefault.PageTimeout, "with --crawl: time limit of one page's load and requests (default crawl.pageTimeout in checks.json, else 10s)"),
		quiet:        fs.Duration("quiet-window", config.CrawlDefault.Quiet, "with --crawl: how long a page stays open once it has settled, counted by its own timers, so that what it does shortly after (a timer that throws, a late request) is found on every run (default crawl.quiet in checks.json, else 1s; 0 for none)"),
		rate:         fs.Float64("rate", 2, "with --crawl of a deployed site (a URL): pages opened per second at most, in --tabs tabs at once (robots.txt's Crawl-delay may lower it)"),
		changedSince: fs.String("changed-since", "", "with --crawl: open only the pages built from files changed since this git revision (a branch's pull request: --changed-since origin/main); a change that is not one page's source (a theme, a stylesheet, the config) opens them all"),
		shard:        fs.String("shard", "", "with --crawl: open only part i of n of the pages (i/n, e.g. 2/3: every 3rd page from the 2nd), so n CI jobs share a crawl; checks report merges their --format json results"),
		fs:           fs,
	}
}

// crawlSettings are the crawl's flags laid over checks.json's "crawl".
type crawlSettings struct {
	sample, tabs   int
	timeout, quiet time.Duration
	shard, of      int // part shard (from 1) of of; 1 of 1 is every page
}

// options are the flags laid over checks.json's "crawl"; the number of
// tabs, set by neither, is the one for the browser at chromium.
func (o crawlOptions) options(cfg *config.Config, chromium string) (crawlSettings, error) {
	c := crawlSettings{sample: *o.sample, tabs: *o.tabs, timeout: *o.pageTimeout, quiet: *o.quiet, shard: 1, of: 1}
	if k := cfg.Crawl; k != nil {
		if k.Sample != 0 && !isSet(o.fs, "sample") {
			c.sample = k.Sample
		}
		if k.Tabs != 0 && !isSet(o.fs, "tabs") {
			c.tabs = k.Tabs
		}
		if k.PageTimeout != "" && !isSet(o.fs, "page-timeout") {
			var err error
			if c.timeout, err = time.ParseDuration(k.PageTimeout); err != nil {
				return c, fmt.Errorf("crawl.pageTimeout in %s: %v", config.Name, err)
			}
		}
		if k.Quiet != "" && !isSet(o.fs, "quiet-window") {
			var err error
			if c.quiet, err = time.ParseDuration(k.Quiet); err != nil {
				return c, fmt.Errorf("crawl.quiet in %s: %v", config.Name, err)
			}
		}
	}
	if c.tabs == 0 && !isSet(o.fs, "tabs") {
		c.tabs = browser.DefaultTabs(chromium, cpus.Available())
	}
	if c.tabs < 1 || c.sample < 0 || c.timeout <= 0 || c.quiet < 0 {
		return c, fmt.Errorf("--tabs and --page-timeout must be positive, --sample and --quiet-window at least 0")
	}
	if *o.shard != "" {
		i, n, ok := strings.Cut(*o.shard, "/")
		var err1, err2 error
		c.shard, err1 = strconv.Atoi(i)
		c.of, err2 = strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || c.shard < 1 || c.shard > c.of {
			return c, fmt.Errorf("--shard is i/n, part i of n with 1 <= i <= n (2/3): got %q", *o.shard)
		}
	}
	return c, nil
}

// crawlSteps is the crawl's step of checks all: none unless asked for
// ("crawl" in checks.json, or --crawl), since it opens every page in a
// browser; so a project that never asked hears nothing of it.
func crawlSteps(dir string, cfg *config.Config, b browserOptions, stderr io.Writer, c *common, la *confirm.LiveAnchors) []step {
	if !crawlWanted(cfg, b) {
		return nil
	}
	return []step{{registry.Crawl, noSite(dir), func() (diag.Run, error) { return checkCrawl(dir, cfg, b, stderr, c, la) }}}
}

func crawlWanted(cfg *config.Config, b browserOptions) bool {
	return cfg.Crawl != nil || *b.crawl.on
}

// checkCrawl opens the pages of the site in dir and turns what broke into
// diagnostics on each page's file. With la (checks all, after its links
// step) it also opens the pages with missing ids and looks them up.
func checkCrawl(dir string, cfg *config.Config, b browserOptions, stderr io.Writer, c *common, la *confirm.LiveAnchors) (diag.Run, error) {
	start := time.Now()
	set, err := b.crawl.options(cfg, *b.chromium)
	if err != nil {
		return diag.Run{}, err
	}
	o := browser.CrawlOptions{Tabs: set.tabs, PageTimeout: set.timeout, Quiet: set.quiet}
	var discovered []browser.Finding // a deployed site's, as its pages were found
	if isURL(dir) {
		var found remote.Found
		if o.Site, found, err = c.remotePages(dir, *b.crawl.rate, *b.crawl.changedSince, stderr); err != nil {
			return diag.Run{}, err
		}
		o.Pages = found.Pages
		if set.shard == 1 { // said once, by the first of n jobs
			discovered = discoveryFindings(found.Problems)
		}
	} else if o.Pages, err = c.sitePages(dir, cfg, *b.crawl.changedSince, stderr); err != nil {
		return diag.Run{}, err
	} else if o.Base, err = cfg.BasePath(dir); err != nil {
		return diag.Run{}, err
	}
	o.Dir, o.Host, o.Anchors = dir, new(cfg.StaticHost()), la.Anchors()
	o.Pages = browser.Shard(la.Pages(browser.Sample(o.Pages, set.sample), o.Pages), set.shard, set.of)
	o.Tabs = max(min(o.Tabs, len(o.Pages)), 1) // a tab more than pages would sit idle
	if c.showProgress(stderr) {
		o.Progress = progress(stderr)
	}
	var found browser.Crawled
	if crawled := crawlIDs(cfg); len(crawled) > 0 && len(o.Pages) > 0 {
		err = interruptible(stderr, func(ctx interruptContext) error {
			started := func(version string) {
				c.say(stderr, "checks browser --crawl: %s at %s, %s in %s", version, *b.chromium, diag.Plural(len(o.Pages), "page"), diag.Plural(o.Tabs, "tab"))
			}
			found, err = browser.RunCrawl(ctx, *b.chromium, started, o)
			return err
		})
		if err != nil {
			return diag.Run{}, err
		}
	}
	if la != nil {
		la.Found = found.Anchors
	}
	l := cfg.Apply(crawlDiagnostics(dir, append(discovered, found.Findings...)))
	// Each request of the site a page made is counted, config.Judged.
	return diag.Counted(l, diag.Summary{Tool: "checks browser --crawl", Pages: len(o.Pages), Requests: found.Requests}, start), nil
}

// sitePages are the pages of the built site in dir to crawl: all, or those
// built from what changed since a git revision.
func (c *common) sitePages(dir string, cfg *config.Config, changedSince string, stderr io.Writer) ([]string, error) {
	pages, err := browser.SitePages(dir)
	if err != nil || changedSince == "" {
		return pages, err
	}
	pages, note, err := changes.Pages(cfg, dir, pages, changedSince)
	if err == nil {
		c.say(stderr, "checks browser --crawl: %s", note)
	}
	return pages, err
}

// remotePages are the pages of a deployed site under start: its sitemaps',
// else those its links reach, as its robots.txt allows.
func (c *common) remotePages(start string, rate float64, changedSince string, stderr io.Writer) (*remote.Site, remote.Found, error) {
	if changedSince != "" {
		return nil, remote.Found{}, fmt.Errorf("--changed-since maps a repository's files to a built folder's pages; a deployed site (%s) has no folder", start)
	}
	if rate <= 0 {
		return nil, remote.Found{}, fmt.Errorf("--rate must be positive")
	}
	o := remote.Defaults()
	o.Rate = rate
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	site, err := remote.Open(ctx, start, o)
	if err != nil {
		return nil, remote.Found{}, err
	}
	if site.Moved != "" {
		start = site.Base.String()
		c.say(stderr, "checks browser --crawl: %s answers at %s: crawled there", diag.Printable(site.Moved), diag.Printable(start))
	}
	found, err := site.Pages(ctx)
	if err == nil {
		c.say(stderr, "checks browser --crawl: %s of %s, %s", diag.Plural(len(found.Pages), "page"), diag.Printable(start), found.How)
	}
	return site, found, err
}

// discoveryFindings are the problems met while finding a deployed site's
// pages, each on its URL as the crawl's findings are.
func discoveryFindings(problems []remote.Problem) []browser.Finding {
	out := make([]browser.Finding, len(problems))
	for i, p := range problems {
		out[i] = browser.Finding{Check: p.Check, File: p.URL, Message: p.Message}
	}
	return out
}

// crawlIDs are the crawl's checks not set to ignore: with none, no browser starts.
func crawlIDs(cfg *config.Config) []string {
	var ids []string
	for _, id := range registry.IDs(registry.Of(registry.Crawl)) {
		if cfg.Levels[id] != registry.Ignore {
			ids = append(ids, id)
		}
	}
	return ids
}

// crawlDiagnostics puts each finding on its page's file, at the inline
// script's line and column when the fault came from one.
func crawlDiagnostics(dir string, found []browser.Finding) diag.List {
	l := make(diag.List, len(found))
	for i, f := range found {
		file := f.File // a deployed site's page is its URL
		if !isURL(dir) {
			file = joinPath(dir, f.File)
		}
		l[i] = diag.Diagnostic{Severity: diag.Error, Check: f.Check, File: file, Line: f.Line, Col: f.Col, Message: f.Message}
	}
	return l
}
