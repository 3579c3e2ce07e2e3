package checkscmd

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/confirm"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/external"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/steps"
)

func runLinks(args []string, stdout, stderr io.Writer, tty bool) int {
	fs, c := newCommand("links", stderr, registry.Of(registry.Links))
	lf := linksFlags(fs)
	dir, cfg, code := c.dirAndConfig(fs, args, stderr)
	if code != 0 {
		return code
	}
	lf.apply(fs, cfg)
	run, err := checkLinks(dir, cfg, lf, stderr, c.showProgress(stderr), nil)
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
	previous, saveDeploy  *string
	cleanURLs             *bool
	host                  *hostFlag
}

func linksFlags(fs *flag.FlagSet) *linksOptions {
	o := &linksOptions{external: externalFlags(fs)}
	fs.Var(&o.ignore, "ignore", "regular expression: links whose href matches are not checked (repeatable; adds to checks.json's ignore)")
	fs.Var(&o.ignorePath, "ignore-path", "regular expression: pages whose path in the site matches are not checked (repeatable)")
	o.routes = fs.String("routes", "", "routes.json of the build: maps pages to markdown sources and finds duplicate routes (default: routes in checks.json)")
	o.previous = fs.String("previous", "", "the last deploy: its build's folder (every URL it served must still answer, every id of its pages still be there), or its sitemap.xml (a file or URL) or a list of its URLs (every URL must still answer) (default: previous in checks.json)")
	o.saveDeploy = fs.String("save-deploy", "", "write the deploy record of this build to this file (JSON Lines), for the next run's --previous: what the comparison needs of the build, without keeping the build")
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
func (o *linksOptions) apply(fs *flag.FlagSet, cfg *config.Config) {
	cfg.Ignore = append(cfg.Ignore, o.ignore...)
	cfg.IgnorePaths = append(cfg.IgnorePaths, o.ignorePath...)
	cfg.Routes = cmp.Or(*o.routes, cfg.Routes)
	cfg.Previous = cmp.Or(*o.previous, cfg.Previous)
	cfg.SiteURL = cmp.Or(*o.siteURL, cfg.SiteURL)
	cfg.BaseURL = cmp.Or(*o.base, cfg.BaseURL)
	if isSet(fs, "clean-urls") {
		cfg.CleanURLs = o.cleanURLs
	}
	cfg.Host = cmp.Or(string(*o.host), cfg.Host)
}

// checkLinks checks every link of the site built in dir (steps.Links),
// with the flags' options: the external links, progress on a terminal.
func checkLinks(dir string, cfg *config.Config, lf *linksOptions, stderr io.Writer, showProgress bool, cf *confirm.Confirmation) (diag.Run, error) {
	o := steps.LinksOptions{Confirm: cf, SaveDeploy: *lf.saveDeploy}
	if ext := lf.external; ext.enabled {
		e := ext.External
		e.Warn = func(err error) { sayError(stderr, "links", err) }
		o.External = e.Check
	}
	if showProgress {
		o.Progress = progress(stderr)
	}
	return steps.Links(dir, cfg, o)
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
	enabled bool
	steps.External
}

func externalFlags(fs *flag.FlagSet) *externalOptions {
	e := &externalOptions{External: steps.External{Options: external.Defaults()}}
	fs.BoolVar(&e.enabled, "external", false, "also request every link to another site (needs the network; off by default)")
	fs.IntVar(&e.Options.Concurrency, "external-concurrency", e.Options.Concurrency, "external requests in flight at once")
	fs.Float64Var(&e.Options.HostRate, "external-host-rate", e.Options.HostRate, "external requests per second to any one host")
	fs.DurationVar(&e.Options.Timeout, "external-timeout", e.Options.Timeout, "time limit of one external request")
	fs.StringVar(&e.Cache, "external-cache", external.DefaultCacheFile(), "file that remembers answers between runs (empty: no cache)")
	fs.DurationVar(&e.CacheMaxAge, "external-cache-age", 24*time.Hour, "how long a remembered answer is trusted")
	return e
}

// patterns is a repeatable string flag.
type patterns []string

func (p *patterns) String() string     { return strings.Join(*p, ", ") }
func (p *patterns) Set(v string) error { *p = append(*p, v); return nil }
