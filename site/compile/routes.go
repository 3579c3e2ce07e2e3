package compile

import (
	"sort"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/routes"
)

// ViteRoot is the folder of the Vite app, relative to the repository: a
// component route's source without it is its module id in the app (and in
// Vite's build manifest).
const ViteRoot = "site/"

// Routes served by React components rather than markdown: the one list of
// them (the app loads and the prerender links each by its source).
var componentRoutes = []routes.Route{
	{Path: "/", Kind: routes.KindHome, Source: ViteRoot + "src/pages/Home/index.tsx", Title: "Home"},
	{Path: "/search", Kind: routes.KindSearch, Source: ViteRoot + "src/pages/Search/index.tsx", Title: "Search the documentation"},
	{Path: routes.NotFound, Kind: routes.KindNotFound, Source: ViteRoot + "src/pages/NotFound/index.tsx", Title: "Page Not Found"},
}

// Redirects are client-side: the prerender writes a stub page per entry.
var redirects = []routes.Route{
	{Path: "/tech_faq", Kind: routes.KindRedirect, To: "/faq", Source: "site/compile/routes.go", Title: "FAQ"},
}

// Routes returns every route, sorted by path, and an error per route that
// two sources claim (the build cannot pick one without losing the other).
func (s *Content) Routes() ([]routes.Route, diag.List) {
	var rs []routes.Route
	for _, tree := range s.Trees {
		for _, pg := range tree.Pages {
			rs = append(rs, pageRoute(pg))
		}
	}
	rs = append(rs, componentRoutes...)
	rs = append(rs, redirects...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Path < rs[j].Path })
	return rs, routes.Duplicates(rs)
}

func pageRoute(pg *Page) routes.Route {
	r := routes.Route{Path: pg.Route, Kind: pg.Kind, Tree: pg.Tree.ID, Sidebar: pg.Sidebar,
		Source: pg.Source, Title: pg.Doc.Front.Title, Page: PageID(pg.Route)}
	if pg.Tree.Version != nil {
		r.Version = pg.Tree.Version.Name
	}
	return r
}

// PageID names a route's page record file: "/api/0.18/zkvm" -> "api_0.18_zkvm".
func PageID(route string) string {
	id := strings.ReplaceAll(strings.Trim(route, "/"), "/", "_")
	if id == "" {
		return "index"
	}
	return id
}
