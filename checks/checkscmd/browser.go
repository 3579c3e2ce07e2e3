package checkscmd

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/steps"
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

// checkBrowser runs the checks ids on the site in dir (steps.Browser),
// with the flags' options.
func checkBrowser(dir string, cfg *config.Config, b browserOptions, ids []string, stderr io.Writer, c *common) (diag.Run, error) {
	contract, err := b.contract(dir, cfg)
	if err != nil {
		return diag.Run{}, err
	}
	return steps.Browser(dir, cfg, steps.BrowserOptions{Contract: contract, Chromium: *b.chromium, Timeout: *b.timeout, Checks: ids,
		Passes: c.format != diag.FormatGitHub, Say: c.sayer(stderr),
		Interruptible: func(run func(ctx context.Context) error) error { return interruptible(stderr, run) }})
}

// errInterrupted ends the browser checks on Ctrl-C or SIGTERM.
var errInterrupted = errors.New("interrupted")

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

// sayer is c.say on stderr.
func (c *common) sayer(stderr io.Writer) steps.Say {
	return func(format string, args ...any) { c.say(stderr, format, args...) }
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

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
