package compile

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/site/buildcheck"
	"github.com/devdocs-dev/devdocs/site/markdown"
)

// Content is the whole content folder, parsed: every tree and its pages.
type Content struct {
	Root     string // the content directory
	Versions []*Version
	Trees    []*Tree
	bySource map[string]*Page
}

type versionsFile struct {
	Tree          string     `json:"plugin"` // folder of the versioned tree under content/ ("api"); the key is Docusaurus' docs plugin id
	RouteBasePath string     `json:"routeBasePath"`
	Versions      []*Version `json:"versions"`
}

// Load reads and parses every page under root. Problems are returned as
// diagnostics; the site is still returned when they are only warnings.
func Load(root string) (*Content, diag.List) {
	s := &Content{Root: root, bySource: map[string]*Page{}}
	vf, d := readVersions(root)
	if d != nil {
		return nil, diag.List{*d}
	}
	s.Versions = vf.Versions
	for _, v := range vf.Versions {
		v.Path = vf.RouteBasePath
		if !v.IsLast {
			v.Path += "/" + v.Name
		}
		s.Trees = append(s.Trees, &Tree{ID: vf.Tree, Dir: filepath.Join(root, vf.Tree, v.Name), Base: v.Path, Version: v})
	}
	s.Trees = append(s.Trees,
		&Tree{ID: "education", Dir: filepath.Join(root, "education"), Base: ""},
		&Tree{ID: "pages", Dir: filepath.Join(root, "pages"), Base: ""})
	var diags diag.List
	for _, p := range s.Trees {
		diags = append(diags, s.loadTree(p)...)
	}
	return s, diags
}

func readVersions(root string) (*versionsFile, *diag.Diagnostic) {
	file := filepath.Join(root, "versions.json")
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, &diag.Diagnostic{Severity: diag.Error, Check: buildcheck.Versions, File: file, Message: err.Error()}
	}
	var vf versionsFile
	if err := json.Unmarshal(raw, &vf); err != nil {
		return nil, &diag.Diagnostic{Severity: diag.Error, Check: buildcheck.Versions, File: file, Message: "invalid JSON: " + err.Error()}
	}
	last := 0
	for _, v := range vf.Versions {
		if v.IsLast {
			last++
		}
	}
	if len(vf.Versions) == 0 || last != 1 {
		return nil, &diag.Diagnostic{Severity: diag.Error, Check: buildcheck.Versions, File: file,
			Message: "versions.json must list versions with exactly one \"isLast\": true"}
	}
	return &vf, nil
}

// loadTree parses every .md file of one tree and reads its sidebars.
func (s *Content) loadTree(p *Tree) diag.List {
	var diags diag.List
	if st, err := os.Stat(p.Dir); err != nil || !st.IsDir() {
		what := "the " + p.ID + " tree"
		if p.Version != nil {
			what = "docs version " + p.Version.Name + " (listed in versions.json)"
		}
		return diag.List{{Severity: diag.Error, Check: buildcheck.Content, File: p.Dir, Message: what + " has no folder " + p.Dir}}
	}
	files, err := markdownFiles(p.Dir)
	if err != nil {
		return diag.List{{Severity: diag.Error, Check: buildcheck.Content, File: p.Dir, Message: err.Error()}}
	}
	for _, rel := range files {
		page, ds := s.loadPage(p, rel)
		diags = append(diags, ds...)
		if page != nil {
			p.Pages = append(p.Pages, page)
			s.bySource[page.Source] = page
		}
	}
	if p.ID != "pages" {
		diags = append(diags, loadSidebars(p)...)
	}
	return diags
}

func (s *Content) loadPage(p *Tree, rel string) (*Page, diag.List) {
	source := filepath.ToSlash(filepath.Join(p.Dir, rel))
	src, err := os.ReadFile(source)
	if err != nil {
		return nil, diag.List{{Severity: diag.Error, Check: buildcheck.Content, File: source, Message: err.Error()}}
	}
	doc, ds := markdown.Parse(source, src)
	if doc == nil {
		return nil, ds
	}
	if doc.Front.Title == "" {
		ds = append(ds, diag.Diagnostic{Severity: diag.Error, Check: buildcheck.FrontMatter, File: source, Line: 1,
			Message: "missing title: add `title: …` to the front matter"})
	}
	docID := strings.TrimSuffix(filepath.ToSlash(rel), ".md")
	page := &Page{DocID: docID, Source: source, Doc: doc, Tree: p, Kind: pageKind(p, doc)}
	page.Route = routeFor(p.Base, docID, doc.Front.Slug)
	return page, ds
}

func pageKind(p *Tree, doc *markdown.Doc) string {
	switch {
	case p.ID != "pages":
		return routes.KindDoc
	case doc.Front.Layout == routes.KindLitepaper:
		return routes.KindLitepaper
	}
	return routes.KindPage
}

// routeFor maps a doc id to its clean route: index pages take their folder's
// route, and a slug replaces the path (absolute: from the tree's base).
func routeFor(base, docID, slug string) string {
	p := docID
	if slug != "" {
		if strings.HasPrefix(slug, "/") {
			p = slug
		} else {
			p = path.Join(path.Dir(docID), slug)
		}
	} else if p == "index" || strings.HasSuffix(p, "/index") {
		p = strings.TrimSuffix(strings.TrimSuffix(p, "index"), "/")
	}
	r := path.Clean("/" + strings.TrimPrefix(base, "/") + "/" + strings.Trim(p, "/"))
	return r
}

// markdownFiles lists .md files below dir, sorted, skipping README.md and _partials.
func markdownFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), "_") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") && d.Name() != "README.md" {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, rel)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}
