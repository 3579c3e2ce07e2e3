// Package config is checks.json: the settings a project writes once, read
// strictly (a key it does not know, a value of the wrong type, a release it
// requires: each an error at its file:line:col), laid over the preset of
// the generator found or named, and split among the docs projects of a
// repository, each judging its own markdown.
package config

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/preset"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/checks/serve"
	"github.com/devdocs-dev/devdocs/checks/versionlinks"
)

// Name is the file a project keeps its settings in.
const Name = "checks.json"

// Config is checks.json: what a project sets once. A preset fills what the
// file leaves out; flags override both. After loading, the paths in it are
// relative to the current directory, wherever the file was.
type Config struct {
	// Schema is the URL of checks.schema.json, for editors; unused here.
	Schema string `json:"$schema"`
	// Requires is the oldest release of checks this file is written for
	// ("v1.4.0"): an older binary stops and names it (requires.go).
	Requires string `json:"requires"`
	// Preset names a generator whose defaults apply (preset.Names); with
	// none, the generator whose config file is found applies.
	Preset string `json:"preset"`
	// Site is the folder the site is built into, for checks all and for
	// links and browser when no DIR is named.
	Site string `json:"site"`
	// Routes is the generator's routes.json (pages ↔ markdown sources).
	Routes string `json:"routes"`
	// Previous is the last deploy: its build's folder, its sitemap (a
	// file or an http(s) URL) or a list of its URLs; checks links finds
	// the URLs and ids it served that the new build lost (checks/deploys).
	Previous string `json:"previous"`
	// Levels by check id (registry.All).
	Levels map[string]registry.Level `json:"levels"`
	// Host names the static host the site is served by (serve.Profiles:
	// "github-pages", "netlify", …); "" is serve.Default. Its rules decide
	// which files answer a link; cleanUrls, when set, overrides its own.
	Host      string `json:"host"`
	CleanURLs *bool  `json:"cleanUrls"`
	SiteURL   string `json:"siteUrl"`
	BaseURL   string `json:"baseUrl"`
	// Ignore holds regular expressions; a link whose href matches one is not checked.
	Ignore []string `json:"ignore"`
	// IgnorePaths holds regular expressions; the links of a page whose path
	// in the site matches one are not checked (its anchors still count).
	IgnorePaths []string `json:"ignorePaths"`
	// ScriptFragments are fragments a generator's script handles on its
	// pages, which no element needs to hold.
	ScriptFragments []ScriptFragment `json:"scriptFragments"`
	Markdown        Markdown         `json:"markdown"`
	// Versions are the rules that hold versioned docs pages' links to
	// their version (checks/versionlinks); their folders are versions too.
	Versions []versionlinks.Rule `json:"versions"`
	// Browser is the DOM the browser checks expect; nil: none configured,
	// and the browser checks do not apply.
	Browser *browser.Contract `json:"browser"`
	// Crawl, when set, puts the crawl of every page (checks browser
	// --crawl) in checks all, with these defaults.
	Crawl *CrawlConfig `json:"crawl"`

	// file is where the config was read from ("" for none); preset is
	// the one in force, if any, and rules its link and heading rules.
	file   string
	preset *preset.Preset
	rules  mdlinks.Rules
	// pages reads the generator's record of which page each markdown file
	// built (preset.Layout.Pages); nil when it keeps none.
	pages func(site string) (map[string][]string, error)
	// notes say which preset is in force and why (stderr, not --quiet);
	// noPresetMarkdown says why the preset found no markdown folder.
	notes            []string
	noPresetMarkdown string
	// generatorBase is the base URL the generator's config sets, which
	// applies to the folder it builds into (generatorSite), and
	// generatorSiteURL the URL it writes the site's links on.
	generatorBase, generatorSite, generatorSiteURL string
	// generatorPublicURL the site's public URL its config names.
	generatorPublicURL string
	// set is the docs projects found when no preset is named (projects.go).
	set projectSet
	// files, when set, lists the files at or below a folder to find the
	// docs projects among (git's index, for --staged); nil: git's list of
	// the work tree.
	files func(root string) []string
	// scriptFragment is ScriptFragments compiled; nil when there are none.
	scriptFragment func(page, fragment string) bool
	// presetVersions are the version folders of the preset in force, for
	// the versions rules that name none; presetVersionURLs where it serves
	// each docs folder, for the built pages.
	presetVersions    []string
	presetVersionURLs []preset.FolderURL
}

// CrawlConfig is "crawl" in checks.json: its presence puts the crawl in
// checks all (as "browser" does the contract checks); its keys are the
// defaults of the flags.
type CrawlConfig struct {
	Sample      int    `json:"sample"`      // pages to open, spread over the site; 0 for all
	Tabs        int    `json:"tabs"`        // pages loading at once (crawl.go in checks/browser: windowing)
	PageTimeout string `json:"pageTimeout"` // a Go duration, "10s"
	Quiet       string `json:"quiet"`       // a Go duration: how long a settled page stays open
}

// CrawlDefault is what the crawl does where neither checks.json nor a
// flag says: every page, tabs by the browser (0 for both), and its time
// limits. The flags and checks.schema.json state these.
var CrawlDefault = struct {
	Sample, Tabs       int
	PageTimeout, Quiet time.Duration
}{PageTimeout: 10 * time.Second, Quiet: time.Second}

// ScriptFragment describes fragments that a page's own script handles,
// such as the line ranges of rustdoc's source views ("#L12-L20"): a link
// with one is not a broken anchor.
type ScriptFragment struct {
	// Fragment is a regular expression on the fragment, without the '#'.
	Fragment string `json:"fragment"`
	// Pages is a glob on the linked page's path in the site ("src/**");
	// empty: every page.
	Pages string `json:"pages"`
}

// Markdown is the layout of a repository's markdown for `checks markdown`.
type Markdown struct {
	// Paths are the folders and files checked when none are named.
	Paths []string `json:"paths"`
	// Public is the folder served at the site root, for absolute image paths.
	Public string `json:"public"`
	// Versions are folder patterns ("content/api/*"); each match is a docs
	// version that links may not enter from outside.
	Versions []string `json:"versions"`
	// Exclude are globs of files never checked ("testdata/**"): fixtures
	// that are broken on purpose. Links into them still resolve.
	Exclude []string `json:"exclude"`
}

func defaultLevels() map[string]registry.Level {
	levels := map[string]registry.Level{}
	for _, c := range registry.All {
		levels[c.ID] = c.Level
	}
	return levels
}

// Find is the config file to read: the one named, else checks.json in
// the current directory, else at the root of the git work tree around it
// ("" when there is none; only a named file must exist).
func Find(named string) (string, bool) {
	if named != "" {
		return named, true
	}
	if _, err := os.Stat(Name); err == nil {
		return Name, false
	}
	if root := gitRoot(); root != "" {
		if _, err := os.Stat(filepath.Join(root, Name)); err == nil {
			return filepath.Join(root, Name), false
		}
	}
	return "", false
}

// gitRoot is the nearest folder at or above the current one holding .git
// (a folder, or a file in a linked work tree); "" outside a work tree.
func gitRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	return gitindex.WorkTree(dir)
}

// PublishedSite is the folder the host publishes, where its configuration
// names one that is there (netlify.toml's [build] publish, from its
// base): the site checked when none is named. "" for none.
func PublishedSite(host string) string {
	h, _ := serve.Profile(host)
	p := h.PublishFolder(HostConfigTop())
	if p == "" || IsDir(p) != nil {
		return ""
	}
	return Relative(p)
}

// SiteDir is the built site a command checks: the one named (named holds
// at most one), else "site", else the folder the host publishes (host:
// the one given, else "host"); "" for none.
func (c *Config) SiteDir(named []string, host string) string {
	dir := c.Site
	if len(named) == 1 {
		dir = named[0]
	}
	if dir == "" {
		dir = PublishedSite(cmp.Or(host, c.Host))
	}
	return dir
}

// HostConfigTop is the folder a host's configuration file is looked up
// to (serve.ConfigTop: the repository's root).
func HostConfigTop() string { return serve.ConfigTop() }

// repositories answers the git work tree a file is in ("" for none), each
// folder looked up once; safe for the markdown check's workers.
func repositories() func(file string) string {
	var mu sync.Mutex
	cache := map[string]string{}
	return func(file string) string {
		dir, err := filepath.Abs(filepath.Dir(file))
		if err != nil {
			return ""
		}
		mu.Lock()
		defer mu.Unlock()
		root, ok := cache[dir]
		if !ok {
			root = gitindex.WorkTree(dir)
			cache[dir] = root
		}
		return root
	}
}

// Source is what a run's config is read from.
type Source struct {
	// File is the config file to read ("" for none: the defaults and the
	// generator's); Preset the --preset named ("" for none).
	File, Preset string
	// Named are the paths the command was given: a project is looked for
	// above them too.
	Named []string
	// Files, when set, lists the files at or below a folder to find the
	// docs projects among (git's index, for --staged); nil: git's list of
	// the work tree.
	Files func(root string) []string
	// Release is the running binary's release ("v1.3.0"; "" for a build
	// that is none), which the file's "requires" is held to.
	Release string
}

// Load reads src.File and applies the preset named by src.Preset or by the
// file, else the docs projects found.
func Load(src Source) (*Config, error) {
	c := &Config{files: src.Files}
	if src.File != "" {
		if err := c.read(src.File, src.Release); err != nil {
			return nil, err
		}
	}
	if c.Levels == nil {
		c.Levels = defaultLevels()
	}
	if err := c.applyPreset(cmp.Or(src.Preset, c.Preset), src.Named); err != nil {
		return c, err
	}
	if c.preset == nil && len(c.set.found) == 0 && slices.ContainsFunc(c.Versions, func(r versionlinks.Rule) bool { return r.Pages == "" }) {
		c.notes = append(c.notes, fmt.Sprintf("a \"versions\" rule of %s names no \"pages\", and no generator's project is here to give its docs versions folders: the rule applies to no page; name its folders", Name))
	}
	return c, nil
}

// read decodes the file strictly and checks what its keys say, each
// error at its place in the file.
func (c *Config) read(file, release string) error {
	raw, err := textfile.Read(file, textfile.MaxConfig)
	if err != nil {
		return err
	}
	// An editor may begin the file with a byte order mark, which JSON
	// does not allow and no one sees: it is not read as a stray 'ï'.
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	f := &jsonFile{name: file, raw: raw}
	if err := f.checkRequiresFirst(release); err != nil {
		return err
	}
	if err := f.decode(Config{}, c); err != nil {
		return err
	}
	if err := f.checkRequires(c.Requires, release); err != nil {
		return err
	}
	if err := f.checkKeysSince(c.Requires); err != nil {
		return err
	}
	if err := c.checkValues(f, raw); err != nil {
		return err
	}
	c.file = file
	c.rebase(filepath.Dir(file))
	return checkVersions(c.Versions, f)
}

// checkValues checks the values the decoding took, naming the key of one
// that is wrong, and lays the browser contract and levels over their
// defaults.
func (c *Config) checkValues(f *jsonFile, raw []byte) error {
	if _, err := ParseBase(c.BaseURL, c.SiteURL); err != nil {
		key := "siteUrl"
		if c.BaseURL != "" {
			key = "baseUrl"
		}
		return fmt.Errorf("%s: %v", f.pos(key), err)
	}
	if c.Browser != nil { // the file's keys over the defaults
		contract := browser.DefaultContract()
		var doc struct{ Browser *browser.Contract }
		doc.Browser = &contract
		if err := json.Unmarshal(raw, &doc); err != nil {
			return fmt.Errorf("%s: %v", f.name, err)
		}
		c.Browser = doc.Browser
	}
	levels := c.Levels
	c.Levels = defaultLevels()
	for k, v := range levels {
		if err := c.SetLevel(k, string(v)); err != nil {
			return fmt.Errorf("%s: %v", f.pos("levels."+k), err)
		}
	}
	var err error
	if c.scriptFragment, err = compileScriptFragments(c.ScriptFragments, f); err != nil {
		return err
	}
	if c.Preset != "" {
		if _, err := preset.Lookup(c.Preset); err != nil {
			return fmt.Errorf("%s: %v", f.pos("preset"), err)
		}
	}
	if _, ok := serve.Profile(c.Host); !ok {
		return fmt.Errorf("%s: %v", f.pos("host"), UnknownHost(c.Host))
	}
	return nil
}

// rebase makes the file's paths, written relative to the file, relative to
// the current directory.
func (c *Config) rebase(dir string) {
	if dir == "." {
		return
	}
	at := func(p string) string {
		if p == "" || filepath.IsAbs(p) || strings.HasPrefix(p, "https://") || strings.HasPrefix(p, "http://") {
			return p
		}
		return Relative(filepath.Join(dir, p))
	}
	c.Site, c.Routes, c.Previous, c.Markdown.Public = at(c.Site), at(c.Routes), at(c.Previous), at(c.Markdown.Public)
	for i := range c.Markdown.Paths {
		c.Markdown.Paths[i] = at(c.Markdown.Paths[i])
	}
	for i := range c.Markdown.Versions {
		c.Markdown.Versions[i] = at(c.Markdown.Versions[i])
	}
	for i := range c.Versions {
		c.Versions[i].Pages = at(c.Versions[i].Pages)
	}
}

// checkVersions stops at a versions rule that cannot be used, at its line
// in the file. A rule with no pages takes the preset's folders, later.
func checkVersions(rules []versionlinks.Rule, f *jsonFile) error {
	rules = slices.Clone(rules)
	for i := range rules {
		if rules[i].Pages == "" {
			rules[i].Pages = "."
		}
	}
	_, err := versionlinks.Compile(rules)
	var e *versionlinks.Error
	if errors.As(err, &e) {
		key := fmt.Sprintf("versions[%d]", e.Rule)
		switch {
		case e.Link >= 0:
			key = fmt.Sprintf("%s.links[%d]", key, e.Link)
		case e.URL != "":
			key = fmt.Sprintf("%s.urls.%s (key)", key, e.URL)
		}
		return f.errorAt(f.at[key], e.Msg)
	}
	return err
}

// versionRules are the versions rules, each that names no pages once for
// every version folder of the preset (none: it applies to no page).
func (c *Config) versionRules() []versionlinks.Rule {
	var out []versionlinks.Rule
	for _, r := range c.Versions {
		if r.Pages != "" {
			out = append(out, r)
			continue
		}
		for _, v := range c.presetVersions {
			out = append(out, versionlinks.Rule{Pages: v, Links: r.Links})
		}
	}
	return out
}

// versioned is the versions rules compiled; nil when there are none.
func (c *Config) versioned() *versionlinks.Set {
	rules := c.versionRules()
	if len(rules) == 0 {
		return nil
	}
	set, err := versionlinks.Compile(rules) // checked as the file was read
	if err != nil {
		return nil
	}
	return set
}

// BuiltVersions is how links.Options.Versioned judges a built page's
// links (nil without versions rules): by the page's version, which its
// markdown source's folder gives where routes.json names it, else the
// URL folder it is served under (the rules' urls, the preset's versions).
func (c *Config) BuiltVersions(table *routes.Table) func(page string) func(url string) string {
	set := c.versioned()
	if set == nil {
		return nil
	}
	for _, f := range c.presetVersionURLs {
		set.Served(f.Folder, f.URL)
	}
	return func(page string) func(url string) string {
		version, rule := set.At(serve.PageURL(page))
		if src := table.Source(page, ""); src != "" {
			version, rule = set.Version(src)
		}
		if rule < 0 {
			return nil
		}
		return func(url string) string { return set.JudgeIn(version, rule, url) }
	}
}

// VersionFolders are the folder patterns whose matches are docs versions:
// markdown.versions, and the folders of the versions rules.
func (c *Config) VersionFolders() []string {
	out := slices.Clone(c.Markdown.Versions)
	for _, r := range c.versionRules() {
		out = append(out, r.Pages)
	}
	return out
}

// Relative names a path from the current directory when it can.
func Relative(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, abs); err == nil {
		return rel
	}
	return abs
}

// applyPreset fills what the file left empty from the preset named (by
// flag or file), or else from the docs projects found at and below the
// project root (projects.go). named are the paths given on the command
// line: a project is looked for above them too.
func (c *Config) applyPreset(name string, named []string) error {
	if name == "" {
		return c.discover(named)
	}
	p, g, err := c.choosePreset(name, append(namedRoots(named), c.projectRoots()...))
	if err != nil {
		return err
	}
	c.useLayout(p, g, p.Layout(g))
	return nil
}

// useLayout fills what the file left empty from the layout of a project
// of preset p found at g.
func (c *Config) useLayout(p *preset.Preset, g preset.Generator, l preset.Layout) {
	c.Preset, c.preset = p.Name, p
	if l.Unreadable != "" {
		c.notes = append(c.notes, l.Unreadable)
	}
	c.notes = append(c.notes, l.Notes...)
	if len(l.Unread) > 0 {
		c.notes = append(c.notes, fmt.Sprintf("%s computes %s, which checks does not run: taken as unset; if that is not what the build uses, set it in %s", filepath.Join(g.Root, g.Config), strings.Join(l.Unread, ", "), Name))
	}
	c.rules, c.pages = l.Rules, l.Pages
	if c.Site == "" && l.Site != "" {
		c.Site = Relative(l.Site)
	}
	if len(c.Markdown.Paths) == 0 {
		c.Markdown.Paths = existing(l.Markdown)
		if len(c.Markdown.Paths) == 0 && len(l.Markdown) > 0 {
			c.noPresetMarkdown = fmt.Sprintf("the %s preset reads markdown from %s, and none of it is here: run in the project's folder, or name the folders in %s (\"markdown\": {\"paths\": […]})",
				p.Name, strings.Join(l.Markdown, ", "), Name)
		}
	}
	// The layout's globs are written from the project's root, excluded
	// reads them from the folder of checks.json (or here).
	from := "."
	if c.file != "" {
		from = filepath.Dir(c.file)
	}
	at, err := relTo(from, g.Root)
	if err != nil {
		at = "."
	}
	c.Markdown.Exclude = slices.Clone(c.Markdown.Exclude)
	for _, e := range l.Exclude {
		c.Markdown.Exclude = append(c.Markdown.Exclude, path.Join(filepath.ToSlash(at), e))
	}
	if c.Markdown.Public == "" && l.Public != "" {
		c.Markdown.Public = Relative(l.Public)
	}
	for i, m := range c.rules.Mounts {
		c.rules.Mounts[i].Dir = Relative(m.Dir)
	}
	c.generatorBase, c.generatorSite, c.generatorSiteURL, c.generatorPublicURL = l.Base, l.Site, l.SiteURL, l.PublicURL
	c.presetVersions, c.presetVersionURLs = nil, nil
	for _, v := range l.Versions {
		c.presetVersions = append(c.presetVersions, Relative(v))
	}
	for _, f := range l.VersionURLs {
		c.presetVersionURLs = append(c.presetVersionURLs, preset.FolderURL{Folder: Relative(f.Folder), URL: f.URL})
	}
	if len(c.presetVersions) == 0 && slices.ContainsFunc(c.Versions, func(r versionlinks.Rule) bool { return r.Pages == "" }) {
		c.notes = append(c.notes, fmt.Sprintf("a \"versions\" rule of %s names no \"pages\", and the %s preset knows no docs versions folder: the rule applies to no page; name its folders", Name, p.Name))
	}
}

// SiteURLAt is the site's own URL: siteUrl (flag or file), else the one the
// generator writes its links on, for the folder it builds into.
func (c *Config) SiteURLAt(dir string) string {
	if c.SiteURL == "" && c.generatorSiteURL != "" && SameDir(dir, c.generatorSite) {
		return c.generatorSiteURL
	}
	return c.SiteURL
}

// PublicURLAt is the site's public URL: its own URL (SiteURLAt), else
// the one its generator's config names, for the folder it builds into.
func (c *Config) PublicURLAt(dir string) string {
	if u := c.SiteURLAt(dir); u != "" || !SameDir(dir, c.generatorSite) {
		return u
	}
	return c.generatorPublicURL
}

// existing are the folders of dirs that are there, named from here.
func existing(dirs []string) []string {
	var out []string
	for _, dir := range dirs {
		if _, err := os.Stat(dir); err == nil {
			out = append(out, Relative(dir))
		}
	}
	return out
}

// projectRoots are where a generator's config file is looked for: the
// folder of checks.json; without one, here and then the root of the git
// work tree (a pre-commit hook runs there, a maintainer anywhere).
func (c *Config) projectRoots() []string {
	if c.file != "" {
		return []string{filepath.Dir(c.file)}
	}
	roots := []string{"."}
	if top := gitRoot(); top != "" && !SameDir(top, ".") {
		roots = append(roots, Relative(top))
	}
	return roots
}

// namedRoots are the folders a named path is in and those above it, up to
// the root of its git work tree: where the config of the project that owns
// it may be.
func namedRoots(named []string) []string {
	var out []string
	for _, p := range named {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if st, err := os.Stat(abs); err != nil || !st.IsDir() {
			abs = filepath.Dir(abs)
		}
		top := gitindex.WorkTree(abs)
		for dir := abs; ; dir = filepath.Dir(dir) {
			out = append(out, Relative(dir))
			if dir == top || dir == filepath.Dir(dir) || top == "" && SameDir(dir, ".") {
				break
			}
		}
	}
	return out
}

// choosePreset is the preset named, with the config file of the first of
// roots that has one. It notes a named preset that the project's config
// files contradict.
func (c *Config) choosePreset(name string, roots []string) (*preset.Preset, preset.Generator, error) {
	p, err := preset.Lookup(name)
	if err != nil {
		return nil, preset.Generator{}, err
	}
	root := roots[0]
	g, ok := p.Find(root)
	for _, r := range roots[1:] {
		if ok {
			break
		}
		if g2, ok2 := p.Find(r); ok2 {
			g, ok, root = g2, true, r
		}
	}
	if !ok && len(p.Configs) > 0 {
		for _, f := range preset.Detect(root) {
			c.notes = append(c.notes, fmt.Sprintf("the %s preset is named, but %s is a %s config and no %s config is here; --preset %s, or the folders in %s, if that is what builds the site",
				name, filepath.Join(root, f.Generator.Config), f.Preset.Name, name, f.Preset.Name, Name))
			break
		}
	}
	return &p, g, nil
}

// BrowserContract is the contract of the site in dir: checks.json's, else
// what the preset reads from the build. The error says why there is none.
func (c *Config) BrowserContract(dir string) (browser.Contract, error) {
	switch {
	case c.Browser != nil:
		return *c.Browser, nil
	case c.preset == nil:
		return browser.Contract{}, noContract("")
	case c.preset.Browser == nil:
		return browser.Contract{}, noContract(c.preset.NoBrowser)
	}
	contract, err := c.preset.Browser(dir)
	if err != nil {
		return browser.Contract{}, noContract(err.Error())
	}
	return contract, nil
}

func noContract(why string) error {
	if why == "" {
		return fmt.Errorf(`no browser contract configured ("browser" in %s)`, Name)
	}
	return fmt.Errorf(`no browser contract configured ("browser" in %s; %s)`, Name, why)
}

// compileScriptFragments turns the configured fragments into one test,
// naming the place in the file of any that is wrong.
func compileScriptFragments(sfs []ScriptFragment, f *jsonFile) (func(page, fragment string) bool, error) {
	if len(sfs) == 0 {
		return nil, nil
	}
	type compiled struct {
		re    *regexp.Regexp
		pages string
	}
	var all []compiled
	for i, sf := range sfs {
		at := f.errorAt(f.at[fmt.Sprintf("scriptFragments[%d]", i)], "")
		re, err := regexp.Compile(sf.Fragment)
		switch {
		case sf.Fragment == "":
			return nil, fmt.Errorf(`%s"fragment" is missing: a regular expression on the fragment, e.g. "^L[0-9]+-L[0-9]+$"`, at)
		case err != nil:
			return nil, fmt.Errorf("%sfragment %q: %v", at, sf.Fragment, err)
		case sf.Pages != "" && !doublestar.ValidatePattern(sf.Pages):
			return nil, fmt.Errorf("%spages %q is not a valid glob", at, sf.Pages)
		}
		all = append(all, compiled{re, sf.Pages})
	}
	return func(page, fragment string) bool {
		for _, c := range all {
			if c.re.MatchString(fragment) && (c.pages == "" || doublestar.MatchUnvalidated(c.pages, page)) {
				return true
			}
		}
		return false
	}, nil
}

// BasePath is the path the site in dir is served under: baseUrl (flag or
// file), else the path of siteUrl, else what the preset reads from the
// build. A base URL set to "/" is set: the preset does not guess over it.
func (c *Config) BasePath(dir string) (string, error) {
	switch {
	case c.BaseURL != "" || c.SiteURL != "" || c.preset == nil:
		return ParseBase(c.BaseURL, c.SiteURL)
	case c.preset.BaseURL != nil:
		return c.preset.BaseURL(dir)
	case c.generatorBase != "" && SameDir(dir, c.generatorSite):
		return c.generatorBase, nil
	}
	return "", nil
}

// SameDir reports whether two paths name one folder.
func SameDir(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// SetLevel sets a check's level, by the words of checks.json and the
// --on-<id> flags; an unknown check or level is an error.
func (c *Config) SetLevel(check, level string) error {
	if _, known := registry.Lookup(check); !known {
		ids := registry.IDs(registry.All)
		if s := editdist.Closest(check, ids); s != "" {
			return fmt.Errorf("unknown check %q; did you mean %q?", check, s)
		}
		return fmt.Errorf("unknown check %q; checks are %s", check, strings.Join(ids, ", "))
	}
	l, err := registry.ParseLevel(level)
	if err != nil {
		return fmt.Errorf("level %q for %s: %v", level, check, err)
	}
	c.Levels[check] = l
	return nil
}

// Apply sets each diagnostic's severity from its check's level and drops ignored ones.
func (c *Config) Apply(l diag.List) diag.List {
	var out diag.List
	for _, d := range l {
		switch c.Levels[d.Check] {
		case registry.Ignore:
			continue
		case registry.Log:
			d.Severity = diag.Info
		case registry.Warn:
			d.Severity = diag.Warning
		case registry.Throw:
			d.Severity = diag.Error
		}
		out = append(out, d)
	}
	return out
}

// ApplyHints keeps the hints of checks that are reported: a hint about
// findings the run drops (level ignore) would explain nothing shown.
func (c *Config) ApplyHints(hints []diag.Hint) []diag.Hint {
	var out []diag.Hint
	for _, h := range hints {
		if c.Levels[h.Check] != registry.Ignore {
			out = append(out, h)
		}
	}
	return out
}

// StaticHost is the static host the site is checked against: the profile named
// (flag or file), with cleanUrls over its own rule when that is set.
func (c *Config) StaticHost() serve.Host {
	h, _ := serve.Profile(c.Host) // validated when read
	if c.CleanURLs != nil {
		h.CleanURLs = *c.CleanURLs
	}
	h.Routes = c.rules.Host.Routes // the project's own host config (vercel.json), which its preset read
	return h
}

// UnknownHost is the error of a host name that no profile has.
func UnknownHost(name string) error {
	names := serve.ProfileNames()
	if s := editdist.Closest(name, names); s != "" {
		return fmt.Errorf("unknown host %q; did you mean %q?", name, s)
	}
	return fmt.Errorf("unknown host %q; hosts are %s", name, strings.Join(names, ", "))
}
