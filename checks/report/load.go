package report

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// Run is the JSON one command prints with --format json.
type Run struct {
	Diagnostics diag.List    `json:"diagnostics"`
	Summary     diag.Summary `json:"summary"`
}

// Results is what `checks all --format json` prints: every run, in order.
type Results struct {
	Runs []Run `json:"runs"`
}

// LoadResults reads JSON files and directories of them; each file is one
// run ({diagnostics, summary}) or many ({runs: [...]}).
func LoadResults(paths ...string) (Results, error) {
	var all Results
	for _, p := range paths {
		files, err := jsonFiles(p)
		if err != nil {
			return all, err
		}
		for _, f := range files {
			r, err := loadFile(f)
			if err != nil {
				return all, err
			}
			all.Runs = append(all.Runs, r.Runs...)
		}
	}
	return all, nil
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

func loadFile(file string) (Results, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return Results{}, err
	}
	var doc struct {
		Results
		Run
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return Results{}, fmt.Errorf("%s: not checks JSON output: %v", file, err)
	}
	if doc.Runs != nil {
		return doc.Results, nil
	}
	if doc.Summary.Tool == "" {
		return Results{}, fmt.Errorf("%s: no \"runs\" and no \"summary\": is this the output of a checks command with --format json?", file)
	}
	return Results{Runs: []Run{doc.Run}}, nil
}
