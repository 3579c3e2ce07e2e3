package cli

import (
	"context"
	"encoding/json"
	"fmt"
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
	"github.com/devdocs-dev/devdocs/checks/serve"
)

func runBrowser(args []string, stdout, stderr io.Writer, tty bool) int {
	start := time.Now()
	fs, c := newCommand("browser", stderr, map[string]string{
		"on-search-shortcut": browser.SearchShortcut, "on-theme-persistence": browser.ThemePersistence, "on-loader-timing": browser.LoaderTiming,
	})
	chromium := fs.String("chromium", envOr("CHROMIUM", browser.DefaultChromium), "the Chromium binary (env CHROMIUM)")
	timeout := fs.Duration("timeout", time.Minute, "time limit of each check; a hung or crashed browser fails the check")
	only := fs.String("checks", "", "comma-separated check ids to run (default: all)")
	page := fs.String("page", "", "URL path the search and theme checks open (default /)")
	loaderPage := fs.String("loader-page", "", "URL path the loader checks start from (default /api)")
	dir, cfg, code := c.dirAndConfig(fs, args, stderr)
	if code != 0 {
		return code
	}
	contract, err := loadContract(c.config)
	if err != nil {
		return usageError(stderr, "browser", err)
	}
	contract.Page = firstNonEmpty(*page, contract.Page)
	contract.LoaderPage = firstNonEmpty(*loaderPage, contract.LoaderPage)
	ids, err := wanted(*only, cfg)
	if err != nil {
		return usageError(stderr, "browser", err)
	}
	o := browser.Options{Dir: dir, Chromium: *chromium, Contract: contract, Timeout: *timeout, Checks: ids}
	o.Started = func(version, path string) {
		if !c.quiet {
			fmt.Fprintf(stderr, "checks browser: %s at %s\n", version, path)
		}
	}
	var results []browser.Result
	if len(o.Checks) > 0 { // all set to ignore: no browser needed
		// Ctrl-C or SIGTERM closes the browser and removes its profile
		// before the command exits, instead of leaving both behind.
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		results, err = browser.Run(ctx, o)
		interrupted := ctx.Err() != nil // read before stop, which cancels ctx too
		stop()
		if interrupted {
			fmt.Fprintln(stderr, "checks browser: interrupted; the browser is closed and its profile removed")
			return Interrupted
		}
		if err != nil {
			return usageError(stderr, "browser", err)
		}
	}
	found, passed := browserDiagnostics(dir, results)
	l := cfg.apply(found)
	if c.format != diag.FormatGitHub { // annotations are for problems only
		l = append(l, passed...)
	}
	sum := diag.Summary{Tool: "checks browser", Pages: pagesIn(results), Checks: len(results)}
	return finish(stdout, c, l, sum, start, tty)
}

// wanted is the checks to run: those asked for, less those set to ignore.
// An unknown id is an error, found before any browser starts.
func wanted(only string, cfg *Config) ([]string, error) {
	ids := browser.All
	if only != "" {
		ids = strings.Split(only, ",")
	}
	var out []string
	for _, id := range ids {
		if !slices.Contains(browser.All, id) {
			if s := suggest(id, browser.All); s != "" {
				return nil, fmt.Errorf("unknown browser check %q in --checks; did you mean %q?", id, s)
			}
			return nil, fmt.Errorf("unknown browser check %q in --checks; checks are %s", id, strings.Join(browser.All, ", "))
		}
		if cfg.Levels[id] != Ignore {
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

// loadContract reads the "browser" object of checks.json over the defaults.
func loadContract(file string) (browser.Contract, error) {
	c := browser.DefaultContract()
	if file == "" {
		file = "checks.json"
	}
	raw, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	var doc struct {
		Browser *json.RawMessage `json:"browser"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil || doc.Browser == nil {
		return c, nil // loadConfig has already reported bad JSON
	}
	if err := json.Unmarshal(*doc.Browser, &c); err != nil {
		return c, fmt.Errorf("%s: \"browser\": %v", file, err)
	}
	return c, nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
