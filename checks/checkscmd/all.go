package checkscmd

import (
	"cmp"
	"errors"
	"fmt"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/confirm"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// runAll is the whole gate: each check the project configures (markdown
// sources, the built site's links, the browser contract), composed from the
// same functions the single commands run. What is not configured is
// skipped with a line saying why; every step runs even when one fails, and
// the worst exit code wins.
func runAll(args []string, stdout, stderr io.Writer, tty bool) int {
	start := time.Now()
	fs, c := newCommand("all", stderr, registry.All)
	mf, lf, bf := markdownFlags(fs), linksFlags(fs), browserFlags(fs)
	jsonOut := fs.String("json", "", "also write the results as JSON here, for checks report (whatever --format is)")
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 1 {
		return usageError(stderr, "all", fmt.Errorf("want at most one directory, not %d: checks all [DIR]", len(pos)))
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "all", err)
	}
	mf.apply(cfg)
	lf.apply(fs, cfg)
	ids, err := bf.apply(cfg) // an unknown --checks id stops the run before any step
	if err != nil {
		return usageError(stderr, "all", err)
	}
	dir := cfg.Site
	if len(pos) == 1 {
		dir = pos[0]
	}
	if dir == "" {
		dir = config.PublishedSite(cfg.Host)
	}
	if dir != "" {
		if err := config.IsDir(dir); err != nil {
			return usageError(stderr, "all", fmt.Errorf("%v: build the site first, or name the folder it is built into (checks all DIR)", err))
		}
	}
	// With sources and a site both there, each confirms the other (checks/confirm).
	var cf *confirm.Confirmation
	if cfg.NoMarkdown() == "" && noSite(dir) == "" {
		cf = confirm.New(cfg, dir, stderr)
	}
	if cf != nil {
		if files, err := markdownFiles(cfg.Markdown.Paths, cfg); err == nil { // else the markdown step says why
			cf.Register(cfg.Judges(files)[0].Files) // the pages of the project whose site this is
		}
		// The site's ids outlive the links step here, for the sources'
		// anchors, and markdown is parsed beside them: at the 200% that
		// cmd/checks sets, the heap grows to three times that set. At 120%
		// checks all's peak and time both stay within 1.5 times the links
		// check's alone on a 10k-page site (make bench: 100% spends more CPU
		// on collection, 150% more memory).
		if os.Getenv("GOGC") == "" {
			defer debug.SetGCPercent(debug.SetGCPercent(120))
		}
	}
	// With the crawl after the links step, each id the files lack is looked
	// up in its running page (confirm.LiveAnchors).
	var la *confirm.LiveAnchors
	if crawlWanted(cfg, bf) && noSite(dir) == "" {
		la = &confirm.LiveAnchors{}
	}
	steps := []step{
		{registry.Markdown, cfg.NoMarkdown(), func() (diag.Run, error) {
			run, err := checkMarkdown(cfg.Markdown.Paths, cfg, cf, stderr, c)
			if la != nil {
				la.Heard(run.Diagnostics, cf) // its anchors, when it runs after the links step (cf)
			}
			return run, err
		}},
		{registry.Links, noSite(dir), func() (diag.Run, error) {
			run, err := checkLinks(dir, cfg, lf.external, stderr, c.showProgress(stderr), cf)
			if la != nil {
				la.Heard(run.Diagnostics, cf)
			}
			return run, err
		}},
		{registry.Browser, cmp.Or(noSite(dir), cfg.NoBrowser(dir)), func() (diag.Run, error) {
			return checkBrowser(dir, cfg, bf, ids, stderr, c)
		}},
	}
	steps = append(steps, crawlSteps(dir, cfg, bf, stderr, c, la)...)
	if !slices.ContainsFunc(steps, func(s step) bool { return s.skip == "" }) {
		return usageError(stderr, "all", errors.New(`nothing to check: name the built site (checks all DIR), or set "site", "markdown" or a "preset" in `+config.Name))
	}
	for _, s := range steps {
		if s.skip != "" {
			c.say(stderr, "checks all: %s: skipped, %s", s.name, s.skip)
		}
	}
	runs := make([]*diag.Run, len(steps))
	failed := false
	for _, i := range cf.Order(len(steps)) {
		s := steps[i]
		if s.skip != "" {
			continue
		}
		run, err := s.run()
		switch {
		case errors.Is(err, errInterrupted):
			return Interrupted
		case err != nil:
			sayError(stderr, s.name, err)
			failed = true
			// Kept as a run that says why, so that the JSON, and the report
			// made from it, do not read as a clean run.
			run = diag.Run{Summary: diag.Summary{Tool: "checks " + s.name, Failed: err.Error()}}
		}
		runs[i] = &run
	}
	var res diag.Results
	for _, r := range runs {
		if r != nil {
			res.Runs = append(res.Runs, *r)
		}
	}
	// Before the sources confirm the build: a withdrawn anchor confirms nothing.
	la.Settle(cf, runOf(res, "checks links"), runOf(res, "checks markdown"))
	confirm.Once(cf, runOf(res, "checks markdown"), runOf(res, "checks links"))
	total := totals(res, time.Since(start))
	code := 0
	switch {
	case failed:
		code = 2
	case total.Errors > 0:
		code = 1
	}
	if err := writeAll(stdout, c, res, total, tty); err != nil {
		return 2
	}
	if *jsonOut != "" {
		err := writeFile(*jsonOut, func(w io.Writer) error { return writeJSON(w, res, total) })
		if err != nil {
			return usageError(stderr, "all", err)
		}
	}
	return code
}

// runOf is the run of a tool in res, nil when it did not run.
func runOf(res diag.Results, tool string) *diag.Run {
	for i := range res.Runs {
		if res.Runs[i].Summary.Tool == tool {
			return &res.Runs[i]
		}
	}
	return nil
}

// step is one check of checks all, and why it does not apply ("" when it does).
type step struct {
	name string
	skip string
	run  func() (diag.Run, error)
}

func noSite(dir string) string {
	if dir != "" {
		return ""
	}
	return `no built site: name its folder (checks all DIR), or set "site" or a "preset" in ` + config.Name
}

// writeAll prints every run. JSON is one document ({runs, summary}) that
// `checks report` reads; text and annotations go run by run; JUnit and
// SARIF get one merged list.
func writeAll(w io.Writer, c *common, res diag.Results, total diag.Summary, tty bool) error {
	switch c.format {
	case diag.FormatJSON:
		return writeJSON(w, res, total)
	case diag.FormatText, diag.FormatGitHub:
		if c.quiet && total.Errors+total.Warnings == 0 {
			return nil
		}
		for _, r := range res.Runs {
			if r.Summary.Failed != "" || c.quiet && r.Summary.Errors+r.Summary.Warnings == 0 {
				continue // a step that could not run said why on stderr
			}
			if err := diag.Write(w, c.format, r.Diagnostics, r.Summary, c.useColor(tty)); err != nil {
				return err
			}
		}
		_, err := fmt.Fprintf(w, "checks all: %s in %.2fs\n", diag.Verdict(failedRuns(res), total.Errors, total.Warnings), total.Seconds)
		return err
	}
	var merged diag.List
	for _, r := range res.Runs {
		merged = append(merged, r.Diagnostics...)
	}
	return diag.Write(w, c.format, merged, total, false)
}

func writeJSON(w io.Writer, res diag.Results, total diag.Summary) error {
	res.Summary = total
	return diag.WriteResults(w, res)
}

// failedRuns are the steps that could not run.
func failedRuns(res diag.Results) []diag.Summary {
	var failed []diag.Summary
	for _, r := range res.Runs {
		if r.Summary.Failed != "" {
			failed = append(failed, r.Summary)
		}
	}
	return failed
}

// totals adds up the runs; pages are the most any one run saw, not a sum.
func totals(res diag.Results, took time.Duration) diag.Summary {
	total := diag.Summary{Tool: "checks all", Seconds: took.Seconds()}
	for _, r := range res.Runs {
		total.Pages = max(total.Pages, r.Summary.Pages)
		total.Links += r.Summary.Links
		total.Checks += r.Summary.Checks
		total.Requests += r.Summary.Requests
		total.Errors += r.Summary.Errors
		total.Warnings += r.Summary.Warnings
		// Every run's hints, for the formats that print one merged list
		// (JUnit, SARIF) under the total.
		total.Hints = append(total.Hints, r.Summary.Hints...)
	}
	return total
}
