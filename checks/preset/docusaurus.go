package preset

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// docusaurusEntry is the path of the script every Docusaurus page loads;
// what comes before assets/ is the site's baseUrl.
var docusaurusEntry = regexp.MustCompile(`^(/(?:[^?#]*/)?)assets/js/(?:runtime~)?main\.[0-9a-f]+\.js$`)

// docusaurusBase reads baseUrl from the entry script of the build's home page.
func docusaurusBase(site string) (string, error) {
	var base string
	err := homeScripts(site, "the base URL", func(src, _ []byte) bool {
		if m := docusaurusEntry.FindSubmatch([]byte(path.Clean(string(src)))); m != nil {
			base = string(m[1])
		}
		return base != ""
	})
	if err == nil && base == "" {
		err = fmt.Errorf("docusaurus preset: %s/index.html loads no assets/js/main.*.js, so its base URL is unknown: is it a Docusaurus build? (set baseUrl in checks.json)", site)
	}
	return base, err
}

// The inline script of every Docusaurus 3 page that puts the colour mode on
// <html> before the first paint: it reads the stored choice (under a key
// that a site may namespace, "theme-9f6") and, with nothing stored, either
// follows the system (respectPrefersColorScheme) or takes defaultMode.
var (
	docusaurusThemeKey    = regexp.MustCompile(`localStorage\.getItem\("(theme[^"]*)"\)`)
	docusaurusFollows     = regexp.MustCompile(`setAttribute\("data-theme",\s*\w+\s*\|\|\s*\(?\s*window\.matchMedia\("\(prefers-color-scheme: ?dark\)"\)`)
	docusaurusDefaultMode = regexp.MustCompile(`setAttribute\("data-theme",\s*\w+\s*\|\|\s*"(light|dark)"\)`)
)

// docusaurusContract is the DOM of the classic theme (the theme on <html
// data-theme>, hydration marked by data-has-hydrated), with the storage key
// and colour-mode settings read from the build's head script. The classic
// template has no search box and no page loader: those checks are skipped.
func docusaurusContract(site string) (browser.Contract, error) {
	c := browser.DefaultContract()
	c.Ready = "data-has-hydrated"
	c.SearchButton, c.SearchModal, c.SearchInput = "", "", "" // the classic template has no search
	c.ThemeToggle = `[class*="colorModeToggle_"] button`      // the navbar's; CSS modules add a hash to the class
	found := false
	err := homeScripts(site, "the colour-mode script", func(_, text []byte) bool {
		m := docusaurusThemeKey.FindSubmatch(text)
		if m == nil {
			return false
		}
		found = true
		c.ThemeKey = string(m[1])
		c.RespectSystem = docusaurusFollows.Match(text)
		c.DefaultTheme = "light"
		if d := docusaurusDefaultMode.FindSubmatch(text); d != nil {
			c.DefaultTheme = string(d[1])
		}
		return true
	})
	if err == nil && !found {
		err = fmt.Errorf("the docusaurus preset reads it from the colour-mode script of %s, and there is none", filepath.Join(site, "index.html"))
	}
	return c, err
}

// homeScripts calls fn with the src and the text of each script of the
// build's home page until it returns true.
func homeScripts(site, what string, fn func(src, text []byte) bool) error {
	f, err := textfile.Open(filepath.Join(site, "index.html"))
	if err != nil {
		return fmt.Errorf("docusaurus preset: reading %s from the build: %v", what, err)
	}
	defer f.Close()
	z := html.NewTokenizer(f)
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "script" {
				continue
			}
			var src []byte
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "src" {
					src = v
				}
			}
			if src != nil && fn(src, nil) {
				return nil
			}
			if src == nil && z.Next() == html.TextToken && fn(nil, z.Text()) {
				return nil
			}
		}
	}
}

// A Docusaurus site reads markdown from each instance of its content
// plugins: the classic preset's docs, blog and pages (docs: false turns one
// off), and every '@docusaurus/plugin-content-docs' (or -blog, -pages) in
// plugins, each with its own path. A docs instance keeps its versions in
// versioned_docs/ (id_versioned_docs/ when its id is not "default"), and
// translations are in i18n/<locale>/docusaurus-plugin-content-<kind>[-id]/.
// The config is JavaScript, read statically: an object is the braces after
// the plugin's name or the preset's key, a value one Value reads.
var (
	docusaurusPlugin = regexp.MustCompile(`["'](?:@docusaurus/)?(?:plugin-)?content-(docs|blog|pages)["']`)
	docusaurusKey    = regexp.MustCompile(`\b(docs|blog|pages)\s*:\s*(\{|false\b)`)
)

// docusaurusKinds are the content plugins, in the order their folders are listed.
var docusaurusKinds = []string{"docs", "blog", "pages"}

// docusaurusInstance is one content plugin instance: its kind, id and folder.
type docusaurusInstance struct{ kind, id, path string }

// docusaurusInstances are the content plugin instances of the config, the
// classic preset's first (those it turns off left out).
func docusaurusInstances(g Generator) []docusaurusInstance {
	src := string(g.src)
	defaults := map[string]string{"docs": "docs", "blog": "blog", "pages": "src/pages"}
	var out []docusaurusInstance
	seen := map[string]bool{}
	for _, m := range docusaurusKey.FindAllStringSubmatchIndex(src, -1) {
		kind := src[m[2]:m[3]]
		if seen[kind] || inPlugin(src, m[0]) {
			continue
		}
		obj := ""
		if src[m[4]:m[5]] == "{" {
			obj = braces(src[m[4]:])
			if !mentions(obj, "path") && kind == "docs" && !mentions(obj, "routeBasePath") {
				continue // themeConfig's docs: { sidebar: … }, not the plugin's
			}
		}
		seen[kind] = true
		if src[m[4]:m[5]] == "false" {
			continue
		}
		out = append(out, docusaurusInstance{kind, "", firstNonEmpty(g.object(obj).Value("path"), defaults[kind])})
	}
	for _, kind := range docusaurusKinds {
		if !seen[kind] {
			out = append(out, docusaurusInstance{kind, "", defaults[kind]})
		}
	}
	for _, m := range docusaurusPlugin.FindAllStringSubmatchIndex(src, -1) {
		kind := src[m[2]:m[3]]
		rest := src[m[1]:]
		obj := ""
		if i := strings.IndexAny(rest, "{]"); i >= 0 && rest[i] == '{' {
			obj = braces(rest[i:])
		}
		inner := g.object(obj)
		out = append(out, docusaurusInstance{kind, inner.Value("id"), firstNonEmpty(inner.Value("path"), defaults[kind])})
	}
	slices.SortStableFunc(out, func(a, b docusaurusInstance) int {
		return slices.Index(docusaurusKinds, a.kind) - slices.Index(docusaurusKinds, b.kind)
	})
	return out
}

// object is the config's object literal obj, read as a config of its own:
// one key a line, as Value reads them, though it is often written on one
// line ({ id: 'api', path: 'api' }).
func (g Generator) object(obj string) Generator {
	lines := strings.NewReplacer(",", "\n", "{", "\n", "}", "\n").Replace(obj)
	return Generator{Config: g.Config, src: []byte(lines), unread: g.unread}
}

// inPlugin reports whether offset i of the config lies inside a content
// plugin's options (its own path key is no preset key).
func inPlugin(src string, i int) bool {
	for _, m := range docusaurusPlugin.FindAllStringIndex(src[:i], -1) {
		rest := src[m[1]:]
		if j := strings.IndexAny(rest, "{]"); j >= 0 && rest[j] == '{' && m[1]+j+len(braces(rest[j:])) > i {
			return true
		}
	}
	return false
}

// braces is the text of the object that src starts with, up to its
// closing brace (or the rest of src, if it never closes).
func braces(src string) string {
	depth := 0
	for i, r := range src {
		switch r {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return src[:i+1]
			}
		}
	}
	return src
}

// mentions reports whether an object literal sets key.
func mentions(obj, key string) bool {
	return regexp.MustCompile(`(?:^|[\s{,])["']?` + key + `["']?\s*:`).MatchString(obj)
}

// folders are the folders an instance reads: its path, and for
// docs its versions.
func (in docusaurusInstance) folders() []string {
	if in.kind != "docs" {
		return []string{in.path}
	}
	return []string{in.path, in.prefix() + "versioned_docs"}
}

// prefix is what the folders and files of a docs instance's versions
// start with: "" for the default instance, "api_" for id "api".
func (in docusaurusInstance) prefix() string {
	if in.id == "" || in.id == "default" {
		return ""
	}
	return in.id + "_"
}

// i18nDir is the instance's folder under i18n/<locale>/.
func (in docusaurusInstance) i18nDir() string {
	d := "docusaurus-plugin-content-" + in.kind
	if in.id != "" && in.id != "default" {
		d += "-" + in.id
	}
	return d
}

func docusaurus(g Generator) Layout {
	instances := docusaurusInstances(g)
	var markdown []string
	for _, in := range instances {
		markdown = append(markdown, in.folders()...)
	}
	markdown = append(markdown, "i18n")
	return Layout{Site: "build", Markdown: markdown, Public: "static",
		Rules: mdlinks.Rules{IDs: mdscan.GitHub, Fallback: docusaurusFallback(g.Root, instances),
			NotBuilt: partials(g.Root), NotBuiltBy: "Docusaurus's exclude of names starting with _ (partials, which pages import)"}}
}

// partials reports whether a file is a partial: its name, or a folder it
// is in under the project's root, starts with "_". Docusaurus's content
// plugins make no page of one (their default exclude), so a link to it
// leads nowhere.
func partials(root string) func(file string) bool {
	from := fromRoot(root)
	return func(file string) bool {
		rel, ok := from(file)
		if !ok {
			return false
		}
		for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
			if strings.HasPrefix(seg, "_") {
				return true
			}
		}
		return false
	}
}

// docusaurusFallback: a translated page's link to a file that is not
// translated leads to the untranslated one, which Docusaurus builds in the
// locale's site: i18n/fr/docusaurus-plugin-content-docs/current/setup.md is
// docs/setup.md, …/version-1.0/setup.md versioned_docs/version-1.0/setup.md.
func docusaurusFallback(root string, instances []docusaurusInstance) func(string) string {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	fromI18n := fromRoot(filepath.Join(absRoot, "i18n"))
	return func(target string) string {
		rel, ok := fromI18n(target)
		if !ok {
			return ""
		}
		parts := strings.SplitN(filepath.ToSlash(rel), "/", 4) // locale, plugin, rest
		if len(parts) < 3 {
			return ""
		}
		for _, in := range instances {
			if in.i18nDir() != parts[1] {
				continue
			}
			rest := strings.Join(parts[2:], "/")
			switch {
			case in.kind != "docs":
				return relative(filepath.Join(absRoot, in.path, rest))
			case parts[2] == "current" && len(parts) == 4:
				return relative(filepath.Join(absRoot, in.path, parts[3]))
			case strings.HasPrefix(parts[2], "version-"):
				return relative(filepath.Join(absRoot, in.prefix()+"versioned_docs", rest))
			}
		}
		return ""
	}
}

// relative names an absolute path from the current folder, as the
// markdown check names files.
func relative(abs string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil {
			return rel
		}
	}
	return abs
}
