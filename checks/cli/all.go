package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// runAll is the whole gate on a built site: markdown (when checks.json
// lists its paths), links, browser. Each
// step runs as its own command with --format json; the results are printed
// together in the chosen format, and the worst exit code wins.
func runAll(args []string, stdout, stderr io.Writer, tty bool) int {
	start := time.Now()
	fs, c := newCommand("all", stderr, nil)
	routesFile := fs.String("routes", "site/.generated/routes.json", "routes.json of the build (skipped when missing)")
	chromium := fs.String("chromium", envOr("CHROMIUM", "/usr/bin/chromium"), "the Chromium binary (env CHROMIUM)")
	only := fs.String("checks", "", "comma-separated browser check ids to run (default: all)")
	jsonOut := fs.String("json", "", "also write the results as JSON here, for checks report (whatever --format is)")
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 1 {
		return usageError(stderr, "all", errors.New("want at most one directory: checks all [DIR]"))
	}
	dir := "site/dist"
	if len(pos) == 1 {
		dir = pos[0]
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "all", err)
	}
	if _, err := wanted(*only, cfg); err != nil { // before any step runs
		return usageError(stderr, "all", err)
	}
	common := []string{"--format", diag.FormatJSON}
	if c.config != "" {
		common = append(common, "--config", c.config)
	}
	if c.quiet || c.noProgress {
		common = append(common, "--no-progress")
	}
	links := []string{"links", dir}
	if _, err := os.Stat(*routesFile); err == nil {
		links = append(links, "--routes", *routesFile)
	}
	browser := []string{"browser", dir, "--chromium", *chromium}
	if *only != "" {
		browser = append(browser, "--checks", *only)
	}
	// Markdown is checked only where checks.json says it lives: a built
	// site alone names no source folder.
	steps := [][]string{links, browser}
	if len(cfg.Markdown.Paths) > 0 {
		steps = append([][]string{{"markdown"}}, steps...)
	}
	var res diag.Results
	code := 0
	for _, step := range steps {
		run, stepCode := runStep(append(step, common...), stderr)
		if stepCode == Interrupted {
			return Interrupted
		}
		code = max(code, stepCode)
		if run != nil {
			res.Runs = append(res.Runs, *run)
		}
	}
	total := totals(res, time.Since(start))
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

// runStep runs one command and reads back its JSON; nil when it could not run.
func runStep(args []string, stderr io.Writer) (*diag.Run, int) {
	var out bytes.Buffer
	code := Run(args, &out, stderr, false)
	if code == 2 || code == Interrupted {
		return nil, code
	}
	var run diag.Run
	if err := json.Unmarshal(out.Bytes(), &run); err != nil {
		fmt.Fprintf(stderr, "checks all: reading the output of checks %s: %v\n", args[0], err)
		return nil, 2
	}
	return &run, code
}

// writeAll prints every run. JSON is one document ({runs, summary}) that
// `checks report` reads; text and annotations go run by run; JUnit and
// SARIF get one merged list.
func writeAll(w io.Writer, c *common, res diag.Results, total diag.Summary, tty bool) error {
	switch c.format {
	case diag.FormatJSON:
		return writeJSON(w, res, total)
	case diag.FormatText, diag.FormatGitHub:
		for _, r := range res.Runs {
			if err := diag.Write(w, c.format, r.Diagnostics, r.Summary, c.useColor(tty)); err != nil {
				return err
			}
		}
		_, err := fmt.Fprintf(w, "checks all: %s in %.2fs\n", diag.Counts(total.Errors, total.Warnings), total.Seconds)
		return err
	}
	var merged diag.List
	for _, r := range res.Runs {
		merged = append(merged, r.Diagnostics...)
	}
	return diag.Write(w, c.format, merged, total, false)
}

func writeJSON(w io.Writer, res diag.Results, total diag.Summary) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	res.Summary = total
	return enc.Encode(res)
}

// totals adds up the runs; pages are the most any one run saw, not a sum.
func totals(res diag.Results, took time.Duration) diag.Summary {
	total := diag.Summary{Tool: "checks all", Seconds: took.Seconds()}
	for _, r := range res.Runs {
		total.Pages = max(total.Pages, r.Summary.Pages)
		total.Links += r.Summary.Links
		total.Checks += r.Summary.Checks
		total.Errors += r.Summary.Errors
		total.Warnings += r.Summary.Warnings
	}
	return total
}
