// Package routes reads the compiler's routes.json, maps output files back to
// their markdown sources, and finds duplicate routes.
package routes

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// Route is the part of a routes.json entry the gate uses.
type Route struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Source  string `json:"source"`
	Tree    string `json:"tree,omitempty"`    // content tree of a versioned doc ("api")
	Version string `json:"version,omitempty"` // its docs version ("1.2", "next")
}

// Table is routes.json, indexed by the output file each route is written to.
type Table struct {
	Routes []Route
	byFile map[string]Route
}

// Load reads routes.json.
func Load(file string) (*Table, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var rs []Route
	if err := json.Unmarshal(raw, &rs); err != nil {
		return nil, fmt.Errorf("%s: not a routes.json array: %v", file, err)
	}
	t := &Table{Routes: rs, byFile: map[string]Route{}}
	for _, r := range rs {
		t.byFile[OutputFile(r.Path)] = r
	}
	return t, nil
}

// OutputFile is where the prerender writes a route: /a/b → a/b/index.html.
func OutputFile(route string) string {
	switch route {
	case "*":
		return "404.html"
	case "/":
		return "index.html"
	}
	return strings.Trim(route, "/") + "/index.html"
}

// Source returns the markdown source of an output file and the line on
// which href appears in it; for an href the compiler rewrote from a .md
// link, the line of that link.
func (t *Table) Source(file, href string) string {
	if t == nil {
		return ""
	}
	r, ok := t.byFile[file]
	if !ok || !strings.HasSuffix(r.Source, ".md") {
		return ""
	}
	if line := findLine(r.Source, markdownForms(href)); line > 0 {
		return fmt.Sprintf("%s:%d", r.Source, line)
	}
	return r.Source
}

// markdownForms are the ways an href may be written in markdown, most exact
// first: as is, then as the .md link the compiler turned into it
// (/api/1.2/zkvm/receipts#journal came from receipts.md#journal or
// receipts/index.md#journal).
func markdownForms(href string) []string {
	if href == "" {
		return nil
	}
	forms := []string{"(" + href + ")", href}
	p, frag, hasFrag := strings.Cut(href, "#")
	p = strings.TrimSuffix(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 && i < len(p)-1 {
		name := p[i+1:]
		for _, md := range []string{name + ".md", name + "/index.md"} {
			if hasFrag {
				md += "#" + frag
			}
			forms = append(forms, md+")")
		}
	}
	return forms
}

// findLine is the first line holding the first needle found at all.
func findLine(file string, needles []string) int {
	raw, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	for _, needle := range needles {
		sc := bufio.NewScanner(bytes.NewReader(raw))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			if strings.Contains(sc.Text(), needle) {
				return n
			}
		}
	}
	return 0
}

// Duplicates reports routes claimed by two sources in routes.json.
func (t *Table) Duplicates() diag.List {
	if t == nil {
		return nil
	}
	first := map[string]Route{}
	var out diag.List
	for _, r := range t.Routes {
		if prev, ok := first[r.Path]; ok {
			out = append(out, diag.Diagnostic{Severity: diag.Warning, Check: registry.DuplicateRoute, File: r.Source,
				Message: fmt.Sprintf("route %s is produced by both %s and %s", r.Path, prev.Source, r.Source)})
			continue
		}
		first[r.Path] = r
	}
	return out
}

// Collisions reports output files that answer the same URL: a.html beside
// a/index.html, and paths that differ only in case (one wins on a
// case-insensitive host, the other on a case-sensitive one).
func Collisions(s *htmlsite.Site) diag.List {
	var out diag.List
	byFold := map[string][]string{}
	for f := range s.Files {
		byFold[strings.ToLower(f)] = append(byFold[strings.ToLower(f)], f)
		if strings.HasSuffix(f, ".html") && !strings.HasSuffix(f, "index.html") {
			dir := strings.TrimSuffix(f, ".html") + "/index.html"
			if _, ok := s.Files[dir]; ok {
				out = append(out, collision(f, fmt.Sprintf("%s and %s both answer /%s", f, dir, strings.TrimSuffix(f, ".html"))))
			}
		}
	}
	for _, fs := range byFold {
		if len(fs) > 1 {
			sort.Strings(fs)
			out = append(out, collision(fs[1], fmt.Sprintf("%s differ only in letter case", strings.Join(fs, " and "))))
		}
	}
	return out
}

func collision(file, msg string) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Warning, Check: registry.DuplicateRoute, File: file, Message: "duplicate route: " + msg}
}
