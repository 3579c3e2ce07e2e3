package compile

import "github.com/devdocs-dev/devdocs/site/markdown"

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
	Previous    *NavLink           `json:"previous,omitempty"`
	Next        *NavLink           `json:"next,omitempty"`
	HTML        string             `json:"html"`
}

// NavLink is a previous/next pagination link.
type NavLink struct {
	Title string `json:"title"`
	Href  string `json:"href"`
}

func (s *Content) pageRecord(pg *Page) (*PageRecord, error) {
	html, err := pg.Doc.Render(s.rewriter(pg))
	if err != nil {
		return nil, err
	}
	fm := pg.Doc.Front
	rec := &PageRecord{Title: fm.Title, Description: fm.Description, Kind: pg.Kind, Tree: pg.Tree.ID,
		DocID: pg.DocID, Sidebar: pg.Sidebar, Permalink: pg.Route, Source: pg.Source,
		HideTOC: fm.HideTableOfContents, TOC: pg.Doc.TOC(), HTML: string(html)}
	if pg.Tree.ID != "pages" {
		rec.Meta = MetaKey(pg.Tree)
	}
	if pg.Tree.Version != nil {
		rec.Version = pg.Tree.Version.Name
	}
	rec.Previous, rec.Next = pagination(pg)
	return rec, nil
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
	Kind    string `json:"kind"`
	Page    string `json:"page,omitempty"`
	Meta    string `json:"meta,omitempty"`
	Version string `json:"version,omitempty"`
	DocID   string `json:"docId,omitempty"`
}

func (s *Content) manifest(routes []Route) Manifest {
	m := Manifest{Versions: s.Versions, Routes: map[string]ManifestRoute{}, Redirects: map[string]string{}}
	for _, r := range routes {
		if r.Kind == KindRedirect {
			m.Redirects[r.Path] = r.To
			continue
		}
		m.Routes[r.Path] = ManifestRoute{Kind: r.Kind, Page: r.Page, Version: r.Version}
	}
	for _, pg := range s.Pages() {
		mr := m.Routes[pg.Route]
		mr.DocID = pg.DocID
		if pg.Tree.ID != "pages" {
			mr.Meta = MetaKey(pg.Tree)
		}
		m.Routes[pg.Route] = mr
	}
	return m
}
