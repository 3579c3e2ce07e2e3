package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/external"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

func runLinks(args []string, stdout, stderr io.Writer, tty bool) int {
	start := time.Now()
	fs, c := newCommand("links", stderr, map[string]string{
		"on-broken-links": links.BrokenLink, "on-broken-anchors": links.BrokenAnchor, "on-duplicate-routes": routes.DuplicateRoute,
		"on-broken-external": external.BrokenExternal, "on-unreachable-external": external.Unreachable,
	})
	ext := externalFlags(fs)
	var ignoreFlag, ignorePathFlag patterns
	fs.Var(&ignoreFlag, "ignore", "regular expression: links whose href matches are not checked (repeatable; adds to checks.json's ignore)")
	fs.Var(&ignorePathFlag, "ignore-path", "regular expression: pages whose path in the site matches are not checked (repeatable)")
	routesFile := fs.String("routes", "", "routes.json of the build: maps pages to markdown sources and finds duplicate routes")
	cleanURLs := fs.Bool("clean-urls", true, "the host answers /p with p.html")
	siteURL := fs.String("site-url", "", "the site's public URL: absolute links to it are checked as internal (a path in it is the base URL)")
	baseURL := fs.String("base-url", "", "the path the site is served under, e.g. /repo/ (Docusaurus baseUrl); links outside it are broken")
	dir, cfg, code := c.dirAndConfig(fs, args, stderr)
	if code != 0 {
		return code
	}
	ignore, err := matcher(append(cfg.Ignore, ignoreFlag...))
	if err != nil {
		return usageError(stderr, "links", err)
	}
	ignorePath, err := matcher(append(cfg.IgnorePaths, ignorePathFlag...))
	if err != nil {
		return usageError(stderr, "links", err)
	}
	opts := links.Options{Host: serve.Host{CleanURLs: *cleanURLs}, SiteURL: *siteURL, Ignore: ignore, SkipPage: ignorePath, CollectExternal: ext.enabled}
	if c.showProgress(stderr) {
		opts.Progress = progress(stderr)
	}
	if cfg.CleanURLs != nil && !isSet(fs, "clean-urls") {
		opts.Host.CleanURLs = *cfg.CleanURLs
	}
	if opts.SiteURL == "" {
		opts.SiteURL = cfg.SiteURL
	}
	if *baseURL == "" {
		*baseURL = cfg.BaseURL
	}
	if opts.BasePath, err = basePath(*baseURL, opts.SiteURL); err != nil {
		return usageError(stderr, "links", err)
	}
	s, err := htmlsite.Load(dir)
	if err != nil {
		return usageError(stderr, "links", err)
	}
	if len(s.HTML) == 0 { // a passing check of nothing hides a wrong path
		return usageError(stderr, "links", fmt.Errorf("%s has no HTML pages: is it the folder the site is built into?", dir))
	}
	var table *routes.Table
	if *routesFile != "" {
		if table, err = routes.Load(*routesFile); err != nil {
			return usageError(stderr, "links", err)
		}
	}
	found, stats := gather(dir, s, table, opts, func(uses map[string][]external.Use) diag.List {
		return ext.check(uses, stderr)
	})
	sum := diag.Summary{Tool: "checks links", Pages: stats.Pages, Links: stats.Links}
	return finish(stdout, c, cfg.apply(found), sum, start, tty)
}

// gather runs every check, attaches markdown sources, and names pages by
// their path under dir so they can be opened from the report.
func gather(dir string, s *htmlsite.Site, table *routes.Table, opts links.Options, checkExternal func(map[string][]external.Use) diag.List) (diag.List, links.Stats) {
	found, stats := links.Check(s, opts)
	if opts.CollectExternal {
		found = append(found, checkExternal(stats.External)...)
	}
	for i, d := range found {
		found[i].Source = table.Source(d.File, d.Href)
	}
	found = append(found, routes.Collisions(s.Files)...)
	for _, p := range s.Problems {
		found = append(found, diag.Diagnostic{Severity: diag.Warning, Check: "unreadable", File: p.Path, Message: p.Message})
	}
	for i := range found {
		found[i].File = joinPath(dir, found[i].File)
	}
	return append(found, table.Duplicates()...), stats
}

// progress redraws one status line at most every 100 ms and clears it at the end.
func progress(w io.Writer) func(done, total int) {
	var last time.Time
	return func(done, total int) {
		if done == total {
			fmt.Fprint(w, "\r\x1b[K")
			return
		}
		if time.Since(last) > 100*time.Millisecond {
			last = time.Now()
			fmt.Fprintf(w, "\rchecking pages: %d of %d", done, total)
		}
	}
}

func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// externalOptions are the flags of the opt-in check of links to other sites.
type externalOptions struct {
	enabled     bool
	opts        external.Options
	cache       string
	cacheMaxAge time.Duration
}

func externalFlags(fs *flag.FlagSet) *externalOptions {
	e := &externalOptions{opts: external.Defaults()}
	fs.BoolVar(&e.enabled, "external", false, "also request every link to another site (needs the network; off by default)")
	fs.IntVar(&e.opts.Concurrency, "external-concurrency", e.opts.Concurrency, "external requests in flight at once")
	fs.Float64Var(&e.opts.HostRate, "external-host-rate", e.opts.HostRate, "external requests per second to any one host")
	fs.DurationVar(&e.opts.Timeout, "external-timeout", e.opts.Timeout, "time limit of one external request")
	fs.StringVar(&e.cache, "external-cache", external.DefaultCacheFile(), "file that remembers answers between runs (empty: no cache)")
	fs.DurationVar(&e.cacheMaxAge, "external-cache-age", 24*time.Hour, "how long a remembered answer is trusted")
	return e
}

// check requests the URLs; a cache that cannot be read or written costs
// time, never the result, so it is only mentioned on stderr.
func (e *externalOptions) check(uses map[string][]external.Use, stderr io.Writer) diag.List {
	if e.cache != "" {
		c, err := external.OpenCache(e.cache, e.cacheMaxAge, nil)
		if err != nil {
			fmt.Fprintf(stderr, "checks links: external cache: %v\n", err)
		}
		e.opts.Cache = c
	}
	found := external.Check(context.Background(), uses, e.opts)
	if err := e.opts.Cache.Save(); err != nil {
		fmt.Fprintf(stderr, "checks links: external cache not saved: %v\n", err)
	}
	return found
}

// basePath is --base-url, or else the path of --site-url.
func basePath(base, siteURL string) (string, error) {
	if base != "" {
		return links.NormalizeBase(base), nil
	}
	if siteURL == "" {
		return "", nil
	}
	u, err := url.Parse(siteURL)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("site URL %q: want an absolute URL such as https://docs.example.com/", siteURL)
	}
	return links.NormalizeBase(u.Path), nil
}

// patterns is a repeatable string flag.
type patterns []string

func (p *patterns) String() string     { return strings.Join(*p, ", ") }
func (p *patterns) Set(v string) error { *p = append(*p, v); return nil }
