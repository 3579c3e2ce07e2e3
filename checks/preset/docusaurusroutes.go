package preset

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// Docusaurus writes a JSX or raw <a href> and <img src> of a page as
// they are (3.10.2's mdx-loader resolves markdown's links and bundles
// markdown's images only: its transformImage visits image nodes, not
// JSX), so the browser reads them from the page's URL, and a
// root-absolute one must carry the baseUrl itself. To judge them before a
// build, the preset computes each page's URL as the docs plugin does
// (plugin-content-docs's slug.js and numberPrefix.js): the version's path
// under routeBasePath, then the slug front matter (from the version's
// root when it starts with /, else from the doc's folder), or, for an
// index, readme or a doc named as its folder, the folder, or else the
// folder and the id front matter or the file's name; number prefixes
// ("01-intro") are dropped from both. The pages plugin serves a file at
// its path under src/pages. What the sources do not decide is not judged
// (Unjudged): the blog's URLs (posts by date, lists, tags), the docs'
// generated category and tags pages, other locales, and the routes of
// plugins and themes that are not content plugins.

// docusaurusPrefix is a file or folder name's number prefix, which
// Docusaurus drops ("01-intro" is "intro"); a name like a date or
// version ("2021-11-foo", "7.0-foo") keeps it.
var (
	docusaurusPrefix   = regexp.MustCompile(`^\d+\s*[-_.]+\s*([^-_.\s].*)$`)
	docusaurusNoPrefix = regexp.MustCompile(`^\d+[-_.]\d+`)
)

// stripNumberPrefix drops a name's number prefix.
func stripNumberPrefix(name string) string {
	if docusaurusNoPrefix.MatchString(name) {
		return name
	}
	if m := docusaurusPrefix.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return name
}

// docSlug is the slug of a doc at rel (slash path in its version's
// folder) with the front matter's slug and id ("" when unset).
func docSlug(rel, slug, id string) string {
	dir, file := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	name := strings.TrimSuffix(file, path.Ext(file))
	dirSlug := "/"
	if dir != "" {
		segs := strings.Split(dir, "/")
		for i, s := range segs {
			segs[i] = stripNumberPrefix(s)
		}
		dirSlug = "/" + strings.Join(segs, "/") + "/"
	}
	switch {
	case strings.HasPrefix(slug, "/"):
		return slug
	case slug == "" && isCategoryIndex(name, path.Base(dir)):
		return dirSlug
	case slug == "":
		slug = firstNonEmpty(id, stripNumberPrefix(name))
	}
	return path.Join(dirSlug, slug)
}

// isCategoryIndex reports whether a doc is its folder's index: named
// index, readme or as its folder, in any case.
func isCategoryIndex(name, dir string) bool {
	n := strings.ToLower(name)
	return n == "index" || n == "readme" || dir != "." && n == strings.ToLower(dir)
}

// routeBase is an instance's routeBasePath, as a URL folder ("/docs/",
// "/"); ok is false when the config computes it.
func (in docusaurusInstance) routeBase() (string, bool) {
	v, set := in.options["routeBasePath"]
	s, computed := scalar(v)
	if computed {
		return "", false
	}
	if !set {
		s = map[string]string{"docs": "docs", "blog": "blog", "pages": ""}[in.kind]
	}
	if s = strings.Trim(s, "/"); s == "" {
		return "/", true
	}
	return "/" + s + "/", true
}

// docusaurusRoutes computes the pages' URLs once, when a link asks; nil
// (and a note) when the config leaves them undecided.
func docusaurusRoutes(g Generator, instances []docusaurusInstance) func() *mdlinks.Routes {
	if why := unroutable(g, instances); why != "" {
		g.note("root-absolute links and images of raw HTML and JSX are not judged before a build: %s", why)
		return nil
	}
	root, _ := filepath.Abs(g.Root)
	trailing := g.Value("trailingSlash") // "true", "false", or "" for as each route is
	var once sync.Once
	var rt *mdlinks.Routes
	return func() *mdlinks.Routes {
		once.Do(func() { rt = readRoutes(root, instances, otherLocales(g), trailing) })
		return rt
	}
}

// unroutable says why the config leaves the pages' URLs undecided: a
// route or version setting it computes or that the preset does not
// model, or plugins and themes that may add pages; "" when it does not.
func unroutable(g Generator, instances []docusaurusInstance) string {
	for _, in := range instances {
		if _, ok := in.routeBase(); !ok {
			return fmt.Sprintf("the %s's routeBasePath is computed", in.name())
		}
		for _, k := range []string{"lastVersion", "versions", "onlyIncludeVersions", "includeCurrentVersion", "numberPrefixParser"} {
			if _, set := in.options[k]; set && in.kind == "docs" {
				return fmt.Sprintf("the %s sets %s", in.name(), k)
			}
		}
	}
	plugins, _ := lookupList(g.doc, "plugins")
	for _, e := range plugins {
		if name, _ := pluginEntry(e); !docusaurusPlugin.MatchString(name) {
			return "plugins that are no content plugin may add pages"
		}
	}
	if themes, _ := lookupList(g.doc, "themes"); len(themes) > 0 {
		return "themes may add pages"
	}
	if _, ok := lookup(g.doc, "themeConfig.algolia"); ok {
		return "Algolia's search page is added by its theme"
	}
	return ""
}

// otherLocales are the URL folders of the locales other than the default.
func otherLocales(g Generator) []string {
	def := g.Value("i18n.defaultLocale")
	locales, _ := lookupList(g.doc, "i18n.locales")
	var out []string
	for _, l := range locales {
		if s, _ := scalar(l); s != "" && s != def {
			out = append(out, "/"+s+"/")
		}
	}
	return out
}

// readRoutes walks the docs and pages instances' folders for their pages.
// trailingSlash true gives every page's URL a trailing slash, false none
// (the browser reads a relative link from the folder the URL ends in).
func readRoutes(root string, instances []docusaurusInstance, locales []string, trailing string) *mdlinks.Routes {
	rt := &mdlinks.Routes{Page: map[string]string{}, File: map[string]string{}}
	var unjudged []string
	add := func(file, url string) {
		slash := trailing == "true" || trailing == "" && strings.HasSuffix(url, "/") // unset, a folder's index doc keeps its slash: /docs/guide/
		url = path.Clean("/" + url)
		f := filepath.Clean(relative(file))
		if _, taken := rt.File[url]; !taken {
			rt.File[url] = f
		}
		if slash && url != "/" {
			url += "/"
		}
		rt.Page[f] = url
	}
	for _, in := range instances {
		base, _ := in.routeBase()
		switch in.kind {
		case "blog":
			unjudged = append(unjudged, base)
		case "pages":
			walkPages(filepath.Join(root, in.path), func(file, rel string) {
				stem := strings.TrimSuffix(rel, path.Ext(rel))
				add(file, base+strings.TrimSuffix(strings.TrimSuffix(stem, "index"), "/"))
			})
		case "docs":
			versions, _ := docusaurusVersions(root, in) // set only where unroutable finds no version option
			for _, v := range versions {
				unjudged = append(unjudged, path.Join(base, v.at, "category")+"/", path.Join(base, v.at, "tags")+"/")
				walkPages(filepath.Join(root, v.folder), func(file, rel string) {
					if !mdscan.IsMarkdownFile(file) {
						return // the docs plugin's pages are markdown only
					}
					src, _ := textfile.Read(file, textfile.MaxSource)
					slug := docSlug(rel, mdscan.FrontValue(src, "slug"), mdscan.FrontValue(src, "id"))
					url := path.Join(base, v.at, slug)
					if strings.HasSuffix(slug, "/") {
						url += "/"
					}
					add(file, url)
				})
			}
		}
	}
	// The classic preset's sitemap plugin writes /sitemap.xml, and the
	// theme /404.html.
	unjudged = append(unjudged, locales...)
	unjudged = append(unjudged, "/sitemap.xml", "/404.html")
	rt.Unjudged = func(urlPath string) string {
		for _, u := range unjudged {
			if u != "/" && (strings.HasPrefix(urlPath, u) || urlPath+"/" == u) {
				return "its URL is not computed from the sources"
			}
		}
		return ""
	}
	return rt
}

// docusaurusVersion is a docs version's folder and its URL path under
// the instance's routeBasePath ("" for the last version).
type docusaurusVersion struct{ folder, at string }

// docusaurusVersions are a docs instance's versions, as versions.json
// lists them, and the current one (its path), each with its URL path under
// the instance's routeBasePath, as the docs plugin names them: the last
// version (lastVersion, by default versions.json's first, else the
// current) at the root, the current at next/, each other at its name, and
// a version's path option over all these. ok is false when the config
// computes lastVersion or versions.
func docusaurusVersions(root string, in docusaurusInstance) (out []docusaurusVersion, ok bool) {
	names, _ := readVersions(filepath.Join(root, in.prefix()+"versions.json"))
	last, computed := scalar(in.options["lastVersion"])
	options, isMap := in.options["versions"].(map[string]any)
	if _, set := in.options["versions"]; computed || set && !isMap {
		return nil, false
	}
	if last == "" {
		last = append(names, "current")[0]
	}
	for _, n := range append([]string{"current"}, names...) {
		v := docusaurusVersion{in.path, "next"}
		if n != "current" {
			v = docusaurusVersion{path.Join(in.prefix()+"versioned_docs", "version-"+n), n}
		}
		if n == last {
			v.at = ""
		}
		o, _ := options[n].(map[string]any)
		if p, set := o["path"]; set {
			s, computed := scalar(p)
			if computed {
				return nil, false
			}
			v.at = strings.Trim(s, "/")
		}
		out = append(out, v)
	}
	return out, true
}

// docusaurusVersionURLs are where each docs instance's versions are
// served, in the default locale and each other; an instance whose URLs
// the config computes is left out.
func docusaurusVersionURLs(g Generator, instances []docusaurusInstance) []FolderURL {
	root, _ := filepath.Abs(g.Root)
	var out []FolderURL
	for _, in := range instances {
		base, ok := in.routeBase()
		versions, ok2 := docusaurusVersions(root, in)
		if in.kind != "docs" || !ok || !ok2 {
			continue
		}
		for _, locale := range append([]string{"/"}, otherLocales(g)...) {
			for _, v := range versions {
				u := path.Join(locale, base, v.at)
				out = append(out, FolderURL{Folder: v.folder, URL: strings.TrimSuffix(u, "/") + "/"})
			}
		}
	}
	return out
}

// readVersions reads a versions.json: a list of version names.
func readVersions(file string) ([]string, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var v any
	if v, err = parseConfig("versions.json", src); err != nil {
		return nil, err
	}
	list, _ := v.([]any)
	var out []string
	for _, e := range list {
		if s, _ := scalar(e); s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// walkPages calls fn with each page of a content folder (markdown, and
// the pages plugin's React pages) and its slash path in the folder; a
// partial (a name starting with _) and tests are no page.
func walkPages(dir string, fn func(file, rel string)) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if p != dir && (strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || name == "node_modules" || name == "__tests__") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || strings.Contains(name, ".test.") {
			return nil
		}
		switch path.Ext(name) {
		case ".md", ".mdx", ".js", ".jsx", ".ts", ".tsx":
			rel, _ := filepath.Rel(dir, p)
			fn(p, filepath.ToSlash(rel))
		}
		return nil
	})
}
