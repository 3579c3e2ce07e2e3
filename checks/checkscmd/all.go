package checkscmd

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"time"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/confirm"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/steps"
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
	dir, err := allSite(pos, cfg)
	if err != nil {
		return usageError(stderr, "all", err)
	}
	a := &allRun{dir: dir, cfg: cfg, c: c, stderr: stderr}
	if cfg.NoMarkdown() == "" && noSite(dir) == "" { // each confirms the other (checks/confirm)
		a.confirm()
		defer a.gcPercent()()
	}
	// With the crawl after the links step, each id the files lack is looked
	// up in its running page (confirm.LiveAnchors).
	if crawlWanted(cfg, bf) && noSite(dir) == "" {
		a.la = &confirm.LiveAnchors{}
	}
	res, failed, code := a.run(a.steps(lf, bf, ids))
	if code != 0 {
		return code
	}
	// Before the sources confirm the build: a withdrawn anchor confirms nothing.
	a.la.Settle(a.cf, res.Of("checks links"), res.Of("checks markdown"))
	confirm.Once(a.cf, res.Of("checks markdown"), res.Of("checks links"))
	res.Summary = res.Total(time.Since(start))
	return a.write(stdout, res, failed, *jsonOut, tty)
}

// allSite is the built site checks all checks: DIR, else the config's, else
// the host's publish folder; "" for none.
func allSite(pos []string, cfg *config.Config) (string, error) {
	dir := cfg.SiteDir(pos, "")
	if dir != "" {
		if err := config.IsDir(dir); err != nil {
			return "", fmt.Errorf("%v: build the site first, or name the folder it is built into (checks all DIR)", err)
		}
	}
	return dir, nil
}

// allRun is one run of checks all: its site, config, and what its steps
// share (cf: the sources and the build; la: the ids the crawl looks up).
type allRun struct {
	dir    string
	cfg    *config.Config
	c      *common
	stderr io.Writer
	cf     *confirm.Confirmation
	la     *confirm.LiveAnchors
}

// confirm sets up what the markdown and links steps share, where the
// markdown pages map to the built ones.
func (a *allRun) confirm() {
	if a.cf = confirm.New(a.cfg, a.dir, a.stderr); a.cf == nil {
		return
	}
	if files, err := steps.MarkdownFiles(a.cfg.Markdown.Paths, a.cfg); err == nil { // else the markdown step says why
		a.cf.Register(a.cfg.Judges(files)[0].Files) // the pages of the project whose site this is
	}
}

// gcPercent lowers the heap's growth while the steps share the site's ids,
// returning what restores it. The site's ids outlive the links step here,
// for the sources' anchors, and markdown is parsed beside them: at the
// 200% that cmd/checks sets, the heap grows to three times that set. At
// 80% checks all's peak is 1.4 times the links check's alone on a
// 50k-page site, where 120% let it reach 1.6, and its time is the same
// (make bench; the markdown pages the links step parsed to place its
// problems stay live for the markdown step, so the live heap grows by
// half in it).
func (a *allRun) gcPercent() func() {
	if a.cf == nil || os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(80)
	return func() { debug.SetGCPercent(old) }
}

// steps are checks all's steps in the order they are reported.
func (a *allRun) steps(lf *linksOptions, bf browserOptions, ids []string) []step {
	dir, cfg, c, stderr := a.dir, a.cfg, a.c, a.stderr
	out := []step{
		{registry.Markdown, cfg.NoMarkdown(), func() (diag.Run, error) {
			run, err := steps.Markdown(cfg.Markdown.Paths, cfg, a.cf, c.sayer(stderr))
			if a.la != nil {
				a.la.Heard(run.Diagnostics, a.cf) // its anchors, when it runs after the links step (cf)
			}
			return run, err
		}},
		{registry.Links, noSite(dir), func() (diag.Run, error) {
			run, err := checkLinks(dir, cfg, lf, stderr, c.showProgress(stderr), a.cf)
			if a.la != nil {
				a.la.Heard(run.Diagnostics, a.cf)
			}
			return run, err
		}},
		{registry.Browser, cmp.Or(noSite(dir), cfg.NoBrowser(dir)), func() (diag.Run, error) {
			return checkBrowser(dir, cfg, bf, ids, stderr, c)
		}},
	}
	return append(out, crawlSteps(dir, cfg, bf, stderr, c, a.la)...)
}

// run runs the steps that apply, in the order the confirmation needs; a
// non-zero code ends checks all (nothing to check, or interrupted).
func (a *allRun) run(all []step) (res diag.Results, failed bool, code int) {
	if !slices.ContainsFunc(all, func(s step) bool { return s.skip == "" }) {
		return res, false, usageError(a.stderr, "all", errors.New(`nothing to check: name the built site (checks all DIR), or set "site", "markdown" or a "preset" in `+config.Name))
	}
	for _, s := range all {
		if s.skip != "" {
			a.c.say(a.stderr, "checks all: %s: skipped, %s", s.name, s.skip)
		}
	}
	runs := make([]*diag.Run, len(all))
	for _, i := range a.cf.Order(len(all)) {
		s := all[i]
		if s.skip != "" {
			continue
		}
		run, err := s.run()
		switch {
		case errors.Is(err, errInterrupted):
			return res, false, Interrupted
		case err != nil:
			sayError(a.stderr, s.name, err)
			failed = true
			// Kept as a run that says why, so that the JSON, and the report
			// made from it, do not read as a clean run.
			run = diag.Run{Summary: diag.Summary{Tool: "checks " + s.name, Failed: err.Error()}}
		}
		runs[i] = &run
	}
	for _, r := range runs {
		if r != nil {
			res.Runs = append(res.Runs, *r)
		}
	}
	return res, failed, 0
}

// write prints the runs, and writes them as JSON to jsonOut if named; the
// exit code is 2 when a step could not run, 1 for errors.
func (a *allRun) write(stdout io.Writer, res diag.Results, failed bool, jsonOut string, tty bool) int {
	code := 0
	switch {
	case failed:
		code = 2
	case res.Summary.Errors > 0:
		code = 1
	}
	if err := diag.WriteAll(stdout, a.c.format, res, a.c.quiet, a.c.useColor(tty)); err != nil {
		return 2
	}
	if jsonOut != "" {
		if err := writeFile(jsonOut, func(w io.Writer) error { return diag.WriteResults(w, res) }); err != nil {
			return usageError(a.stderr, "all", err)
		}
	}
	return code
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
