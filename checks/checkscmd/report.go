package checkscmd

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/outfile"
	"github.com/devdocs-dev/devdocs/checks/report"
	"github.com/devdocs-dev/devdocs/checks/routes"
)

func runReport(args []string, stdout, stderr io.Writer) int {
	fs := flagSet("report", stderr)
	configFile := fs.String("config", "", "config file (default: "+config.Name+" in the current directory, else at the git root, if there)")
	in := fs.String("in", "", "a directory of --format json results (or name the files as arguments)")
	out := fs.String("out", "report.html", "the HTML report to write")
	md := fs.String("markdown", "", "also write a markdown summary for a pull-request comment here")
	previous := fs.String("previous", "", "the results of an earlier run, to show new and fixed problems")
	routesFile := fs.String("routes", "", "routes.json, for the version × page grid (default: routes in checks.json; skipped when missing)")
	dist := fs.String("dist", "", "the built site's directory, as the results name it (default: site in checks.json)")
	siteURL := fs.String("site-url", "", "link pages at this URL (default: siteUrl in checks.json)")
	artifact := fs.String("artifact", "", "the name of the CI artifact the report is uploaded as, for the summary's last line (default: the path of --out)")
	sarif := fs.String("sarif", "", "also write the problems as SARIF 2.1.0 here, for code scanning")
	annotations := fs.Bool("annotations", false, "also print every problem as a GitHub workflow annotation on stdout")
	files, err := parse(fs, args)
	if err != nil {
		return 2
	}
	if *in != "" {
		files = append(files, *in)
	}
	if len(files) == 0 {
		return usageError(stderr, "report", errors.New("no results: pass --in DIR or JSON files (from --format json)"))
	}
	for _, o := range []string{*out, *md, *sarif} {
		if in := inputAt(o, append(files, *previous)); in != "" {
			return usageError(stderr, "report", fmt.Errorf("%s is one of the results it reads (%s): write it elsewhere", o, in))
		}
	}
	cfg, err := (&common{config: *configFile, format: diag.FormatText}).loadConfig()
	if err != nil {
		return usageError(stderr, "report", err)
	}
	if _, err := config.ParseBase("", cmp.Or(*siteURL, cfg.SiteURL)); err != nil {
		return usageError(stderr, "report", err)
	}
	o := report.Options{Dist: cmp.Or(*dist, cfg.Site), SiteURL: cmp.Or(*siteURL, cfg.SiteURL), Generated: time.Now(),
		Artifact: *artifact, HTMLPath: *out}
	if err := readReportInputs(&o, *previous, cmp.Or(*routesFile, cfg.Routes)); err != nil {
		return usageError(stderr, "report", err)
	}
	r, err := report.BuildFiles(files, o)
	if err != nil {
		return usageError(stderr, "report", err)
	}
	if err := writeFile(*out, func(w io.Writer) error { return report.WriteHTML(w, r) }); err != nil {
		return usageError(stderr, "report", err)
	}
	if *md != "" {
		if err := writeFile(*md, func(w io.Writer) error { return report.WriteMarkdown(w, r) }); err != nil {
			return usageError(stderr, "report", err)
		}
	}
	if *sarif != "" {
		if err := writeFile(*sarif, func(w io.Writer) error { return sarifOfEveryProblem(w, files) }); err != nil {
			return usageError(stderr, "report", err)
		}
	}
	if *annotations {
		if err := annotateEveryProblem(stdout, files); err != nil {
			return usageError(stderr, "report", err)
		}
	}
	fmt.Fprintf(stdout, "checks report: %s written (%s)\n", *out, summaryLine(r))
	return 0
}

// inputAt is the input that out would overwrite: a results file named, or
// a folder of them that out is a .json file of; "" for none.
func inputAt(out string, inputs []string) string {
	if out == "" {
		return ""
	}
	st, err := os.Stat(out)
	for _, in := range inputs {
		if in == "" {
			continue
		}
		if ist, ierr := os.Stat(in); err == nil && ierr == nil && os.SameFile(st, ist) {
			return in
		}
		if config.IsDir(in) == nil && strings.EqualFold(filepath.Ext(out), ".json") && config.SameDir(filepath.Dir(out), in) {
			return in
		}
	}
	return ""
}

// --sarif and --annotations list every problem: each is written as it is
// read, as the report itself reads them, so a million problems are never
// all in memory. They come in the order of the results, each run's sorted
// as its command wrote it.

// sarifOfEveryProblem writes the results as one SARIF run of checks all,
// with every run's hints.
func sarifOfEveryProblem(w io.Writer, files []string) error {
	s := diag.NewSARIF(w)
	var hints []diag.Hint
	if err := report.ReadResults(files, s.Add, func(sum diag.Summary) { hints = append(hints, sum.Hints...) }); err != nil {
		return err
	}
	return s.Close("checks all", hints)
}

// annotateEveryProblem prints the results as workflow commands, run by
// run as checks all --format github prints them: each run's problems,
// hints and summary line, then the total.
func annotateEveryProblem(stdout io.Writer, files []string) error {
	w := bufio.NewWriterSize(stdout, 64<<10)
	var errors, warnings int
	err := report.ReadResults(files, func(d diag.Diagnostic) { diag.Annotate(w, d) }, func(sum diag.Summary) {
		diag.AnnotateHints(w, sum.Hints)
		fmt.Fprintln(w, sum.String())
		errors, warnings = errors+sum.Errors, warnings+sum.Warnings
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "checks all: %s in %.2fs\n", diag.Counts(errors, warnings), 0.0)
	return w.Flush()
}

func summaryLine(r report.Report) string {
	s := diag.Plural(r.Errors, "error") + ", " + diag.Plural(r.Warnings, "warning")
	if len(r.Failed) > 0 {
		s = r.Headline() + ": " + s
	}
	if r.HasPrevious {
		s += fmt.Sprintf(", %d new, %d fixed", r.New, r.FixedTotal)
	}
	switch { // as the report's own summary says it
	case !r.BrowserRan && r.CrawlPages > 0:
		s += ", browser: " + diag.Plural(r.CrawlPages, "page") + " crawled, contract checks not run"
	case !r.BrowserRan:
		s += ", browser: not run"
	}
	return s
}

func readReportInputs(o *report.Options, previous, routesFile string) error {
	if previous != "" {
		o.PreviousFiles = []string{previous}
	}
	if _, err := os.Stat(routesFile); err == nil {
		table, err := routes.Load(routesFile)
		if err != nil {
			return err
		}
		o.Routes = table.Routes
	}
	return nil
}

// writeFile writes a file the command leaves behind whole or not at all
// (checks/outfile), whatever interrupts it.
func writeFile(name string, write func(io.Writer) error) error { return outfile.Write(name, write) }
