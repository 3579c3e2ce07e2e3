package report

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/routes"
)

// Matrix is the version × page grid of the versioned docs: which pages
// each version has, and which of them have problems.
type Matrix struct {
	Versions []string
	Rows     []Row
}

// Row is one page (its path inside a version) across the versions.
type Row struct {
	Page  string
	Cells []Cell
}

// Cell is one page of one version.
type Cell struct {
	Exists   bool
	Path     string // URL path
	Link     string
	Problems int
}

// matrix is the grid of the route table's versions, with the problems
// counted on each page (perPage, by URL path).
func matrix(table []routes.Route, perPage map[string]int, siteURL string) Matrix {
	byRow := map[string]map[string]string{} // page in version → version → URL path
	versions := map[string]bool{}
	for _, r := range table {
		if r.Version == "" {
			continue
		}
		versions[r.Version] = true
		rel := inVersion(r)
		if byRow[rel] == nil {
			byRow[rel] = map[string]string{}
		}
		byRow[rel][r.Version] = r.Path
	}
	m := Matrix{Versions: sortVersions(versions)}
	for _, page := range slices.Sorted(maps.Keys(byRow)) {
		row := Row{Page: page}
		for _, v := range m.Versions {
			path, ok := byRow[page][v]
			row.Cells = append(row.Cells, Cell{Exists: ok, Path: path, Link: link(siteURL, path), Problems: perPage[path]})
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

// inVersion is a route's path inside its version, read from its source:
// content/api/1.1/zkvm/install.md → zkvm/install (the latest version has
// no version in its URL, so the URL cannot tell).
func inVersion(r routes.Route) string {
	src := r.Source
	if i := strings.Index(src, "/"+r.Version+"/"); i >= 0 {
		src = src[i+len(r.Version)+2:]
	}
	src = strings.TrimSuffix(strings.TrimSuffix(src, ".md"), ".mdx")
	src = strings.TrimSuffix(strings.TrimSuffix(src, "index"), "/")
	if src == "" {
		return "/"
	}
	return src
}

// sortVersions puts next first, then the newest release first.
func sortVersions(set map[string]bool) []string {
	vs := slices.Sorted(maps.Keys(set))
	sort.SliceStable(vs, func(i, j int) bool { return newer(vs[i], vs[j]) })
	return vs
}

func newer(a, b string) bool {
	if a == "next" || b == "next" {
		return a == "next" && b != "next"
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errX := strconv.Atoi(as[i])
		y, errY := strconv.Atoi(bs[i])
		if errX != nil || errY != nil {
			return a > b
		}
		if x != y {
			return x > y
		}
	}
	return len(as) > len(bs)
}
