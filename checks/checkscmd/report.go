package checkscmd

import (
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
	f := reportFlags{
		config:      fs.String("config", "", "config file (default: "+config.Name+" in the current directory, else at the git root, if there)"),
		in:          fs.String("in", "", "a directory of --format json results (or name the files as arguments)"),
		out:         fs.String("out", "report.html", "the HTML report to write"),
		md:          fs.String("markdown", "", "also write a markdown summary for a pull-request comment here"),
		previous:    fs.String("previous", "", "the results of an earlier run, to show new and fixed problems"),
		routes:      fs.String("routes", "", "routes.json, for the version × page grid (default: routes in checks.json; skipped when missing)"),
		dist:        fs.String("dist", "", "the built site's directory, as the results name it (default: site in checks.json)"),
		siteURL:     fs.String("site-url", "", "link pages at this URL (default: siteUrl in checks.json)"),
		artifact:    fs.String("artifact", "", "the name of the CI artifact the report is uploaded as, for the summary's last line (default: the path of --out)"),
		sarif:       fs.String("sarif", "", "also write the problems as SARIF 2.1.0 here, for code scanning"),
		annotations: fs.Bool("annotations", false, "also print every problem as a GitHub workflow annotation on stdout"),
	}
	files, err := parse(fs, args)
	if err != nil {
		return 2
	}
	if *f.in != "" {
		files = append(files, *f.in)
	}
	r, err := f.build(files)
	if err == nil {
		err = f.write(stdout, r, files)
	}
	if err != nil {
		return usageError(stderr, "report", err)
	}
	fmt.Fprintf(stdout, "checks report: %s written (%s)\n", *f.out, r.Line())
	return 0
}

// reportFlags are the flags of checks report.
type reportFlags struct {
	config, in, out, md, previous, routes, dist, siteURL, artifact, sarif *string
	annotations                                                           *bool
}

// build reads the results files into the report, by the flags and the
// config; a file it would write over one it reads is an error.
func (f reportFlags) build(files []string) (report.Report, error) {
	if len(files) == 0 {
		return report.Report{}, errors.New("no results: pass --in DIR or JSON files (from --format json)")
	}
	for _, o := range []string{*f.out, *f.md, *f.sarif} {
		if in := inputAt(o, append(files, *f.previous)); in != "" {
			return report.Report{}, fmt.Errorf("%s is one of the results it reads (%s): write it elsewhere", o, in)
		}
	}
	cfg, err := (&common{config: *f.config, format: diag.FormatText}).loadConfig()
	if err != nil {
		return report.Report{}, err
	}
	if _, err := config.ParseBase("", cmp.Or(*f.siteURL, cfg.SiteURL)); err != nil {
		return report.Report{}, err
	}
	o := report.Options{Dist: cmp.Or(*f.dist, cfg.Site), SiteURL: cmp.Or(*f.siteURL, cfg.SiteURL), Generated: time.Now(),
		Artifact: *f.artifact, HTMLPath: *f.out}
	if err := readReportInputs(&o, *f.previous, cmp.Or(*f.routes, cfg.Routes)); err != nil {
		return report.Report{}, err
	}
	return report.BuildFiles(files, o)
}

// write writes the report and what the flags ask for beside it.
func (f reportFlags) write(stdout io.Writer, r report.Report, files []string) error {
	if err := writeFile(*f.out, func(w io.Writer) error { return report.WriteHTML(w, r) }); err != nil {
		return err
	}
	if *f.md != "" {
		if err := writeFile(*f.md, func(w io.Writer) error { return report.WriteMarkdown(w, r) }); err != nil {
			return err
		}
	}
	if *f.sarif != "" {
		if err := writeFile(*f.sarif, func(w io.Writer) error { return report.WriteSARIF(w, files) }); err != nil {
			return err
		}
	}
	if *f.annotations {
		return report.Annotate(stdout, files)
	}
	return nil
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
