package checkscmd

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

func runBrowser(args []string, stdout, stderr io.Writer, tty bool) int {
	fs, c := newCommand("browser", stderr, checksOf("browser"))
	bf := browserFlags(fs)
	// checks all takes these two with the links flags
	host, base := registerHost(fs), registerBase(fs)
	dir, cfg, code := c.dirAndConfig(fs, args, stderr)
	if code != 0 {
		return code
	}
	cfg.Host = cmp.Or(string(*host), cfg.Host)
	cfg.BaseURL = cmp.Or(*base, cfg.BaseURL)
	ids, err := bf.apply(cfg)
	if err != nil {
		return usageError(stderr, "browser", err)
	}
	var run diag.Run
	if isURL(dir) && !*bf.crawl.on {
		return usageError(stderr, "browser", fmt.Errorf("%s is a deployed site: it can be crawled (--crawl), and the contract checks need the built folder", dir))
	}
	if *bf.crawl.on { // the whole site's runtime faults; no contract needed
		run, err = checkCrawl(dir, cfg, bf, stderr, c, nil)
	} else if _, err = cfg.BrowserContract(dir); err == nil {
		run, err = checkBrowser(dir, cfg, bf, ids, stderr, c)
	}
	if errors.Is(err, errInterrupted) {
		return Interrupted
	}
	if err != nil {
		return usageError(stderr, "browser", err)
	}
	return finish(stdout, c, run, tty)
}

// browserOptions are the flags of checks browser that checks all takes too.
type browserOptions struct {
	chromium, only, page, loaderPage *string
	timeout                          *time.Duration
	crawl                            crawlOptions
}

func browserFlags(fs *flag.FlagSet) browserOptions {
	return browserOptions{
		chromium:   fs.String("chromium", envOr("CHROMIUM", browser.DefaultChromium()), "the Chromium binary (env CHROMIUM)"),
		timeout:    fs.Duration("timeout", time.Minute, "time limit of each step of a browser check (a tab of its own); a hung or crashed browser fails the check"),
		only:       fs.String("checks", "", "comma-separated browser check ids to run (default: all)"),
		page:       fs.String("page", "", "URL path the search and theme checks open (default: browser.page in checks.json, else /)"),
		loaderPage: fs.String("loader-page", "", "URL path the loader checks start from (default: browser.loaderPage in checks.json)"),
		crawl:      crawlFlags(fs),
	}
}

// apply returns the checks to run; an unknown id is an error here, before
// any browser starts.
func (b browserOptions) apply(cfg *config.Config) ([]string, error) {
	return wanted(*b.only, cfg)
}

// contract is the site's contract with the flags laid over it.
func (b browserOptions) contract(dir string, cfg *config.Config) (browser.Contract, error) {
	c, err := cfg.BrowserContract(dir)
	if err != nil {
		return browser.Contract{}, err
	}
	c.Page = cmp.Or(*b.page, c.Page)
	c.LoaderPage = cmp.Or(*b.loaderPage, c.LoaderPage)
	return c, nil
}

// errInterrupted ends the browser checks on Ctrl-C or SIGTERM.
var errInterrupted = errors.New("interrupted")

// checkBrowser runs the checks ids on the site in dir. A check whose
// contract keys are empty is skipped, with a line on stderr saying which.
func checkBrowser(dir string, cfg *config.Config, b browserOptions, ids []string, stderr io.Writer, c *common) (diag.Run, error) {
	start := time.Now()
	contract, err := b.contract(dir, cfg)
	if err != nil {
		return diag.Run{}, err
	}
	var run []string
	for _, id := range ids {
		if missing := contract.Missing(id); len(missing) > 0 {
			c.say(stderr, "checks browser: %s skipped, the contract sets no %s", id, strings.Join(missing, ", "))
			continue
		}
		run = append(run, id)
	}
	base, err := cfg.BasePath(dir)
	if err != nil {
		return diag.Run{}, err
	}
	o := browser.Options{Dir: dir, Chromium: *b.chromium, Contract: contract, Timeout: *b.timeout, Checks: run, Base: base, Host: new(cfg.StaticHost())}
	o.Started = func(version, path string) { c.say(stderr, "checks browser: %s at %s", version, path) }
	var results []browser.Result
	if len(o.Checks) > 0 { // all ignored or skipped: no browser needed
		err := interruptible(stderr, func(ctx interruptContext) error {
			var err error
			results, err = browser.Run(ctx, o)
			return err
		})
		if err != nil {
			return diag.Run{}, err
		}
	}
	found, passed := browserDiagnostics(dir, results)
	l := cfg.Apply(found)
	if c.format != diag.FormatGitHub { // annotations are for problems only
		l = append(l, passed...)
	}
	return counted(l, diag.Summary{Tool: "checks browser", Pages: pagesIn(results), Checks: len(results)}, start), nil
}

// interruptContext is cancelled by Ctrl-C or SIGTERM.
type interruptContext = context.Context

// interruptible runs a browser: Ctrl-C or SIGTERM cancels its context, so
// the browser is closed and its profile removed before the command exits,
// instead of leaving both behind; it then returns errInterrupted.
func interruptible(stderr io.Writer, run func(ctx interruptContext) error) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx)
	interrupted := ctx.Err() != nil // read before stop, which cancels ctx too
	stop()
	if interrupted {
		fmt.Fprintln(stderr, "checks browser: interrupted; the browser is closed and its profile removed")
		return errInterrupted
	}
	return err
}

// say writes a status line on stderr, unless --quiet.
func (c *common) say(stderr io.Writer, format string, args ...any) {
	if !c.quiet {
		fmt.Fprintln(stderr, diag.Printable(fmt.Sprintf(format, args...))) // a note may name what a file holds
	}
}

// wanted is the checks to run: those asked for, less those set to ignore.
// An unknown id is an error, found before any browser starts.
func wanted(only string, cfg *config.Config) ([]string, error) {
	ids := browser.All
	if only != "" {
		ids = strings.Split(only, ",")
	}
	var out []string
	for _, id := range ids {
		if !slices.Contains(browser.All, id) {
			if s := editdist.Closest(id, browser.All); s != "" {
				return nil, fmt.Errorf("unknown browser check %q in --checks; did you mean %q?", id, s)
			}
			return nil, fmt.Errorf("unknown browser check %q in --checks; checks are %s", id, strings.Join(browser.All, ", "))
		}
		if cfg.Levels[id] != registry.Ignore {
			out = append(out, id)
		}
	}
	return out, nil
}

// browserDiagnostics turns results into diagnostics on the page's file:
// failures (levels apply to them) and passes (info, with what was seen).
func browserDiagnostics(dir string, rs []browser.Result) (failed, passed diag.List) {
	for _, r := range rs {
		d := diag.Diagnostic{Check: r.Check, File: pageFile(dir, r.Page), Href: r.Page}
		if r.OK {
			d.Severity, d.Message = diag.Info, diag.PassPrefix+r.Want+": "+r.Saw
			passed = append(passed, d)
			continue
		}
		d.Severity, d.Message = diag.Error, r.Want+": "+r.Saw
		failed = append(failed, d)
	}
	return failed, passed
}

// pageFile names the file a host serves for a URL path, as links does.
func pageFile(dir, page string) string {
	if f, ok := serve.Resolve(dir, page); ok {
		if rel, err := filepath.Rel(dir, f); err == nil {
			return joinPath(dir, rel)
		}
	}
	return joinPath(dir, page)
}

func pagesIn(rs []browser.Result) int {
	seen := map[string]bool{}
	for _, r := range rs {
		seen[r.Page] = true
	}
	return len(seen)
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
