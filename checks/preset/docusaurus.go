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
// A plugin or preset is an entry of its list: its name, or [name, options];
// the name a string or require.resolve(name).
var (
	docusaurusPlugin  = regexp.MustCompile(`^(?:@docusaurus/)?(?:plugin-)?content-(docs|blog|pages)$`)
	docusaurusClassic = regexp.MustCompile(`^(?:@docusaurus/)?(?:preset-)?classic$`)
)

// docusaurusKinds are the content plugins, in the order their folders are listed.
var docusaurusKinds = []string{"docs", "blog", "pages"}

// docusaurusInstance is one content plugin instance: its kind, id and
// folder, and its options as the config writes them.
type docusaurusInstance struct {
	kind, id, path string
	options        map[string]any
}

// pluginEntry is a plugins or presets entry's module name and options.
func pluginEntry(e any) (name string, options map[string]any) {
	if pair, ok := e.([]any); ok && len(pair) > 0 {
		e = pair[0]
		if len(pair) > 1 {
			options, _ = pair[1].(map[string]any)
		}
	}
	if c, ok := e.(computedValue); ok && c.tag == "require.resolve" {
		if args, _ := c.value.([]any); len(args) == 1 {
			e = args[0]
		}
	}
	name, _ = e.(string)
	return name, options
}

// docusaurusInstances are the content plugin instances of the config, the
// classic preset's first (those it turns off left out).
func docusaurusInstances(g Generator) []docusaurusInstance {
	defaults := map[string]string{"docs": "docs", "blog": "blog", "pages": "src/pages"}
	var out []docusaurusInstance
	presets, _ := lookupList(g.doc, "presets")
	classic := map[string]any{}
	for _, e := range presets {
		if name, options := pluginEntry(e); docusaurusClassic.MatchString(name) && options != nil {
			classic = options
		}
	}
	for _, kind := range docusaurusKinds {
		if classic[kind] == false {
			continue
		}
		options, _ := classic[kind].(map[string]any)
		out = append(out, docusaurusInstance{kind, "", firstNonEmpty(g.valueIn(options, "path", "presets classic "+kind+".path"), defaults[kind]), options})
	}
	plugins, _ := lookupList(g.doc, "plugins")
	for _, e := range plugins {
		name, options := pluginEntry(e)
		m := docusaurusPlugin.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		key := "plugins " + name
		out = append(out, docusaurusInstance{m[1], g.valueIn(options, "id", key+" id"), firstNonEmpty(g.valueIn(options, "path", key+" path"), defaults[m[1]]), options})
	}
	slices.SortStableFunc(out, func(a, b docusaurusInstance) int {
		return slices.Index(docusaurusKinds, a.kind) - slices.Index(docusaurusKinds, b.kind)
	})
	return out
}

// valueIn is a plugin's option as Value reads a key; a computed one is
// Unread under the name given.
func (g Generator) valueIn(options map[string]any, key, name string) string {
	s, computed := scalar(options[key])
	if computed {
		return g.computed(name)
	}
	return s
}

// ownPlugins are the entries of the config's plugins list that are the
// site's own code: a local module ('./src/plugins/changelog', alone or
// first in its [module, options] pair) or a list spread into it
// (...extraPlugins). What pages they add checks
// cannot know.
func ownPlugins(g Generator) []string {
	var out []string
	plugins, _ := lookupList(g.doc, "plugins")
	for _, e := range plugins {
		name, _ := pluginEntry(e)
		c, computed := e.(computedValue)
		switch {
		case strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../"):
			out = append(out, name)
		case computed && c.tag == "...":
			out = append(out, fmt.Sprint("...", c.value))
		}
	}
	return out
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
	root, _ := filepath.Abs(g.Root)
	links := docusaurusLinks{root, instances}
	if own := ownPlugins(g); len(own) > 0 {
		g.note("plugins %s are the site's own code, which checks does not run: pages they add are not known to checks", strings.Join(own, ", "))
	}
	var markdown, versions []string
	for _, in := range instances {
		markdown = append(markdown, in.folders()...)
		if in.kind == "docs" {
			versions = append(versions, in.prefix()+"versioned_docs/version-*")
		}
	}
	markdown = append(markdown, "i18n")
	return Layout{Site: "build", Markdown: markdown, Public: "static", Versions: versions, VersionURLs: docusaurusVersionURLs(g, instances), Pages: docusaurusPages(g.Root), Base: basePath(g.Value("baseUrl")),
		Rules: mdlinks.Rules{IDs: mdscan.Docusaurus, Routes: docusaurusRoutes(g, instances), PrefixesBase: true,
			RawKeepsBase: func(string, bool) bool { return true }, MDLookup: links.lookup, MDUnresolved: links.unresolved,
			Preprocess: mdscan.UnwrapMDXCodeBlocks, CodeIDs: componentIDs, Includes: docusaurusIncludes(g.Root).expand,
			NotBuilt: partials(g.Root), NotBuiltBy: "Docusaurus's exclude of names starting with _ (partials, which pages import)",
			// Its remark plugin resolves markdown's links only: a 3.10.2
			// build wrote a JSX <a href="./intro.mdx"> as it is.
			RawLeavesMD: true}}
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

// siteImport is an MDX import from the site's own code: @site/…, or a
// path relative to the page. Its names are the default and the named ones.
var siteImport = regexp.MustCompile(`(?m)^import\s+(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s+['"](?:@site/|\.\.?/)[^'"]*['"]`)

// componentIDs says of an id whether a component of the site's own code,
// rendered on the page, may give it: checks does not run the site's React
// code, so an id one makes (Docusaurus's own site gives each row of its
// <APITable> the text of its first cell) is not known. Such an anchor is
// taken as found when it is written, as a word, inside an element of a
// component the page imports from the site's code; nil for a page with
// none, whose anchors are all judged.
func componentIDs(src []byte) func(id string) bool {
	var text []string
	for _, m := range siteImport.FindAllSubmatch(src, -1) {
		names := strings.FieldsFunc(string(m[1])+","+string(m[2]), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' })
		for i, n := range names {
			if n == "as" && i > 0 { // { A as B }: B is the name
				names[i-1] = ""
			}
		}
		for _, name := range names {
			if name != "" && name != "as" {
				text = append(text, elements(string(src), name)...)
			}
		}
	}
	if len(text) == 0 {
		return nil
	}
	all := strings.Join(text, "\n")
	return func(id string) bool {
		for at := 0; ; {
			i := strings.Index(all[at:], id)
			if i < 0 || id == "" {
				return false
			}
			i += at
			if !wordByte(all, i-1) && !wordByte(all, i+len(id)) {
				return true
			}
			at = i + 1
		}
	}
}

// elements is the text of each element <name …>…</name> (or <name … />)
// of src.
func elements(src, name string) []string {
	var out []string
	for at := 0; ; {
		i := strings.Index(src[at:], "<"+name)
		if i < 0 {
			return out
		}
		i += at
		if end := i + 1 + len(name); end < len(src) && (wordByte(src, end) || src[end] == '.') {
			at = end
			continue
		}
		j := strings.Index(src[i:], "</"+name+">")
		if j < 0 {
			j = strings.Index(src[i:], "/>")
		}
		if j < 0 {
			return append(out, src[i:])
		}
		out = append(out, src[i:i+j])
		at = i + j + 1
	}
}

// wordByte reports whether s[i] is a letter, digit, _ or -: part of an id
// written in text. Outside s it is not.
func wordByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// docusaurusLinks is how Docusaurus resolves a .md link (its
// resolveMarkdownLinkPathname): unless the link starts with ./ or ../, it
// is looked up from the content folder of the page's version (the
// translation's first: i18n/fr/docusaurus-plugin-content-docs/current/,
// then docs/) and from the site's root; then, unless it starts with /,
// from the page's own folder. The first file found wins, so "setup.md"
// from docs/guide/a.md is docs/setup.md even where docs/guide/setup.md is
// there too. Each content plugin instance resolves links to its own files
// only (its sourceToPermalink): a blog post's link to a doc's file is left
// as written, and leads nowhere.
type docusaurusLinks struct {
	root      string // the site's folder, absolute
	instances []docusaurusInstance
}

// place is the instance a file of the site belongs to, and the content
// folders its links are looked up from, nearest first.
func (d docusaurusLinks) place(file string) (docusaurusInstance, []string, bool) {
	rel, ok := fromRoot(d.root)(file)
	if !ok {
		return docusaurusInstance{}, nil, false
	}
	rel = filepath.ToSlash(rel)
	if parts := strings.SplitN(rel, "/", 5); len(parts) >= 4 && parts[0] == "i18n" { // locale, plugin, rest
		for _, in := range d.instances {
			if in.i18nDir() != parts[2] {
				continue
			}
			localized := path.Join(parts[:3]...)
			if in.kind != "docs" {
				return in, []string{localized, in.path}, true
			}
			if len(parts) < 5 {
				return docusaurusInstance{}, nil, false
			}
			return in, []string{path.Join(localized, parts[3]), in.versionFolder(parts[3])}, true
		}
		return docusaurusInstance{}, nil, false
	}
	for _, in := range d.instances {
		if under(rel, in.path) {
			return in, []string{in.path}, true
		}
		if v := in.prefix() + "versioned_docs"; in.kind == "docs" && under(rel, v) {
			version, _, _ := strings.Cut(strings.TrimPrefix(rel, v+"/"), "/")
			return in, []string{path.Join(v, version)}, true
		}
	}
	return docusaurusInstance{}, nil, false
}

// under reports whether the slash path rel lies in folder dir.
func under(rel, dir string) bool {
	dir = path.Clean(dir)
	return dir == "." || strings.HasPrefix(rel, dir+"/")
}

// versionFolder is the folder of a docs instance's version, by the name
// its translations give it ("current", "version-1.0").
func (in docusaurusInstance) versionFolder(name string) string {
	if name == "current" {
		return in.path
	}
	return path.Join(in.prefix()+"versioned_docs", name)
}

// lookup is the file a .md link p (decoded) of file names, as Docusaurus
// finds it; ok false where file is no page of a content plugin.
func (d docusaurusLinks) lookup(file, p string, isFile func(string) bool) (string, bool) {
	_, roots, ok := d.place(file)
	if !ok {
		return "", false
	}
	var tries []string
	if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
		for _, r := range append(roots, ".") {
			tries = append(tries, relative(filepath.Join(d.root, filepath.FromSlash(r), filepath.FromSlash(p))))
		}
	}
	if !strings.HasPrefix(p, "/") {
		tries = append(tries, filepath.Join(filepath.Dir(file), filepath.FromSlash(p)))
	}
	for _, t := range tries {
		if isFile(t) {
			return t, true
		}
	}
	return "", false
}

// unresolved says why Docusaurus leaves a link of file to target, an
// existing page, as written: target is no file of file's own instance.
func (d docusaurusLinks) unresolved(file, target string) string {
	from, _, ok := d.place(file)
	if !ok {
		return ""
	}
	to, _, ok := d.place(target)
	switch {
	case !ok:
		return fmt.Sprintf("is no page of a content plugin, and Docusaurus leaves the %s's link to it as written", from.name())
	case to.kind != from.kind || to.id != from.id || to.path != from.path:
		return fmt.Sprintf("is a page of the %s, and Docusaurus leaves the %s's link to it as written (a content plugin resolves links to its own pages only)", to.name(), from.name())
	}
	return ""
}

// name names an instance in messages: "docs plugin", "docs plugin \"api\"".
func (in docusaurusInstance) name() string {
	if in.id == "" || in.id == "default" {
		return in.kind + " plugin"
	}
	return fmt.Sprintf("%s plugin %q", in.kind, in.id)
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
