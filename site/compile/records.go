package compile

import (
	"strings"

	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/site/markdown"
)

// PageRecord is pages/<id>.json: everything the client needs to show one page.
type PageRecord struct {
	Title       string             `json:"title"`
	Description string             `json:"description,omitempty"`
	Kind        string             `json:"kind"`
	Tree        string             `json:"tree"` // "api", "education", "pages"
	Version     string             `json:"version,omitempty"`
	Meta        string             `json:"meta,omitempty"` // key of meta/<key>.json holding the sidebars
	DocID       string             `json:"docId"`
	Sidebar     string             `json:"sidebar,omitempty"`
	Permalink   string             `json:"permalink"`
	Source      string             `json:"source"`
	HideTOC     bool               `json:"hideTableOfContents,omitempty"`
	TOC         []markdown.Heading `json:"toc"`
	HasMath     bool               `json:"hasMath,omitempty"` // the page needs KaTeX's stylesheet
	Previous    *NavLink           `json:"previous,omitempty"`
	Next        *NavLink           `json:"next,omitempty"`
	HTML        string             `json:"html"`
}

// NavLink is a previous/next pagination link.
type NavLink struct {
	Title string `json:"title"`
	Href  string `json:"href"`
}

func (s *Content) pageRecord(pg *Page) (*PageRecord, []markdown.Link, error) {
	html, hrefs, err := pg.Doc.Render(s.rewriter(pg))
	if err != nil {
		return nil, nil, err
	}
	fm := pg.Doc.Front
	rec := &PageRecord{Title: fm.Title, Description: fm.Description, Kind: pg.Kind, Tree: pg.Tree.ID,
		DocID: pg.DocID, Sidebar: pg.Sidebar, Permalink: pg.Route, Source: pg.Source,
		HideTOC: fm.HideTableOfContents, TOC: pg.Doc.TOC(), HasMath: pg.Doc.HasMath(), HTML: string(html)}
	if pg.Tree.ID != "pages" {
		rec.Meta = MetaKey(pg.Tree)
	}
	if pg.Tree.Version != nil {
		rec.Version = pg.Tree.Version.Name
	}
	rec.Previous, rec.Next = pagination(pg)
	return rec, hrefs, nil
}

// pagination finds the neighbours of a page in its sidebar's reading order.
func pagination(pg *Page) (prev, next *NavLink) {
	var order []NavLink
	walkItems(pg.Tree.Sidebars[pg.Sidebar], func(it SidebarItem) {
		if it.DocID != "" {
			order = append(order, NavLink{Title: it.Label, Href: it.Href})
		}
	})
	for i, l := range order {
		if l.Href != pg.Route {
			continue
		}
		if i > 0 {
			prev = &order[i-1]
		}
		if i+1 < len(order) {
			next = &order[i+1]
		}
		break
	}
	return prev, next
}

// VersionMeta is meta/<key>.json, the spec's docs version record.
type VersionMeta struct {
	Name      string                   `json:"name"`
	Label     string                   `json:"label"`
	IsLast    bool                     `json:"isLast"`
	Path      string                   `json:"path"`
	MainDocID string                   `json:"mainDocId"`
	Docs      []DocRecord              `json:"docs"`
	DraftIDs  []string                 `json:"draftIds"`
	Sidebars  map[string][]SidebarItem `json:"sidebars"`
}

// DocRecord is the spec's doc record.
type DocRecord struct {
	ID      string `json:"id"`
	Path    string `json:"path"`
	Sidebar string `json:"sidebar,omitempty"`
}

func versionMeta(tree *Tree) VersionMeta {
	m := VersionMeta{Name: tree.ID, Label: tree.ID, Path: "/" + tree.Base, MainDocID: "index",
		DraftIDs: []string{}, Sidebars: tree.Sidebars, Docs: []DocRecord{}}
	if v := tree.Version; v != nil {
		m.Name, m.Label, m.IsLast, m.Path = v.Name, v.Label, v.IsLast, v.Path
	}
	for _, pg := range tree.Pages {
		m.Docs = append(m.Docs, DocRecord{ID: pg.DocID, Path: pg.Route, Sidebar: pg.Sidebar})
	}
	return m
}

// Manifest is loaded eagerly by the client: small, one line per route.
type Manifest struct {
	Versions  []*Version               `json:"versions"`
	Routes    map[string]ManifestRoute `json:"routes"`
	Redirects map[string]string        `json:"redirects"`
}

// ManifestRoute tells the client which records a route needs.
type ManifestRoute struct {
	Kind      string `json:"kind"`
	Page      string `json:"page,omitempty"`
	Meta      string `json:"meta,omitempty"`
	Version   string `json:"version,omitempty"`
	DocID     string `json:"docId,omitempty"`
	Component string `json:"component,omitempty"` // module id of the React page that renders the route: "src/pages/Home/index.tsx"
	// Alts are the other versions with this doc at the same place relative
	// to their root: the version menu's "same page" targets.
	Alts []string `json:"alts,omitempty"`
}

func (s *Content) manifest(table []routes.Route) Manifest {
	m := Manifest{Versions: s.Versions, Routes: map[string]ManifestRoute{}, Redirects: map[string]string{}}
	for _, r := range table {
		if r.Kind == routes.KindRedirect {
			m.Redirects[r.Path] = r.To
			continue
		}
		mr := ManifestRoute{Kind: r.Kind, Page: r.Page, Version: r.Version}
		if r.Page == "" && r.Path != routes.NotFound { // the not-found page is in the app's entry: it renders without a load
			mr.Component = strings.TrimPrefix(r.Source, ViteRoot)
		}
		m.Routes[r.Path] = mr
	}
	for _, pg := range s.Pages() {
		mr := m.Routes[pg.Route]
		mr.DocID = pg.DocID
		if pg.Tree.ID != "pages" {
			mr.Meta = MetaKey(pg.Tree)
		}
		m.Routes[pg.Route] = mr
	}
	addAlts(m)
	return m
}

// addAlts gives each versioned doc the other versions that have it too.
func addAlts(m Manifest) {
	byName := map[string]*Version{}
	for _, v := range m.Versions {
		byName[v.Name] = v
	}
	for path, mr := range m.Routes {
		from := byName[mr.Version]
		if from == nil {
			continue
		}
		rel := strings.TrimPrefix(path, from.Path)
		for _, v := range m.Versions {
			if other, ok := m.Routes[v.Path+rel]; ok && v != from && other.DocID == mr.DocID {
				mr.Alts = append(mr.Alts, v.Name)
			}
		}
		m.Routes[path] = mr
	}
}
