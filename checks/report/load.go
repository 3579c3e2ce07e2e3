package report

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// A results file of a large site holds a million diagnostics. The report
// reads them one at a time (readFile) and keeps what it shows, not what
// it read: memory follows the causes, not the findings.

// results gives every diagnostic of some results to diagnostic, and the
// summary of each run to run once the run's diagnostics are given.
type results func(diagnostic func(diag.Diagnostic), run func(diag.Summary)) error

// inMemory is results already read.
func inMemory(res diag.Results) results {
	return func(diagnostic func(diag.Diagnostic), run func(diag.Summary)) error {
		for _, r := range res.Runs {
			for _, d := range r.Diagnostics {
				diagnostic(d)
			}
			run(r.Summary)
		}
		return nil
	}
}

// fromFiles is the results in JSON files and directories of them, read as
// they are given.
func fromFiles(paths []string) results {
	return func(diagnostic func(diag.Diagnostic), run func(diag.Summary)) error {
		for _, p := range paths {
			files, err := jsonFiles(p)
			if err != nil {
				return err
			}
			for _, f := range files {
				if err := readFile(f, diagnostic, run); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// ReadResults streams JSON files and directories of them, as LoadResults
// reads them: each diagnostic to diagnostic, and each run's summary to run
// once its diagnostics are given. Nothing is kept.
func ReadResults(paths []string, diagnostic func(diag.Diagnostic), run func(diag.Summary)) error {
	return fromFiles(paths)(diagnostic, run)
}

// LoadResults reads JSON files and directories of them into memory; each
// file is one run ({diagnostics, summary}) or many ({runs: [...]}).
func LoadResults(paths ...string) (diag.Results, error) {
	var all diag.Results
	var l diag.List
	err := fromFiles(paths)(func(d diag.Diagnostic) { l = append(l, d) }, func(s diag.Summary) {
		all.Runs = append(all.Runs, diag.Run{Diagnostics: l, Summary: s})
		l = nil
	})
	return all, err
}

func jsonFiles(p string) ([]string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{p}, nil
	}
	files, err := filepath.Glob(filepath.Join(p, "*.json"))
	sort.Strings(files)
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("%s holds no .json results (write them with --format json)", p)
	}
	return files, err
}

// readFile streams one file, of either form: diag.Results ({runs,
// summary}, the summary their total) or one diag.Run ({diagnostics,
// summary}).
func readFile(file string, diagnostic func(diag.Diagnostic), run func(diag.Summary)) error {
	f, err := textfile.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(f, 256<<10))
	var top diag.Summary
	sawRuns := false
	err = object(dec, func(key string) error {
		if key == "runs" {
			sawRuns = true
			return array(dec, func() error { return readRun(dec, diagnostic, run) })
		}
		return runField(dec, key, &top, diagnostic)
	})
	switch {
	case err != nil:
		return fmt.Errorf("%s: not checks JSON output: %v", file, err)
	case sawRuns:
		return nil
	case top.Tool == "":
		return fmt.Errorf("%s: no \"runs\" and no \"summary\": is this the output of a checks command with --format json?", file)
	}
	run(top)
	return nil
}

// readRun streams one run: {diagnostics, summary}.
func readRun(dec *json.Decoder, diagnostic func(diag.Diagnostic), run func(diag.Summary)) error {
	var sum diag.Summary
	err := object(dec, func(key string) error { return runField(dec, key, &sum, diagnostic) })
	if err == nil {
		run(sum)
	}
	return err
}

// runField reads the value of key in a run: its diagnostics, streamed,
// its summary into sum; anything else is skipped.
func runField(dec *json.Decoder, key string, sum *diag.Summary, diagnostic func(diag.Diagnostic)) error {
	switch key {
	case "diagnostics":
		return diagnostics(dec, diagnostic)
	case "summary":
		return dec.Decode(sum)
	}
	var skip json.RawMessage
	return dec.Decode(&skip)
}

func diagnostics(dec *json.Decoder, diagnostic func(diag.Diagnostic)) error {
	return array(dec, func() error {
		var d diag.Diagnostic
		if err := dec.Decode(&d); err != nil {
			return err
		}
		diagnostic(d)
		return nil
	})
}

// object reads a JSON object, handing each key to value, which reads the
// value; null counts as an empty object.
func object(dec *json.Decoder, value func(key string) error) error {
	if ok, err := open(dec, '{'); !ok {
		return err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		if err := value(key); err != nil {
			return err
		}
	}
	_, err := dec.Token()
	return err
}

// array reads a JSON array, calling item for each element; null counts as
// an empty array.
func array(dec *json.Decoder, item func() error) error {
	if ok, err := open(dec, '['); !ok {
		return err
	}
	for dec.More() {
		if err := item(); err != nil {
			return err
		}
	}
	_, err := dec.Token()
	return err
}

// open reads the delimiter that opens an object or array: ok is false at
// null (err nil) and at anything else (err says what).
func open(dec *json.Decoder, delim json.Delim) (ok bool, err error) {
	t, err := dec.Token()
	switch {
	case err == io.EOF:
		return false, errors.New("unexpected end of JSON input")
	case err != nil:
		return false, err
	case t == nil:
		return false, nil
	case t != delim:
		return false, fmt.Errorf("want %v, found %v", delim, t)
	}
	return true, nil
}
