// Package preset holds what the gate knows of common site generators: how
// to recognise a project of each by its config file, where each reads its
// markdown and builds to, and what it does with the markdown's links and
// headings (mdlinks.Rules), so that `checks markdown` judges the sources as
// the generator will build them, before any build. A project names one in
// checks.json ("preset") or with --preset; with neither, the gate finds it
// by its config file. Whatever checks.json or a flag sets wins over it.
package preset

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Preset is one generator's defaults.
type Preset struct {
	Name string
	// About says what the preset assumes, for `checks presets`; Tested
	// names the builds its proof (make <name>-check) makes, "" for none.
	About, Tested string
	// Configs are the generator's config files, as globs relative to the
	// project root, the usual place first. Claims, when set, tells this
	// generator's file from another's of the same name.
	Configs []string
	Claims  func(config string, src []byte) bool
	// Beside, when set, is a file the config's folder holds too, or
	// Discover does not read it: Docsify's index.html sits beside
	// README.md, its home page, and a repository may hold thousands of
	// other index.html. Find, which tries the globs at one folder only,
	// reads it anyway (with basePath the home page is elsewhere).
	Beside string
	// Setup reads the config file found ("" for none) and lays the
	// project out: every path in the Layout is relative to the project root.
	Setup func(g Generator) Layout
	// BaseURL reads the path the build is served under from the build
	// itself; nil when the output does not say.
	BaseURL func(site string) (string, error)
	// Browser reads the DOM contract from the build, or is nil with
	// NoBrowser saying why there is none.
	Browser   func(site string) (browser.Contract, error)
	NoBrowser string
}

// Generator is a project of one generator as found on disk.
type Generator struct {
	Root   string    // the project root: where checks.json is, or the current folder
	Config string    // the config file, relative to Root; "" when none was found
	unread *[]string // the keys Value found computed, while Layout runs
	notes  *[]string // what else the preset could not model, while Layout runs
	// doc is the config as its parser reads it (a data config's, or a
	// JavaScript config's exported object: jsconfig.go), and docErr why it
	// could not be read; js is what else a JavaScript config says.
	doc    any
	docErr error
	js     jsConfig
}

// newGenerator is the project at root whose config file is config (a path
// from root), its text src, read by its language's parser.
func newGenerator(root, config string, src []byte) Generator {
	g := Generator{Root: root, Config: config}
	switch {
	case isDataConfig(config):
		g.doc, g.docErr = parseConfig(config, src)
	case isJSConfig(config):
		g.doc, g.js, g.docErr = parseJS(config, src)
	}
	return g
}

// Dir is the folder of the config file, relative to the root ("." when none).
func (g Generator) Dir() string { return filepath.Dir(g.Config) }

// Value is the literal value of a key in the config file: the value at a
// dotted path of keys ("theme.name", "build.format"), as the config
// language's parser reads it (for a JavaScript config, in the object it
// exports: jsconfig.go). A value the config computes is read as unset, and
// Layout names its key (Unread) so that the run can say so; checks.json
// then says what it is.
func (g Generator) Value(key string) string {
	v, found := lookup(g.doc, key)
	s, computed := scalar(v)
	if computed || !found && computedAbove(g.doc, key) {
		return g.computed(key)
	}
	return s
}

// computed notes a key whose value the config computes, and reads it as unset.
func (g Generator) computed(key string) string {
	if g.unread != nil && !slices.Contains(*g.unread, key) {
		*g.unread = append(*g.unread, key)
	}
	return ""
}

// note says what of the config the preset does not model.
func (g Generator) note(format string, args ...any) {
	if g.notes != nil {
		*g.notes = append(*g.notes, fmt.Sprintf("%s: ", filepath.Join(g.Root, g.Config))+fmt.Sprintf(format, args...))
	}
}

// FolderURL is a folder of pages and the URL folder it is served at, from
// the site's root, without the base URL ("/docs/1.1/").
type FolderURL struct{ Folder, URL string }

// Layout is where a project of a generator keeps things, relative to the
// project root, and what the generator does with the markdown's links.
type Layout struct {
	// Site is the folder the generator builds into.
	Site string
	// Markdown are the folders checks markdown reads (those that exist);
	// Exclude are globs of files in them that are no page.
	Markdown []string
	Exclude  []string
	// Public is the folder served at the site root.
	Public string
	// Versions are folder patterns whose matches are the generator's docs
	// versions (Docusaurus's versioned_docs/version-*), for checks.json's
	// "versions" rules that name no folder.
	Versions []string
	// VersionURLs are where the generator serves each docs folder's pages
	// (a version's, or the current docs', which may lie under a version's
	// URL), for the built pages of the "versions" rules.
	VersionURLs []FolderURL
	// Base is the path the site is served under, from the config ("").
	Base string
	// SiteURL is the site's own URL where the generator writes its links
	// as absolute URLs to it (Hugo's canonifyURLs): in the build, a link
	// to it is a link within the site.
	SiteURL string
	// PublicURL is the site's public URL as its config names it (Hugo's
	// baseURL, Jekyll's url and baseurl), "" when it names none: the
	// generator's redirect pages (Hugo's aliases, jekyll-redirect-from)
	// write their targets on it, so the comparison with the last deploy
	// follows them there. The link check does not take links to it for the
	// site's own (only SiteURL): the host may serve more than this build.
	PublicURL string
	// Unread are the config's keys the preset asked for whose values the
	// config computes: read as unset. Unreadable says why the config could
	// not be read at all (a YAML error at a line).
	Unread     []string
	Unreadable string
	// Notes say what else of the config the preset does not model.
	Notes []string
	// Rules are the generator's link and heading rules; their mounts are
	// relative to the project root.
	Rules mdlinks.Rules
	// Variant names a setting that changes the rules ("Material theme").
	Variant string
	// Pages, when set, reads the record a build of the site in site keeps
	// of which page each markdown file became, where Rules know no Output
	// (Docusaurus's .docusaurus/): the built files, relative to site, by
	// markdown file (relative to the current folder, slash-separated); a
	// page of a site in several locales may be built once in each.
	Pages func(site string) (map[string][]string, error)
}

// MarkdownIndex is docs/generators.md's table of presets: each one's
// name, linking to its section, the config files that name it, and what
// its proof builds.
func MarkdownIndex() string {
	var b strings.Builder
	b.WriteString("| preset | found by | proved on |\n|---|---|---|\n")
	for _, p := range All {
		found, proof := "named only", "the fixtures of `go test ./checks/checkscmd`"
		if len(p.Configs) > 0 {
			found = "`" + strings.Join(p.Configs, "`, `") + "`"
		}
		if p.Tested != "" {
			proof = fmt.Sprintf("%s (`make %s-check`)", p.Tested, p.Name)
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", p.Name, p.Name, found, proof)
	}
	return b.String()
}

// sentenceEnd is where About's sentences part: a full stop before a
// capital, so each becomes one item of a list a reader can scan.
var sentenceEnd = regexp.MustCompile(`\. ([A-Z])`)

// MarkdownSection is what docs/generators.md says p assumes: its About,
// a sentence an item.
func MarkdownSection(p Preset) string {
	return "- " + sentenceEnd.ReplaceAllString(p.About, ".\n- $1") + "\n"
}

// Lookup finds a preset by name; the error lists the known ones.
func Lookup(name string) (Preset, error) {
	i := slices.IndexFunc(All, func(p Preset) bool { return p.Name == name })
	if i < 0 {
		return Preset{}, fmt.Errorf("unknown preset %q: presets are %s (checks presets says what each assumes)", name, strings.Join(Names(), ", "))
	}
	return All[i], nil
}

// Names are the presets' names.
func Names() []string {
	out := make([]string, len(All))
	for i, p := range All {
		out[i] = p.Name
	}
	return out
}

// Find looks for the preset's config file under root: the first of its
// globs that matches a file the preset claims. ok is false when there is
// none; the Generator then stands at the root with no config.
func (p Preset) Find(root string) (Generator, bool) {
	for _, glob := range p.Configs {
		matches, _ := doublestar.FilepathGlob(filepath.Join(root, glob)) // {js,ts} alternatives
		for _, m := range matches {
			src, err := textfile.Read(m, textfile.MaxConfig) // a pipe or device is no config
			if err != nil {
				continue
			}
			if p.Claims != nil && !p.Claims(m, withoutComments(m, src)) {
				continue
			}
			rel, _ := filepath.Rel(root, m)
			return newGenerator(root, rel, src), true
		}
	}
	return Generator{Root: root}, false
}

// Found is a generator recognised by its config file.
type Found struct {
	Preset    Preset
	Generator Generator
}

// Detect finds the generators whose config files are under root, in the
// order of All (the more specific first: a Starlight project has an Astro
// config, a VitePress one may also have a README the gfm preset would read).
func Detect(root string) []Found {
	var out []Found
	for _, p := range All {
		if len(p.Configs) == 0 {
			continue
		}
		if g, ok := p.Find(root); ok {
			out = append(out, Found{p, g})
		}
	}
	return out
}

// Layout lays the project out by the preset, from the config file found
// under root (or its defaults when there is none).
func (p Preset) Layout(g Generator) Layout {
	var unread, notes []string
	g.unread, g.notes = &unread, &notes
	if m, ok := g.doc.(map[string]any); !ok && g.docErr == nil && isJSConfig(g.Config) {
		g.note("exports no object checks can read (%s): its settings are taken as unset", exported(g.doc))
	} else if spread, ok := m[jsSpread].([]any); ok {
		g.note("spreads %s into the object it exports, which checks does not read: a setting made there is taken as unset", exported(computedValue{"", spread}))
	}
	l := p.Setup(g)
	l.Unread, l.Notes = unread, notes
	if g.docErr != nil {
		var ce configError
		errors.As(g.docErr, &ce)
		l.Unreadable = fmt.Sprintf("%s (so the %s preset takes its settings as unset)", ce.at(filepath.Join(g.Root, g.Config)), p.Name)
	}
	at := func(q string) string {
		if q == "" {
			return ""
		}
		return filepath.Join(g.Root, q)
	}
	l.Site, l.Public = at(l.Site), at(l.Public)
	for i := range l.Markdown {
		l.Markdown[i] = at(l.Markdown[i])
	}
	for i := range l.Versions {
		l.Versions[i] = at(l.Versions[i])
	}
	for i := range l.VersionURLs {
		l.VersionURLs[i].Folder = at(l.VersionURLs[i].Folder)
	}
	for i := range l.Rules.Mounts {
		l.Rules.Mounts[i].Dir = at(l.Rules.Mounts[i].Dir)
	}
	if l.Rules.Generator == "" {
		l.Rules.Generator = p.Name
	}
	l.hostRoutes(g.Root)
	l.Rules.Base = l.Base
	return l
}

// withoutComments blanks the lines of a config file that are commented
// out, so that a setting or plugin turned off this way is not read: in
// JavaScript and TypeScript (and HTML, for its scripts) a line starting with // and a block that starts
// a line with /*, elsewhere (YAML, TOML, Python) a line starting with #.
// Comments after a value are left: the readers stop before them, and a #
// or // inside a string (a URL, a glob) must not cut it.
func withoutComments(name string, src []byte) []byte {
	js := slices.Contains([]string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".html"}, filepath.Ext(name)) // Docsify's config is a script of index.html
	lines := strings.SplitAfter(string(src), "\n")
	inBlock := false
	for i, line := range lines {
		t := strings.TrimSpace(line)
		blank := false
		switch {
		case inBlock:
			blank, inBlock = true, !strings.Contains(t, "*/")
		case js && strings.HasPrefix(t, "/*"):
			blank, inBlock = true, !strings.Contains(t[2:], "*/")
		case js && strings.HasPrefix(t, "//"), !js && strings.HasPrefix(t, "#"):
			blank = true
		}
		if blank {
			lines[i] = strings.Repeat(" ", len(strings.TrimRight(line, "\n"))) + line[len(strings.TrimRight(line, "\n")):]
		}
	}
	return []byte(strings.Join(lines, ""))
}

// hostRoutes reads the paths the host answers by its own configuration:
// a vercel.json beside the project, else at the root of its repository.
func (l *Layout) hostRoutes(root string) {
	for _, dir := range []string{root, gitindex.WorkTree(root)} {
		file := filepath.Join(dir, "vercel.json")
		if fi, err := os.Stat(file); dir == "" || err != nil || fi.IsDir() {
			continue
		}
		routes, err := serve.ReadVercel(file)
		if err != nil {
			l.Notes = append(l.Notes, fmt.Sprintf("%v: its redirects and rewrites are not read", err))
			return
		}
		l.Rules.Host.Routes = routes
		return
	}
}
