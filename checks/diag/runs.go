package diag

import (
	"fmt"
	"io"
	"time"
)

// Counted completes a run's summary: its problems and how long it took.
func Counted(l List, sum Summary, start time.Time) Run {
	sum.Errors, sum.Warnings = l.Count(Error), l.Count(Warning)
	sum.Seconds = time.Since(start).Seconds()
	return Run{Diagnostics: l, Summary: sum}
}

// Of is the run of a tool, nil when it did not run.
func (res Results) Of(tool string) *Run {
	for i := range res.Runs {
		if res.Runs[i].Summary.Tool == tool {
			return &res.Runs[i]
		}
	}
	return nil
}

// Total adds up the runs of checks all, which took took; pages are the
// most any one run saw, not a sum.
func (res Results) Total(took time.Duration) Summary {
	total := Summary{Tool: "checks all", Seconds: took.Seconds()}
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

// Failed are the summaries of the runs that could not run.
func (res Results) Failed() []Summary {
	var failed []Summary
	for _, r := range res.Runs {
		if r.Summary.Failed != "" {
			failed = append(failed, r.Summary)
		}
	}
	return failed
}

// WriteAll prints every run of checks all and res.Summary, their total.
// JSON is one document ({runs, summary}) that `checks report` reads; text
// and annotations go run by run (quiet: none of a clean run), then the
// verdict; JUnit and SARIF get one merged list.
func WriteAll(w io.Writer, format string, res Results, quiet, color bool) error {
	total := res.Summary
	switch format {
	case FormatJSON:
		return WriteResults(w, res)
	case FormatText, FormatGitHub:
		if quiet && total.Errors+total.Warnings == 0 {
			return nil
		}
		for _, r := range res.Runs {
			if r.Summary.Failed != "" || quiet && r.Summary.Errors+r.Summary.Warnings == 0 {
				continue // a step that could not run said why on stderr
			}
			if err := Write(w, format, r.Diagnostics, r.Summary, color); err != nil {
				return err
			}
		}
		_, err := fmt.Fprintf(w, "checks all: %s in %.2fs\n", Verdict(res.Failed(), total.Errors, total.Warnings), total.Seconds)
		return err
	}
	var merged List
	for _, r := range res.Runs {
		merged = append(merged, r.Diagnostics...)
	}
	return Write(w, format, merged, total, false)
}
