package preset

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// nextra lays out a Nextra 4 site on Next.js's App Router, exported as a
// static site (output: 'export'): the pages of the content folder (served
// by app/[[...mdxPath]]/page.jsx, under contentDirBasePath) and the
// page.md and page.mdx files of the app folder, public/ at the root, the
// build in out/.
func nextra(g Generator) Layout {
	dir := g.Dir()
	at := func(p string) string { return filepath.Join(dir, p) }
	// Nextra takes content/, else src/content/; Next.js app/, else src/app/.
	content, app := at("content"), at("app")
	if !isDir(filepath.Join(g.Root, content)) && isDir(filepath.Join(g.Root, at("src/content"))) {
		content = at("src/content")
	}
	if !isDir(filepath.Join(g.Root, app)) && isDir(filepath.Join(g.Root, at("src/app"))) {
		app = at("src/app")
	}
	trailing := g.Value("trailingSlash") == "true"
	if g.Value("output") != "export" {
		g.note("output is not 'export', so next build writes no static site to out/: checks links has no build to read")
	}
	if g.Value("distDir") != "" {
		g.note("distDir is not modelled: the static export is taken to be in out/")
	}
	contentURL := "/"
	if base := nextraContentBase(g); strings.Trim(base, "/") != "" {
		contentURL = "/" + strings.Trim(base, "/") + "/"
	}
	mounts := []mdlinks.Mount{
		{Dir: content, URL: contentURL, Output: nextraOutput(trailing, "index")},
		{Dir: app, URL: "/", Output: nextraAppOutput(trailing)},
	}
	rules := mdlinks.Rules{IDs: mdscan.Nextra, Mounts: mounts, Output: nextraOutput(trailing, "index"), Sources: nextraSources(g, app, trailing),
		Host: serve.Host{CleanURLs: true}, PrefixesBase: true, RawKeepsBase: nextraKeepsBase, Writes: nextraWrites(trailing)}
	return Layout{
		Site: at("out"), Markdown: []string{content, app}, Exclude: []string{"**/node_modules/**"},
		Public: at("public"), Base: basePath(g.Value("basePath")), Rules: rules,
	}
}

// nextraContentBase is the contentDirBasePath the config gives Nextra's
// plugin: const withNextra = nextra({ contentDirBasePath: '/docs' }), the
// wrapper of the exported Next.js config.
func nextraContentBase(g Generator) string {
	opts, _ := g.js.wrapperOf("nextra")
	v, computed := scalar(opts["contentDirBasePath"])
	if computed {
		return g.computed("contentDirBasePath")
	}
	return v
}

// nextraOutput is where next build exports the page at a path of the
// content folder: a/b.mdx at a/b.html (a/b/index.html with trailingSlash),
// an index page at its folder's.
func nextraOutput(trailing bool, index string) func(rel string) string {
	return func(rel string) string {
		stem := strings.TrimSuffix(strings.TrimSuffix(rel, ".mdx"), ".md")
		if path.Base(stem) == index {
			stem = path.Dir(stem)
		}
		switch {
		case stem == ".":
			return "index.html"
		case trailing:
			return stem + "/index.html"
		}
		return stem + ".html"
	}
}

// routeGroup is a folder of the app folder named (group): it organises
// routes without being part of their URL.
var routeGroup = regexp.MustCompile(`(^|/)\([^/]*\)(/|$)`)

// nextraAppOutput is where a page.mdx of the app folder is exported: its
// folder's route, route groups left out.
func nextraAppOutput(trailing bool) func(rel string) string {
	out := nextraOutput(trailing, "page")
	return func(rel string) string {
		for routeGroup.MatchString(rel) {
			rel = routeGroup.ReplaceAllString(rel, "$1")
		}
		return out(strings.TrimPrefix(rel, "/"))
	}
}

// nextraSources are the sources, beside a/b.md, that may be exported into
// out: a folder's index page, or a page file of the app folder, found on
// disk once, as a route group hides its folder from the URL.
func nextraSources(g Generator, app string, trailing bool) func(string) []string {
	pages := map[string][]string{}
	out := nextraAppOutput(trailing)
	files, _ := doublestar.Glob(os.DirFS(filepath.Join(g.Root, app)), "**/page.{md,mdx}")
	for _, f := range files {
		pages[out(f)] = append(pages[out(f)], f)
	}
	return func(out string) []string {
		stem := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(out, "index.html"), ".html"), "/")
		return append([]string{path.Join(stem, "index.md"), path.Join(stem, "index.mdx")}, pages[out]...)
	}
}

// nextraMarkdownExt is the extension Nextra's remarkLinkRewrite takes off
// a link (not one to http(s)://): .md or .mdx before its end, # or ?.
var nextraMarkdownExt = regexp.MustCompile(`\.mdx?(?:[#?]|$)`)

// nextraKeepsBase: an element written as JSX in an .mdx page is no
// Next.js Link, so its link is written as it is, and so is an <img> of
// any page (the theme's img adds no basePath); an <a> of raw HTML in an
// .md page, which rehype-raw makes an element like markdown's, gets the
// basePath as theirs do.
func nextraKeepsBase(file string, image bool) bool {
	return image || strings.HasSuffix(file, ".mdx")
}

// nextraWrites is the link a Nextra page has for one written in its
// markdown: a markdown link's .md or .mdx dropped (a link to an index
// page then names index, as written), and a root-absolute path given a
// trailing slash or none as Next.js's Link does (its
// normalizePathTrailingSlash: with trailingSlash, none after a file name
// with a dot), a raw <a> of an .md page's too (nextraKeepsBase); relative
// links are left as they are, read from the page's URL.
func nextraWrites(trailing bool) func(file, dest string, raw bool) string {
	return func(file, dest string, raw bool) string {
		if raw && nextraKeepsBase(file, false) {
			return dest
		}
		if m := nextraMarkdownExt.FindStringIndex(dest); m != nil && !raw {
			end := m[1]
			if end > m[0] && (dest[end-1] == '#' || dest[end-1] == '?') {
				end--
			}
			dest = dest[:m[0]] + dest[end:]
		}
		if !strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "//") {
			return dest
		}
		p, rest := dest, ""
		if i := strings.IndexAny(dest, "?#"); i >= 0 {
			p, rest = dest[:i], dest[i:]
		}
		p = strings.TrimRight(p, "/")
		if trailing && !strings.Contains(path.Base(p), ".") {
			p += "/"
		}
		if p == "" {
			p = "/"
		}
		return p + rest
	}
}
