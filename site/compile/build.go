package compile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/site/buildcheck"
	"github.com/devdocs-dev/devdocs/site/markdown"
	"github.com/devdocs-dev/devdocs/site/searchindex"
)

// Result summarises one build for the command line.
type Result struct {
	Pages   int
	Routes  int
	Written int // files whose content changed
}

// Build compiles the content tree at root into out. Errors stop the build
// before anything is written, so the site never sees half a compile.
func Build(root, out string) (Result, diag.List) {
	s, diags := Load(root)
	if s == nil {
		return Result{}, diags
	}
	// Validate even after load errors, so one run reports every problem.
	diags = append(diags, s.validate()...)
	table, dups := s.Routes()
	diags = append(diags, dups...)
	if diags.Count(diag.Error) > 0 {
		return Result{}, diags
	}
	files, err := s.outputs(table)
	if err != nil {
		return Result{}, append(diags, diag.Diagnostic{Severity: diag.Error, Check: buildcheck.Render, Message: err.Error()})
	}
	written, err := writeFiles(out, files)
	if err != nil {
		return Result{}, append(diags, diag.Diagnostic{Severity: diag.Error, Check: buildcheck.Write, File: out, Message: err.Error()})
	}
	return Result{Pages: len(s.Pages()), Routes: len(table), Written: written}, diags
}

func (s *Content) validate() diag.List {
	diags := s.CheckLinks()
	for _, pg := range s.Pages() {
		if ds := pg.Doc.Front.DisplayedSidebar; ds != "" {
			if _, ok := pg.Tree.Sidebars[ds]; !ok {
				diags = append(diags, diag.Diagnostic{Severity: diag.Error, Check: buildcheck.FrontMatter, File: pg.Source, Line: 1,
					Message: fmt.Sprintf("displayed_sidebar %q is not a sidebar of %s", ds, pg.Tree.Dir)})
			}
		}
	}
	return diags
}

// Pages lists every page of every tree.
func (s *Content) Pages() []*Page {
	var all []*Page
	for _, tree := range s.Trees {
		all = append(all, tree.Pages...)
	}
	return all
}

// outputs renders every generated file in memory, keyed by its path under
// out. Rendering also gives each page route the lines of its links.
func (s *Content) outputs(table []routes.Route) (map[string][]byte, error) {
	files := map[string][]byte{}
	records := map[string][]searchindex.Record{}
	tokens := map[string]bool{}
	links := map[string]map[string]int{}
	for _, pg := range s.Pages() {
		rec, hrefs, err := s.pageRecord(pg)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pg.Source, err)
		}
		links[pg.Route] = linkLines(hrefs)
		files["pages/"+PageID(pg.Route)+".json"] = mustJSON(rec)
		markdown.TokenClasses(rec.HTML, tokens)
		rs, err := searchindex.Records(searchPage(pg), []byte(rec.HTML))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pg.Source, err)
		}
		records[searchKey(pg)] = append(records[searchKey(pg)], rs...)
	}
	for key, rs := range records {
		files["search/"+key+".json"] = mustJSON(rs)
	}
	for _, tree := range s.Trees {
		if tree.ID != "pages" {
			files["meta/"+MetaKey(tree)+".json"] = mustJSON(versionMeta(tree))
		}
	}
	for i, r := range table {
		table[i].Links = links[r.Path]
	}
	files["routes.json"] = mustJSON(table)
	files["manifest.json"] = mustJSON(s.manifest(table))
	var css bytes.Buffer
	if err := markdown.WriteHighlightCSS(&css, tokens); err != nil {
		return nil, err
	}
	files["highlight.css"] = css.Bytes()
	return files, nil
}

// linkLines maps each href to the line of its first use (routes.Route.Links).
func linkLines(hrefs []markdown.Link) map[string]int {
	if len(hrefs) == 0 {
		return nil
	}
	lines := map[string]int{}
	for _, h := range hrefs {
		if _, seen := lines[h.Dest]; !seen {
			lines[h.Dest] = h.Line
		}
	}
	return lines
}

// MetaKey names a docs tree's metadata record: "api-1.2", "education".
func MetaKey(tree *Tree) string {
	if tree.Version == nil {
		return tree.ID
	}
	return tree.ID + "-" + tree.Version.Name
}

func mustJSON(v any) []byte {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		panic(err) // only our own plain structs are marshalled
	}
	return append(b, '\n')
}

// writeFiles writes files that changed (so watchers reload only what moved)
// and removes generated files that no longer have a source.
func writeFiles(out string, files map[string][]byte) (int, error) {
	written := 0
	for rel, data := range files {
		p := filepath.Join(out, rel)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, data) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return written, err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return written, err
		}
		written++
	}
	return written, removeStale(out, files)
}

func removeStale(out string, files map[string][]byte) error {
	for _, dir := range []string{"pages", "meta", "search"} {
		entries, _ := os.ReadDir(filepath.Join(out, dir))
		for _, e := range entries {
			if _, ok := files[dir+"/"+e.Name()]; !ok && strings.HasSuffix(e.Name(), ".json") {
				if err := os.Remove(filepath.Join(out, dir, e.Name())); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
