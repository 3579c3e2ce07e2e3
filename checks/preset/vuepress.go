package preset

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// vuepress lays out a VuePress 2 project, as @vuepress/core and
// @vuepress/markdown (2.0.0-rc.28) do: the source folder is the one
// holding .vuepress/, every .md in it a page (README.md and index.md its
// folder's index, a.md at a.html), .vuepress/public served at the root,
// the build in .vuepress/dist. dest and public, when the config sets them,
// are read from where vuepress runs: the project root.
func vuepress(g Generator) Layout {
	before, _, _ := strings.Cut(filepath.ToSlash(g.Config), ".vuepress/")
	src := firstNonEmpty(strings.TrimSuffix(before, "/"), ".")
	if _, ok := lookup(g.doc, "pagePatterns"); ok {
		g.note("pagePatterns is not read: every .md of %s is taken for a page", src)
	}
	if p, _ := lookup(g.doc, "permalinkPattern"); p != nil {
		g.note("permalinkPattern is not read: pages are taken to be at their files' paths, or their front matter's permalink")
	}
	return Layout{
		Site:     firstNonEmpty(g.Value("dest"), filepath.Join(src, ".vuepress/dist")),
		Markdown: []string{src}, Exclude: []string{"**/node_modules/**"},
		Public: firstNonEmpty(g.Value("public"), filepath.Join(src, ".vuepress/public")),
		Base:   basePath(g.Value("base")),
		Rules: mdlinks.Rules{IDs: mdscan.VuePress, Mounts: []mdlinks.Mount{{Dir: src, URL: "/"}},
			Output: pages(true, "index", "README"),
			// A link VuePress writes as it is (./a, ./notes.txt) is the
			// browser's to follow: a host with clean URLs answers ./a.
			Host:               serve.Host{CleanURLs: true},
			PrefixesBaseImages: true, BundlesRawImages: true,
			FragmentOf: vuepressFragment, FrontURL: vuepressPermalink,
		},
	}
}

var (
	// vuepressInternal is a link @vuepress/markdown's links plugin takes
	// for a route: its path ends in /, .md or .html.
	vuepressInternal = regexp.MustCompile(`^[^#?]*?(?:/|\.md|\.html)$`)
)

// vuepressFragment: the links plugin writes a route's fragment that starts
// with a digit with "_" before it, as the slugify starts such an id
// (#1-0-notes → #_1-0-notes); a fragment alone, or after a query or
// another path, is written as it is.
func vuepressFragment(p, frag string) string {
	if frag != "" && frag[0] >= '0' && frag[0] <= '9' && vuepressInternal.MatchString(p) {
		return "_" + frag
	}
	return frag
}

// vuepressPermalink is the route a page's front matter permalink gives it
// (null: none).
func vuepressPermalink(rel string, value func(string) string) (string, bool) {
	if value("permalink") == "null" {
		return "", false
	}
	return permalink(rel, value)
}
