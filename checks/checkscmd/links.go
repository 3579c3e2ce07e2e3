package checkscmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/deploys"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/external"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

func runLinks(args []string, stdout, stderr io.Writer, tty bool) int {
	fs, c := newCommand("links", stderr, registry.Of(registry.Links))
	lf := linksFlags(fs)
	dir, cfg, code := c.dirAndConfig(fs, args, stderr)
	if code != 0 {
		return code
	}
	lf.apply(fs, cfg)
	run, err := checkLinks(dir, cfg, lf.external, stderr, c.showProgress(stderr), nil)
	if err != nil {
		return usageError(stderr, "links", err)
	}
	return finish(stdout, c, run, tty)
}

// linksOptions are the flags of checks links that checks all takes too.
type linksOptions struct {
	external              *externalOptions
	ignore, ignorePath    patterns
	routes, siteURL, base *string
	previous              *string
	cleanURLs             *bool
	host                  *hostFlag
}

func linksFlags(fs *flag.FlagSet) *linksOptions {
	o := &linksOptions{external: externalFlags(fs)}
	fs.Var(&o.ignore, "ignore", "regular expression: links whose href matches are not checked (repeatable; adds to checks.json's ignore)")
	fs.Var(&o.ignorePath, "ignore-path", "regular expression: pages whose path in the site matches are not checked (repeatable)")
	o.routes = fs.String("routes", "", "routes.json of the build: maps pages to markdown sources and finds duplicate routes (default: routes in checks.json)")
	o.previous = fs.String("previous", "", "the last deploy: its build's folder (every URL it served must still answer, every id of its pages still be there), or its sitemap.xml (a file or URL) or a list of its URLs (every URL must still answer) (default: previous in checks.json)")
	o.cleanURLs = fs.Bool("clean-urls", true, "the host answers /p with p.html (default: as the host does)")
	o.host = registerHost(fs)
	o.siteURL = fs.String("site-url", "", "the site's public URL: absolute links to it are checked as internal (a path in it is the base URL)")
	o.base = registerBase(fs)
	return o
}

// registerBase is --base-url, of checks links and checks browser.
func registerBase(fs *flag.FlagSet) *string {
	return fs.String("base-url", "", "the path the site is served under, e.g. /repo/ (Docusaurus baseUrl); links outside it are broken")
}

// apply lays the flags over the config.
func (o *linksOptions) apply(fs *flag.FlagSet, cfg *Config) {
	cfg.Ignore = append(cfg.Ignore, o.ignore...)
	cfg.IgnorePaths = append(cfg.IgnorePaths, o.ignorePath...)
	cfg.Routes = firstNonEmpty(*o.routes, cfg.Routes)
	cfg.Previous = firstNonEmpty(*o.previous, cfg.Previous)
	cfg.SiteURL = firstNonEmpty(*o.siteURL, cfg.SiteURL)
	cfg.BaseURL = firstNonEmpty(*o.base, cfg.BaseURL)
	if isSet(fs, "clean-urls") {
		cfg.CleanURLs = o.cleanURLs
	}
	cfg.Host = firstNonEmpty(string(*o.host), cfg.Host)
}

// checkLinks checks every link of the site built in dir. With cf (checks
// all, sources and site both there), a problem is placed at the markdown
// link that wrote it, and cf keeps the site's ids for the sources' anchors.
func checkLinks(dir string, cfg *Config, ext *externalOptions, stderr io.Writer, showProgress bool, cf *confirmation) (diag.Run, error) {
	start := time.Now()
	ignore, err := matcher(cfg.Ignore)
	if err != nil {
		return diag.Run{}, err
	}
	ignorePath, err := matcher(cfg.IgnorePaths)
	if err != nil {
		return diag.Run{}, err
	}
	opts := links.Options{Host: cfg.host(), SiteURL: cfg.siteURL(dir),
		Ignore: ignore, SkipPage: ignorePath, ScriptFragment: cfg.scriptFragment, CollectExternal: ext.enabled}
	if showProgress {
		opts.Progress = progress(stderr)
	}
	if opts.BasePath, err = cfg.basePath(dir); err != nil {
		return diag.Run{}, err
	}
	s, err := htmlsite.Load(dir)
	if err != nil {
		return diag.Run{}, err
	}
	if len(s.HTML) == 0 && len(unreadablePages(s)) == 0 { // a passing check of nothing hides a wrong path
		return diag.Run{}, fmt.Errorf("%s has no HTML pages: is it the folder the site is built into?", dir)
	}
	// The host's _redirects rules answer links as they answer readers.
	if opts.Host, err = opts.Host.WithRedirects(s.Root, joinPath(dir, serve.RedirectsFile), opts.BasePath); err != nil {
		return diag.Run{}, err
	}
	if config := opts.Host.FindConfig(dir, hostConfigTop()); config != "" { // netlify.toml, beside the publish folder
		if opts.Host, err = opts.Host.WithConfig(config, relative(config), s.Root, opts.BasePath); err != nil {
			return diag.Run{}, err
		}
	}
	var table *routes.Table
	if cfg.Routes != "" {
		if table, err = routes.Load(cfg.Routes); err != nil {
			return diag.Run{}, err
		}
	}
	opts.Versioned = cfg.builtVersions(table)
	// routes.json, when the build writes one, is the compiler's own word on
	// which markdown wrote which link; else the sources read by checks all.
	var sources routes.Sourcer = table
	if table == nil && cf != nil {
		sources = cf.sources
	}
	found, stats := gather(dir, s, table, sources, opts, func(uses map[string][]external.Use) diag.List {
		return ext.check(uses, stderr)
	})
	if stats.Pages == 0 { // every page unreadable: as much a check of nothing
		return diag.Run{}, noPageRead(dir, s)
	}
	stats.Hints = links.WithoutWritten(stats.Hints, found)
	if cfg.Previous != "" {
		// The comparison holds the new build's ids and the last deploy's
		// file list at once, and what it allocates is short-lived: at the
		// 200% that cmd/checks sets the heap would grow to three times
		// that. At 150% its peak on a 50k-page site is 1.1 times the link
		// check's own, for a few more collections (1.08 at 100%, for 5%
		// more CPU time; make bench).
		if os.Getenv("GOGC") == "" {
			defer debug.SetGCPercent(debug.SetGCPercent(150))
		}
		lost, err := deploys.Compare(deploys.Builds{Previous: cfg.Previous, Current: dir}, s, stats.Page,
			deploys.Options{Host: opts.Host, BasePath: opts.BasePath, SiteURL: cfg.publicURL(dir), IDs: cfg.markdownIDs(), Sum: stats.Sum})
		if err != nil {
			return diag.Run{}, err
		}
		found = append(found, lost...)
	}
	if cf != nil {
		cf.site, cf.hasAnchor = dir, stats.HasAnchor
		cf.found(found)
	}
	sum := diag.Summary{Tool: "checks links", Pages: stats.Pages, Links: stats.Links, Hints: cfg.applyHints(stats.Hints)}
	return counted(cfg.apply(found), sum, start), nil
}

// markdownIDs is the id style of the markdown the site's pages are built
// from, where the run knows they are (a preset in force, or the build's
// own routes.json naming each page's source); else none.
func (c *Config) markdownIDs() mdscan.IDStyle {
	if c.preset == nil && c.Routes == "" {
		return mdscan.IDStyle{}
	}
	return c.rules.HeadingIDs()
}

// unreadablePages are the problems of the site met on its pages.
func unreadablePages(s *htmlsite.Site) []htmlsite.Problem {
	var out []htmlsite.Problem
	for _, p := range s.Problems {
		if serve.IsHTML(p.Path) {
			out = append(out, p)
		}
	}
	return out
}

// noPageRead is the error of a site none of whose pages could be read,
// naming each (the first maxNamed) and why.
func noPageRead(dir string, s *htmlsite.Site) error {
	const maxNamed = 10
	pages := unreadablePages(s)
	var b strings.Builder
	if len(pages) == 1 {
		fmt.Fprintf(&b, "the one HTML page of %s could not be read:", diag.Printable(dir))
	} else {
		fmt.Fprintf(&b, "none of the %d HTML pages of %s could be read:", len(pages), diag.Printable(dir))
	}
	for _, p := range pages[:min(len(pages), maxNamed)] {
		fmt.Fprintf(&b, "\n  %s: %s", diag.Printable(joinPath(dir, p.Path)), diag.Printable(p.Message))
	}
	if len(pages) > maxNamed {
		fmt.Fprintf(&b, "\n  and %d more", len(pages)-maxNamed)
	}
	return errors.New(b.String())
}

// gather runs every check, attaches markdown sources (sources: routes.json
// or the sources checks all read), and names pages by their path under dir
// so they can be opened from the report.
func gather(dir string, s *htmlsite.Site, table *routes.Table, sources routes.Sourcer, opts links.Options, checkExternal func(map[string][]external.Use) diag.List) (diag.List, links.Stats) {
	found, stats := links.Check(s, opts)
	if opts.CollectExternal {
		found = append(found, checkExternal(stats.External)...)
	}
	// Placing a problem may parse its page's markdown: on every core.
	par.For(len(found), func(i int) { found[i].Source = sources.Source(found[i].File, found[i].Href) })
	found = append(found, routes.Collisions(s.Files, stats.RedirectsTo)...)
	for _, p := range s.Problems {
		found = append(found, diag.Diagnostic{Severity: diag.Warning, Check: registry.Unreadable, File: p.Path, Message: p.Message})
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
			sayError(stderr, "links", fmt.Errorf("external cache: %w", err))
		}
		e.opts.Cache = c
	}
	found := external.Check(context.Background(), uses, e.opts)
	if err := e.opts.Cache.Save(); err != nil {
		sayError(stderr, "links", fmt.Errorf("external cache not saved: %w", err))
	}
	return found
}

// basePath is --base-url, or else the path of --site-url. A base URL is a
// path: a full URL there (the site's own, pasted) is refused, not read as a
// folder named https:.
func basePath(base, siteURL string) (string, error) {
	if base != "" {
		if u, err := url.Parse(base); err != nil || u.Scheme != "" || u.Host != "" || u.RawQuery != "" || u.Fragment != "" {
			return "", fmt.Errorf("base URL %q: want the path the site is served under, such as /repo/ (the site's full URL is --site-url, siteUrl in checks.json)", base)
		}
		if slices.ContainsFunc(strings.Split(base, "/"), func(s string) bool { return s == "." || s == ".." }) {
			return "", fmt.Errorf("base URL %q: want the path the site is served under, such as /repo/, without . or .. in it", base)
		}
		return links.NormalizeBase(base), nil
	}
	if siteURL == "" {
		return "", nil
	}
	// http or https only: the report links pages at it, and a javascript:
	// URL there would be a script.
	u, err := url.Parse(siteURL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("site URL %q: want an absolute http(s) URL such as https://docs.example.com/", siteURL)
	}
	return links.NormalizeBase(u.Path), nil
}

// patterns is a repeatable string flag.
type patterns []string

func (p *patterns) String() string     { return strings.Join(*p, ", ") }
func (p *patterns) Set(v string) error { *p = append(*p, v); return nil }
