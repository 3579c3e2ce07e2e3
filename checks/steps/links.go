package steps

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/confirm"
	"github.com/devdocs-dev/devdocs/checks/deploys"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/external"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// LinksOptions are what the link check takes beside its config.
type LinksOptions struct {
	// External checks the links to other sites; nil when not asked for.
	External func(uses map[string][]external.Use) diag.List
	// Progress draws how far the check is; nil for none.
	Progress func(done, total int)
	// Confirm is checks all's, with sources and site both there: a
	// problem is placed at the markdown link that wrote it, and it keeps
	// the site's ids for the sources' anchors. nil for none.
	Confirm *confirm.Confirmation
	// SaveDeploy is the file to write the site's deploy record to
	// (deploys.SaveRecord), for the next run's comparison; "" for none.
	SaveDeploy string
}

// Links checks every link of the site built in dir.
func Links(dir string, cfg *config.Config, o LinksOptions) (diag.Run, error) {
	start := time.Now()
	opts, err := linksOptions(dir, cfg, o)
	if err != nil {
		return diag.Run{}, err
	}
	s, err := htmlsite.Load(dir)
	if err != nil {
		return diag.Run{}, err
	}
	if len(s.HTML) == 0 && len(unreadablePages(s)) == 0 { // a passing check of nothing hides a wrong path
		return diag.Run{}, fmt.Errorf("%s has no HTML pages: is it the folder the site is built into?", dir)
	}
	if opts.Host, err = hostRules(dir, s, opts); err != nil {
		return diag.Run{}, err
	}
	var table *routes.Table
	if cfg.Routes != "" {
		if table, err = routes.Load(cfg.Routes); err != nil {
			return diag.Run{}, err
		}
	}
	opts.Versioned = cfg.BuiltVersions(table)
	// routes.json, when the build writes one, is the compiler's own word on
	// which markdown wrote which link; else the sources read by checks all.
	var sources routes.Sourcer = table
	if table == nil && o.Confirm != nil {
		sources = o.Confirm.Sources()
	}
	if cfg.Previous != "" { // the suggestions compare every page's gist
		s.Outlines, opts.Gists = true, true
	}
	rec, err := startRecord(o.SaveDeploy, dir, s, &opts)
	if err != nil {
		return diag.Run{}, err
	}
	found, stats := gather(dir, s, table, sources, opts, o.External)
	if stats.Pages == 0 { // every page unreadable: as much a check of nothing
		rec.Discard()
		return diag.Run{}, noPageRead(dir, s)
	}
	stats.Hints = links.WithoutWritten(stats.Hints, found)
	if cfg.Previous != "" {
		lost, err := lostSincePrevious(dir, cfg, s, stats, opts)
		if err != nil {
			rec.Discard()
			return diag.Run{}, err
		}
		found = append(found, lost...)
	}
	// Only now: the record saved may take the place of the one compared with.
	if err := rec.Close(); err != nil {
		return diag.Run{}, fmt.Errorf("deploy record not saved: %w", err)
	}
	if o.Confirm != nil {
		o.Confirm.LinksRan(dir, stats.HasAnchor, found)
	}
	sum := diag.Summary{Tool: "checks links", Pages: stats.Pages, Links: stats.Links, Hints: cfg.ApplyHints(stats.Hints)}
	return diag.Counted(cfg.Apply(found), sum, start), nil
}

// startRecord starts the deploy record name ("" for none) of the site s
// built in dir, written as the link check (opts) reads each page.
func startRecord(name, dir string, s *htmlsite.Site, opts *links.Options) (*deploys.Recorder, error) {
	if name == "" {
		return nil, nil
	}
	rec, err := deploys.NewRecorder(name, dir, s, deploys.Options{Host: opts.Host, BasePath: opts.BasePath})
	if err != nil {
		return nil, fmt.Errorf("deploy record not saved: %w", err)
	}
	opts.OnPage = rec.Page
	return rec, nil
}

// linksOptions are the link check's options by the config, for the site
// in dir.
func linksOptions(dir string, cfg *config.Config, o LinksOptions) (links.Options, error) {
	ignore, err := matcher(cfg.Ignore)
	if err != nil {
		return links.Options{}, err
	}
	ignorePath, err := matcher(cfg.IgnorePaths)
	if err != nil {
		return links.Options{}, err
	}
	opts := links.Options{Host: cfg.StaticHost(), SiteURL: cfg.SiteURLAt(dir), Ignore: ignore, SkipPage: ignorePath,
		ScriptFragment: cfg.ScriptFragment(), CollectExternal: o.External != nil, Progress: o.Progress}
	opts.BasePath, err = cfg.BasePath(dir)
	return opts, err
}

// hostRules are the host's own with the site's _redirects rules and the
// host's config file (netlify.toml, beside the publish folder): they
// answer links as they answer readers.
func hostRules(dir string, s *htmlsite.Site, opts links.Options) (serve.Host, error) {
	h, err := opts.Host.WithRedirects(s.Root, joinPath(dir, serve.RedirectsFile), opts.BasePath)
	if err != nil {
		return h, err
	}
	if hostConfig := h.FindConfig(dir, config.HostConfigTop()); hostConfig != "" {
		return h.WithConfig(hostConfig, config.Relative(hostConfig), s.Root, opts.BasePath)
	}
	return h, nil
}

// lostSincePrevious are the URLs and ids the last deploy served that the
// build in dir lost (checks/deploys).
func lostSincePrevious(dir string, cfg *config.Config, s *htmlsite.Site, stats links.Stats, opts links.Options) (diag.List, error) {
	// The comparison holds the new build's ids and the last deploy's
	// file list at once, and what it allocates is short-lived: at the
	// 200% that cmd/checks sets the heap would grow to three times
	// that. At 100% its peak on a 50k-page site is 1.07 to 1.16 times
	// the link check's own, against 1.1 to 1.25 at 150% with the
	// suggestions' postings, for no CPU time that make bench can tell.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(100))
	}
	return deploys.Compare(deploys.Builds{Previous: cfg.Previous, Current: dir}, s, stats.Page,
		deploys.Options{Host: opts.Host, BasePath: opts.BasePath, SiteURL: cfg.PublicURLAt(dir), IDs: cfg.MarkdownIDs(), Sum: stats.Sum, Gist: stats.Gist})
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

// matcher compiles patterns into one "does any match" function.
func matcher(patterns []string) (func(string) bool, error) {
	var res []*regexp.Regexp
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("ignore pattern %q: %v", p, err)
		}
		res = append(res, re)
	}
	return func(href string) bool {
		for _, re := range res {
			if re.MatchString(href) {
				return true
			}
		}
		return false
	}, nil
}

func joinPath(dir, file string) string {
	return filepath.ToSlash(filepath.Join(dir, file))
}

// External is the opt-in check of links to other sites.
type External struct {
	Options external.Options
	// Cache is the file that remembers answers between runs ("" for
	// none), trusted for CacheMaxAge.
	Cache       string
	CacheMaxAge time.Duration
	// Warn says what went wrong with the cache: it costs time, never the
	// result.
	Warn func(err error)
}

// Check requests the URLs.
func (e External) Check(uses map[string][]external.Use) diag.List {
	if e.Cache != "" {
		c, err := external.OpenCache(e.Cache, e.CacheMaxAge, nil)
		if err != nil {
			e.Warn(fmt.Errorf("external cache: %w", err))
		}
		e.Options.Cache = c
	}
	found := external.Check(context.Background(), uses, e.Options)
	if err := e.Options.Cache.Save(); err != nil {
		e.Warn(fmt.Errorf("external cache not saved: %w", err))
	}
	return found
}
