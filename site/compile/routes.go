package compile

import (
	"fmt"
	"sort"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// Routes served by React components rather than markdown.
var componentRoutes = []Route{
	{Path: "/", Kind: KindHome, Source: "site/src/pages/Home/index.tsx", Title: "Home"},
	{Path: "/search", Kind: KindSearch, Source: "site/src/pages/Search/index.tsx", Title: "Search the documentation"},
	{Path: "*", Kind: KindNotFound, Source: "site/src/pages/NotFound/index.tsx", Title: "Page Not Found"},
}

// Redirects are client-side: the prerender writes a stub page per entry.
var redirects = []Route{
	{Path: "/tech_faq", Kind: KindRedirect, To: "/faq", Source: "site/compile/routes.go", Title: "FAQ"},
}

// Routes returns every route, sorted by path, and an error per route that
// two sources claim (the build cannot pick one without losing the other).
func (s *Content) Routes() ([]Route, diag.List) {
	var routes []Route
	for _, tree := range s.Trees {
		for _, pg := range tree.Pages {
			routes = append(routes, pageRoute(pg))
		}
	}
	routes = append(routes, componentRoutes...)
	routes = append(routes, redirects...)
	sort.SliceStable(routes, func(i, j int) bool { return routes[i].Path < routes[j].Path })
	return routes, duplicateRoutes(routes)
}

func pageRoute(pg *Page) Route {
	r := Route{Path: pg.Route, Kind: pg.Kind, Tree: pg.Tree.ID, Sidebar: pg.Sidebar,
		Source: pg.Source, Title: pg.Doc.Front.Title, Page: PageID(pg.Route)}
	if pg.Tree.Version != nil {
		r.Version = pg.Tree.Version.Name
	}
	return r
}

func duplicateRoutes(sorted []Route) diag.List {
	var diags diag.List
	for i := 1; i < len(sorted); i++ {
		a, b := sorted[i-1], sorted[i]
		if a.Path == b.Path {
			diags = append(diags, diag.Diagnostic{Severity: diag.Error, Check: registry.DuplicateRoute, File: b.Source, Line: 1,
				Message: fmt.Sprintf("route %s is produced by both %s and %s", b.Path, a.Source, b.Source)})
		}
	}
	return diags
}

// PageID names a route's page record file: "/api/0.18/zkvm" -> "api_0.18_zkvm".
func PageID(route string) string {
	id := strings.ReplaceAll(strings.Trim(route, "/"), "/", "_")
	if id == "" {
		return "index"
	}
	return id
}
