package report

import (
	"bufio"
	"fmt"
	"io"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// checks report --sarif and --annotations list every problem: each is written as it is
// read, as the report itself reads them, so a million problems are never
// all in memory. They come in the order of the results, each run's sorted
// as its command wrote it.

// WriteSARIF writes the results as one SARIF run of checks all,
// with every run's hints.
func WriteSARIF(w io.Writer, files []string) error {
	s := diag.NewSARIF(w)
	var hints []diag.Hint
	if err := ReadResults(files, s.Add, func(sum diag.Summary) { hints = append(hints, sum.Hints...) }); err != nil {
		return err
	}
	return s.Close("checks all", hints)
}

// Annotate prints the results as workflow commands, run by
// run as checks all --format github prints them: each run's problems,
// hints and summary line, then the total.
func Annotate(stdout io.Writer, files []string) error {
	w := bufio.NewWriterSize(stdout, 64<<10)
	var errors, warnings int
	err := ReadResults(files, func(d diag.Diagnostic) { diag.Annotate(w, d) }, func(sum diag.Summary) {
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

// Line is what the report holds, in one line for the command to print:
// as the report's own summary says it.
func (r Report) Line() string {
	s := diag.Plural(r.Errors, "error") + ", " + diag.Plural(r.Warnings, "warning")
	if len(r.Failed) > 0 {
		s = r.Headline() + ": " + s
	}
	if r.HasPrevious {
		s += fmt.Sprintf(", %d new, %d fixed", r.New, r.FixedTotal)
	}
	switch {
	case !r.BrowserRan && r.CrawlPages > 0:
		s += ", browser: " + diag.Plural(r.CrawlPages, "page") + " crawled, contract checks not run"
	case !r.BrowserRan:
		s += ", browser: not run"
	}
	return s
}
