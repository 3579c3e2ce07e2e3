package steps

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// BrowserOptions are what the browser's contract checks take beside the
// config.
type BrowserOptions struct {
	Contract browser.Contract
	Chromium string
	// Timeout limits each step of a check.
	Timeout time.Duration
	// Checks are the ids to run.
	Checks []string
	// Passes: the checks that passed are findings too (info, with what was
	// seen), but for annotations, which are for problems only.
	Passes bool
	Say    Say
	// Interruptible runs the browser, its context cancelled by Ctrl-C or
	// SIGTERM (the command's).
	Interruptible func(run func(ctx context.Context) error) error
}

// Browser runs the checks on the site in dir. A check whose contract keys
// are empty is skipped, with a line saying which.
func Browser(dir string, cfg *config.Config, o BrowserOptions) (diag.Run, error) {
	start := time.Now()
	var run []string
	for _, id := range o.Checks {
		if missing := o.Contract.Missing(id); len(missing) > 0 {
			o.Say("checks browser: %s skipped, the contract sets no %s", id, strings.Join(missing, ", "))
			continue
		}
		run = append(run, id)
	}
	base, err := cfg.BasePath(dir)
	if err != nil {
		return diag.Run{}, err
	}
	bo := browser.Options{Dir: dir, Chromium: o.Chromium, Contract: o.Contract, Timeout: o.Timeout, Checks: run, Base: base, Host: new(cfg.StaticHost())}
	bo.Started = func(version, path string) { o.Say("checks browser: %s at %s", version, path) }
	var results []browser.Result
	if len(bo.Checks) > 0 { // all ignored or skipped: no browser needed
		err := o.Interruptible(func(ctx context.Context) error {
			var err error
			results, err = browser.Run(ctx, bo)
			return err
		})
		if err != nil {
			return diag.Run{}, err
		}
	}
	found, passed := browserDiagnostics(dir, results)
	l := cfg.Apply(found)
	if o.Passes {
		l = append(l, passed...)
	}
	return diag.Counted(l, diag.Summary{Tool: "checks browser", Pages: pagesIn(results), Checks: len(results)}, start), nil
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

// BrowserChecks are the checks to run: those asked for, less those set to ignore.
// An unknown id is an error, found before any browser starts.
func BrowserChecks(only string, cfg *config.Config) ([]string, error) {
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
