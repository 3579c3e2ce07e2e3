package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"devdocs/checks/diag"
	"devdocs/checks/links"
	"devdocs/checks/routes"
	"devdocs/checks/site"
)

func runLinks(args []string, stdout, stderr io.Writer, tty bool) int {
	start := time.Now()
	fs, c := newCommand("links", stderr, map[string]string{
		"on-broken-links": links.BrokenLink, "on-broken-anchors": links.BrokenAnchor, "on-duplicate-routes": routes.DuplicateRoute,
	})
	routesFile := fs.String("routes", "", "routes.json of the build: maps pages to markdown sources and finds duplicate routes")
	cleanURLs := fs.Bool("clean-urls", true, "the host answers /p with p.html")
	siteURL := fs.String("site-url", "", "the site's public URL: absolute links to it are checked as internal")
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		return usageError(stderr, "links", errors.New("want exactly one directory: checks links DIR"))
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "links", err)
	}
	ignore, err := cfg.ignoreFunc()
	if err != nil {
		return usageError(stderr, "links", err)
	}
	opts := links.Options{Host: links.Host{CleanURLs: *cleanURLs}, SiteURL: *siteURL, Ignore: ignore}
	if tty {
		opts.Progress = progress(stderr)
	}
	if cfg.CleanURLs != nil && !isSet(fs, "clean-urls") {
		opts.Host.CleanURLs = *cfg.CleanURLs
	}
	if opts.SiteURL == "" {
		opts.SiteURL = cfg.SiteURL
	}
	dir := pos[0]
	s, err := site.Load(dir)
	if err != nil {
		return usageError(stderr, "links", err)
	}
	var table *routes.Table
	if *routesFile != "" {
		if table, err = routes.Load(*routesFile); err != nil {
			return usageError(stderr, "links", err)
		}
	}
	found, stats := gather(dir, s, table, opts)
	sum := diag.Summary{Tool: "checks links", Pages: stats.Pages, Links: stats.Links}
	return finish(stdout, c, cfg.apply(found), sum, start, tty)
}

// gather runs every check, attaches markdown sources, and names pages by
// their path under dir so they can be opened from the report.
func gather(dir string, s *site.Site, table *routes.Table, opts links.Options) (diag.List, links.Stats) {
	found, stats := links.Check(s, opts)
	for i, d := range found {
		found[i].Source = table.Source(d.File, d.Href)
	}
	found = append(found, routes.Collisions(s)...)
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
