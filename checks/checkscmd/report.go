package checkscmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/outfile"
	"github.com/devdocs-dev/devdocs/checks/report"
	"github.com/devdocs-dev/devdocs/checks/routes"
)

func runReport(args []string, stdout, stderr io.Writer) int {
	fs := flagSet("report", stderr)
	config := fs.String("config", "", "config file (default: "+configName+" in the current directory, else at the git root, if there)")
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
	cfg, err := (&common{config: *config, format: diag.FormatText}).loadConfig()
	if err != nil {
		return usageError(stderr, "report", err)
	}
	o := report.Options{Dist: firstNonEmpty(*dist, cfg.Site), SiteURL: firstNonEmpty(*siteURL, cfg.SiteURL), Generated: time.Now(),
		Artifact: *artifact, HTMLPath: *out}
	if err := readReportInputs(&o, *previous, firstNonEmpty(*routesFile, cfg.Routes)); err != nil {
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
	if *sarif != "" || *annotations {
		// Both list every problem, so they hold them all: the report
		// itself holds its causes only.
		res, err := report.LoadResults(files...)
		if err != nil {
			return usageError(stderr, "report", err)
		}
		if code := writeEveryProblem(stdout, stderr, res, *sarif, *annotations); code != 0 {
			return code
		}
	}
	fmt.Fprintf(stdout, "checks report: %s written (%s)\n", *out, summaryLine(r))
	return 0
}

// writeEveryProblem writes the SARIF file and the workflow annotations
// that --sarif and --annotations ask for.
func writeEveryProblem(stdout, stderr io.Writer, res diag.Results, sarif string, annotations bool) int {
	total := totals(res, 0)
	if sarif != "" {
		err := writeFile(sarif, func(w io.Writer) error { return writeAll(w, &common{format: diag.FormatSARIF}, res, total, false) })
		if err != nil {
			return usageError(stderr, "report", err)
		}
	}
	if annotations {
		if err := writeAll(stdout, &common{format: diag.FormatGitHub}, res, total, false); err != nil {
			return 2
		}
	}
	return 0
}

func summaryLine(r report.Report) string {
	s := diag.Plural(r.Errors, "error") + ", " + diag.Plural(r.Warnings, "warning")
	if r.HasPrevious {
		s += fmt.Sprintf(", %d new, %d fixed", r.New, r.FixedTotal)
	}
	if !r.BrowserRan {
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
