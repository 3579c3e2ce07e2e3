package checkscmd

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// CrawlConfig is "crawl" in checks.json: its presence puts the crawl in
// checks all (as "browser" does the contract checks); its keys are the
// defaults of the flags.
type CrawlConfig struct {
	Sample      int    `json:"sample"`      // pages to open, spread over the site; 0 for all
	Tabs        int    `json:"tabs"`        // pages open at once
	PageTimeout string `json:"pageTimeout"` // a Go duration, "10s"
}

// crawlOptions are the crawl's flags, taken by checks browser and checks all.
type crawlOptions struct {
	on          *bool
	sample      *int
	tabs        *int
	pageTimeout *time.Duration
	shard       *string
	fs          *flag.FlagSet
}

const (
	defaultTabs        = 2
	defaultPageTimeout = 10 * time.Second
)

func crawlFlags(fs *flag.FlagSet) crawlOptions {
	return crawlOptions{
		on:          fs.Bool("crawl", false, "open every page of the site in Chromium and report what breaks at run time (exceptions, console errors, failed requests, dialogs, pages that never settle) instead of checking the contract"),
		sample:      fs.Int("sample", 0, "with --crawl: open only this many pages, spread evenly over the sorted page files (the same ones every run; default crawl.sample in checks.json, else all)"),
		tabs:        fs.Int("tabs", defaultTabs, "with --crawl: pages open at once (default crawl.tabs in checks.json, else 2)"),
		pageTimeout: fs.Duration("page-timeout", defaultPageTimeout, "with --crawl: time limit of one page's load and requests (default crawl.pageTimeout in checks.json, else 10s)"),
		shard:       fs.String("shard", "", "with --crawl: open only part i of n of the pages (i/n, e.g. 2/3: every 3rd page from the 2nd), so n CI jobs share a crawl; checks report merges their --format json results"),
		fs:          fs,
	}
}

// crawlSettings are the crawl's flags laid over checks.json's "crawl".
type crawlSettings struct {
	sample, tabs int
	timeout      time.Duration
	shard, of    int // part shard (from 1) of of; 1 of 1 is every page
}

// options are the flags laid over checks.json's "crawl".
func (o crawlOptions) options(cfg *Config) (crawlSettings, error) {
	c := crawlSettings{sample: *o.sample, tabs: *o.tabs, timeout: *o.pageTimeout, shard: 1, of: 1}
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
				return c, fmt.Errorf("crawl.pageTimeout in %s: %v", configName, err)
			}
		}
	}
	if c.tabs < 1 || c.sample < 0 || c.timeout <= 0 {
		return c, fmt.Errorf("--tabs and --page-timeout must be positive, --sample at least 0")
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
func crawlSteps(dir string, cfg *Config, b browserOptions, stderr io.Writer, c *common) []step {
	if cfg.Crawl == nil && !*b.crawl.on {
		return nil
	}
	return []step{{registry.Crawl, noSite(dir), func() (diag.Run, error) { return checkCrawl(dir, cfg, b, stderr, c) }}}
}

// checkCrawl opens the pages of the site in dir and turns what broke into
// diagnostics on each page's file.
func checkCrawl(dir string, cfg *Config, b browserOptions, stderr io.Writer, c *common) (diag.Run, error) {
	start := time.Now()
	set, err := b.crawl.options(cfg)
	if err != nil {
		return diag.Run{}, err
	}
	pages, err := browser.SitePages(dir)
	if err != nil {
		return diag.Run{}, err
	}
	base, err := cfg.basePath(dir)
	if err != nil {
		return diag.Run{}, err
	}
	o := browser.CrawlOptions{Dir: dir, Base: base, Host: new(cfg.host()), Pages: browser.Shard(browser.Sample(pages, set.sample), set.shard, set.of),
		Tabs: set.tabs, PageTimeout: set.timeout}
	if c.showProgress(stderr) {
		o.Progress = progress(stderr)
	}
	var found browser.Crawled
	if crawled := crawlIDs(cfg); len(crawled) > 0 && len(o.Pages) > 0 {
		err = interruptible(stderr, func(ctx interruptContext) error {
			started := func(version string) {
				c.say(stderr, "checks browser --crawl: %s at %s, %s in %s", version, *b.chromium, diag.Plural(len(o.Pages), "page"), diag.Plural(set.tabs, "tab"))
			}
			found, err = browser.RunCrawl(ctx, *b.chromium, started, o)
			return err
		})
		if err != nil {
			return diag.Run{}, err
		}
	}
	l := cfg.apply(crawlDiagnostics(dir, found.Findings))
	// Each request of the site a page made is a link it followed, judged.
	return counted(l, diag.Summary{Tool: "checks browser --crawl", Pages: len(o.Pages), Links: found.Requests}, start), nil
}

// crawlIDs are the crawl's checks not set to ignore: with none, no browser starts.
func crawlIDs(cfg *Config) []string {
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
		l[i] = diag.Diagnostic{Severity: diag.Error, Check: f.Check, File: joinPath(dir, f.File), Line: f.Line, Col: f.Col, Message: f.Message}
	}
	return l
}
