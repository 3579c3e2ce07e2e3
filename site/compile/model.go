// Package compile turns content/ into what the React site and the gate read:
// one JSON record per page, a metadata record per docs version, the route
// table (routes.json) and a compact manifest the client loads eagerly.
package compile

import "github.com/devdocs-dev/devdocs/site/markdown"

// Version is one docs version from content/versions.json.
type Version struct {
	Name   string `json:"name"`
	Label  string `json:"label"`
	IsLast bool   `json:"isLast"`
	Banner string `json:"banner,omitempty"` // "unreleased" or "unmaintained"
	Path   string `json:"path"`             // route prefix: /api for the latest, /api/<name> otherwise
}

// Tree is one tree of markdown: a docs version, the education hub or the pages.
type Tree struct {
	ID       string   // "api", "education", "pages"
	Dir      string   // content/api/1.2
	Base     string   // route prefix of its pages
	Version  *Version // nil for unversioned trees
	Sidebars map[string][]SidebarItem
	Pages    []*Page
}

// Page is one markdown source and the route it produces.
type Page struct {
	DocID   string // path inside the tree without .md, e.g. zkvm/install
	Route   string
	Kind    string
	Source  string // path of the markdown file, relative to the repository
	Sidebar string
	Doc     *markdown.Doc
	Tree    *Tree
}

// SidebarItem is a resolved sidebar entry, ready for the client to render.
type SidebarItem struct {
	Type  string        `json:"type"` // doc, category, link
	Label string        `json:"label"`
	Href  string        `json:"href,omitempty"`
	DocID string        `json:"docId,omitempty"`
	Items []SidebarItem `json:"items,omitempty"`
}
