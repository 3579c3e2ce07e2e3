package report

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// LoadResults reads JSON files and directories of them; each file is one
// run ({diagnostics, summary}) or many ({runs: [...]}).
func LoadResults(paths ...string) (diag.Results, error) {
	var all diag.Results
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

func loadFile(file string) (diag.Results, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return diag.Results{}, err
	}
	var doc struct { // either format: diag.Results, or one diag.Run
		Runs        []diag.Run   `json:"runs"`
		Diagnostics diag.List    `json:"diagnostics"`
		Summary     diag.Summary `json:"summary"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return diag.Results{}, fmt.Errorf("%s: not checks JSON output: %v", file, err)
	}
	if doc.Runs != nil {
		return diag.Results{Runs: doc.Runs, Summary: doc.Summary}, nil
	}
	if doc.Summary.Tool == "" {
		return diag.Results{}, fmt.Errorf("%s: no \"runs\" and no \"summary\": is this the output of a checks command with --format json?", file)
	}
	return diag.Results{Runs: []diag.Run{{Diagnostics: doc.Diagnostics, Summary: doc.Summary}}}, nil
}
