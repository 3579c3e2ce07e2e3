package compile

import "github.com/devdocs-dev/devdocs/site/searchindex"

// SharedSearchKey names the search records of pages outside any docs
// version (education hub, FAQ, litepaper…): every version searches them too.
const SharedSearchKey = "shared"

// searchKey names the search records file a page belongs to: one per docs
// version, so a reader downloads only the version being read.
func searchKey(pg *Page) string {
	if pg.Tree.Version == nil {
		return SharedSearchKey
	}
	return MetaKey(pg.Tree)
}

func searchPage(pg *Page) searchindex.Page {
	p := searchindex.Page{URL: pg.Route, Section: section(pg), Title: pg.Doc.Front.Title, Tag: searchindex.DefaultTag}
	if v := pg.Tree.Version; v != nil {
		p.Tag = searchindex.VersionTag(pg.Tree.ID, v.Name)
	}
	return p
}

// section is a page's lvl0, the group the search modal shows it under: the
// top-level sidebar category holding it (as a DocSearch crawler reads the
// active category), else the part of the site it belongs to.
func section(pg *Page) string {
	switch {
	case pg.Tree.ID == "pages":
		return pg.Doc.Front.Title
	}
	for _, top := range pg.Tree.Sidebars[pg.Sidebar] {
		if top.Type == "category" && containsDoc(top, pg.DocID) {
			return top.Label
		}
	}
	if pg.Tree.ID == "education" {
		return "Education Hub"
	}
	return "Documentation"
}

func containsDoc(it SidebarItem, docID string) bool {
	found := false
	walkItems([]SidebarItem{it}, func(c SidebarItem) { found = found || c.DocID == docID })
	return found
}
