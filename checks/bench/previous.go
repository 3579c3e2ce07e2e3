package bench

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// changedPages is how many pages of a generated site were renamed, and how
// many had a heading's id changed, since the build it replaced.
const changedPages = 5

// Previous writes beside a generated site of n pages the build it replaced
// (site+".previous"; kept, like the site, for later runs): the same files,
// hard links where the system allows, but for what changed since. Some
// pages were served at another name then (each a removed-url now), and some
// had a heading whose id is another now (a removed-anchor). It returns what
// the comparison of the two must report.
func Previous(site string, n int) ([]Fault, error) {
	dir, record := site+".previous", site+".previous.json"
	if raw, err := os.ReadFile(record); err == nil {
		var fs []Fault
		if json.Unmarshal(raw, &fs) == nil {
			return fs, nil
		}
	}
	_ = os.RemoveAll(dir)
	renamed, reanchored := map[string]bool{}, map[string]bool{}
	step := max(n/(2*changedPages+1), 1)
	for k := 1; k <= changedPages; k++ {
		renamed[pagePath(k*step)+"/index.html"] = true
		reanchored[pagePath((k+changedPages)*step)+"/index.html"] = true
	}
	var faults []Fault
	err := filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(site, p)
		rel = filepath.ToSlash(rel)
		switch {
		case renamed[rel]: // the page's name then
			old := strings.TrimSuffix(rel, "/index.html") + "-was/index.html"
			faults = append(faults, Fault{Page: old, Check: registry.RemovedURL})
			return copyEdited(p, filepath.Join(dir, old), "", "")
		case reanchored[rel]: // its first heading's id then
			faults = append(faults, Fault{Page: rel, Href: "#h-0-was", Check: registry.RemovedAnchor})
			return copyEdited(p, filepath.Join(dir, rel), `id="h-0"`, `id="h-0-was"`)
		}
		return linkOrCopy(p, filepath.Join(dir, rel))
	})
	if err != nil {
		return nil, err
	}
	raw, _ := json.MarshalIndent(faults, "", " ")
	return faults, os.WriteFile(record, raw, 0o644)
}

// copyEdited writes from's text to to with old replaced by new (once).
func copyEdited(from, to, old, new string) error {
	raw, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, []byte(strings.Replace(string(raw), old, new, 1)), 0o644)
}

func linkOrCopy(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if os.Link(from, to) == nil {
		return nil
	}
	return copyEdited(from, to, "", "")
}

// ScorePrevious counts the removed URLs and anchors of the comparison that
// are the changes Previous made (by check and page), and the others.
func ScorePrevious(changes []Fault) func(stdout []byte, site string, faults []Fault) (found, falseReports int, err error) {
	return func(stdout []byte, site string, _ []Fault) (int, int, error) {
		var report struct {
			Diagnostics []struct{ File, Check string } `json:"diagnostics"`
		}
		if err := json.Unmarshal(stdout, &report); err != nil {
			return 0, 0, fmt.Errorf("checks --previous output: %v", err)
		}
		want := map[[2]string]bool{}
		for _, c := range changes {
			want[[2]string{c.Check, c.Page}] = true
		}
		seen := map[[2]string]bool{}
		found, falses := 0, 0
		for _, d := range report.Diagnostics {
			if d.Check != registry.RemovedURL && d.Check != registry.RemovedAnchor {
				continue // the site's own faults: checks links' row counts them
			}
			k := [2]string{d.Check, pageOf(d.File, site)}
			switch {
			case want[k] && !seen[k]:
				seen[k] = true
				found++
			case !want[k]:
				falses++
			}
		}
		return found, falses, nil
	}
}

// pageOf is a reported file as a path in either build.
func pageOf(file, site string) string {
	for _, dir := range []string{site + ".previous", site} {
		if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return file
}
