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
	"syscall"
	"time"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
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
	} else {
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
		chromium:   fs.String("chromium", cmp.Or(os.Getenv("CHROMIUM"), browser.DefaultChromium()), "the Chromium binary (env CHROMIUM)"),
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
	return steps.BrowserChecks(*b.only, cfg)
}

// checkBrowser runs the checks ids on the site in dir (steps.Browser),
// with the flags' options.
func checkBrowser(dir string, cfg *config.Config, b browserOptions, ids []string, stderr io.Writer, c *common) (diag.Run, error) {
	contract, err := cfg.BrowserContract(dir)
	if err != nil {
		return diag.Run{}, err
	}
	contract.Page = cmp.Or(*b.page, contract.Page) // the flags over the contract
	contract.LoaderPage = cmp.Or(*b.loaderPage, contract.LoaderPage)
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
