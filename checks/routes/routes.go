// Package routes owns routes.json, the route table the site's compiler
// writes (site/compile) and the gate reads: its Go types are the format's
// one definition (the TypeScript readers use declarations generated from
// them, see internal/formats). It maps built files back to their markdown
// sources, and finds duplicate routes.
package routes

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Route kinds: what renders a route (a markdown doc or page, or a React page of its own).
const (
	KindHome      = "home"
	KindLitepaper = "litepaper"
	KindSearch    = "search"
	KindDoc       = "doc"
	KindPage      = "page"
	KindNotFound  = "notFound"
	KindRedirect  = "redirect"
)

// NotFound is the path of the not-found route: the page a host sends for
// any URL no file answers.
const NotFound = "*"

// Route is one entry of routes.json.
type Route struct {
	Path    string `json:"path"` // "/api/zkvm"; NotFound for the not-found page
	Kind    string `json:"kind"`
	Tree    string `json:"tree,omitempty"`    // content tree of a markdown page ("api", "education", "pages")
	Version string `json:"version,omitempty"` // its docs version ("1.2", "next")
	Sidebar string `json:"sidebar,omitempty"`
	Source  string `json:"source"` // the file the route is built from, relative to the repository
	Title   string `json:"title"`
	Page    string `json:"page,omitempty"` // page record id: pages/<id>.json
	To      string `json:"to,omitempty"`   // redirect target
	// Links maps each href the page's markdown writes, as the built HTML
	// has it (a .md link already rewritten to its route), to the markdown
	// line of its first use.
	Links map[string]int `json:"links,omitempty"`
}

// File is where the prerender writes the route, relative to the built site.
func (r Route) File() string {
	if r.Path == NotFound {
		return serve.NotFoundFile
	}
	return serve.RouteFile(r.Path)
}

// Table is routes.json, indexed by the output file each route is written to.
type Table struct {
	Routes []Route
	byFile map[string]Route
}

// Load reads routes.json.
func Load(file string) (*Table, error) {
	raw, err := textfile.Read(file, textfile.MaxData)
	if err != nil {
		return nil, err
	}
	var rs []Route
	if err := json.Unmarshal(raw, &rs); err != nil {
		return nil, fmt.Errorf("%s: not a routes.json array: %v", file, err)
	}
	t := &Table{Routes: rs, byFile: map[string]Route{}}
	for _, r := range rs {
		t.byFile[r.File()] = r
	}
	return t, nil
}

// Source returns the markdown source of an output file and, when its
// markdown writes href, the line of that link.
func (t *Table) Source(file, href string) string {
	if t == nil {
		return ""
	}
	r, ok := t.byFile[file]
	if !ok || !strings.HasSuffix(r.Source, ".md") {
		return ""
	}
	if line := r.Links[href]; line > 0 {
		return fmt.Sprintf("%s:%d", r.Source, line)
	}
	return r.Source
}

// Duplicates reports the routes of routes.json claimed by two sources.
func (t *Table) Duplicates() diag.List {
	if t == nil {
		return nil
	}
	return Duplicates(t.Routes)
}

// Duplicates reports every route that two sources claim, as an error on
// the second source: one of the two pages would be lost. The compiler
// refuses to build them; the gate reports them at its configured level.
func Duplicates(rs []Route) diag.List {
	first := map[string]Route{}
	var out diag.List
	for _, r := range rs {
		if prev, ok := first[r.Path]; ok {
			out = append(out, diag.Diagnostic{Severity: diag.Error, Check: registry.DuplicateRoute, File: r.Source, Line: 1,
				Message: fmt.Sprintf("route %s is produced by both %s and %s", r.Path, prev.Source, r.Source)})
			continue
		}
		first[r.Path] = r
	}
	return out
}

// Collisions reports built files that answer the same URL: a.html beside
// a/index.html, and paths that differ only in case (one wins on a
// case-insensitive host, the other on a case-sensitive one). A page that
// only sends its reader on to the other (redirectsTo, when set, says where
// a page sends its reader) is no second page of the URL: whichever the
// host serves, the reader arrives at one (Sphinx writes changes.html to
// send a reader to changes/index.html).
func Collisions(files map[string]struct{}, redirectsTo func(file string) (string, bool)) diag.List {
	var out diag.List
	byRoute, byFold := map[string][]string{}, map[string][]string{}
	for f := range files {
		byFold[strings.ToLower(f)] = append(byFold[strings.ToLower(f)], f)
		if redirectsTo != nil {
			if to, ok := redirectsTo(f); ok && sameRoute(f, to) {
				continue
			}
		}
		if r, ok := serve.FileRoute(f); ok {
			byRoute[r] = append(byRoute[r], f)
		}
	}
	for r, fs := range byRoute {
		if len(fs) > 1 {
			sort.Strings(fs)
			out = append(out, collision(fs[0], fmt.Sprintf("%s both answer %s", strings.Join(fs, " and "), r)))
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

// sameRoute reports whether two built files answer one URL.
func sameRoute(a, b string) bool {
	ra, ok1 := serve.FileRoute(a)
	rb, ok2 := serve.FileRoute(b)
	return ok1 && ok2 && ra == rb
}

func collision(file, msg string) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Warning, Check: registry.DuplicateRoute, File: file, Message: "duplicate route: " + msg}
}
