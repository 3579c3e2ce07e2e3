// Package confirm is what checks all's markdown and links steps tell each
// other: the built site says which markdown must be read again, a built
// page's problem is placed at the markdown line that wrote it, a problem
// both found is said once, and the ids they found missing go to the crawl,
// which looks them up in the running pages (live.go).
package confirm

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// The markdown check judges the sources by what the gate knows of the
// generator; the links check judges what the generator really built. When
// checks all has both, each confirms the other: a broken link of a built
// page is placed at the markdown line that wrote it (the file a pull
// request changes), a problem both found is said once, and an anchor the
// sources cannot vouch for is no warning when the built page has it.
//
// The built site is the truth, so the links step runs first and the
// markdown step reads only what it cannot vouch for: a page not built (a
// README beside the docs), one whose built page is missing, and every page
// when the build is older than some source (a heading renamed since may
// break a link in another file), each config.Judged whole; and of the other
// pages, only the links the build found a problem at, config.Judged again for the
// markdown's own words. A page built after its source with no problem its
// markdown wrote is not read again: on a large site that is most of them,
// and parsing the markdown would otherwise cost many times what the links
// step does (make bench).

// Confirmation is what the two steps of checks all share: the markdown
// step fills sources, the links step the site's ids.
type Confirmation struct {
	built   func(file string) []string // the built files a markdown page may be
	sources *routes.Sources
	// site is the folder checked, and hasAnchor its ids, held by the links
	// step (the site is not read twice).
	site      string
	hasAnchor func(file, fragment string) (has, known bool)
	// keepAnchors: a fragment the sources write is not the id it becomes
	// (MyST resolves "#changes" to a heading's own id, or to nothing), so
	// a built page with id="changes" says nothing of the markdown's
	// #changes: those warnings stay.
	keepAnchors bool
	// readAll: the sources have findings no built page shows (the anchors
	// above, a link across docs versions), so every one is read.
	readAll bool
	// placed are the markdown places (file → line:col) of the links step's
	// problems; nil until it has run. whole are the pages read whole (no
	// built page vouches for them), and stale says every page is.
	placed map[string]map[[2]int]bool
	whole  map[string]bool
	stale  bool
	// md is the markdown check of the run: it parses a page once, to place
	// a built page's problem at its markdown line and to judge its links.
	md   *mdlinks.Checker
	opts mdlinks.Options // md's
	// files are the markdown files, listed once for both steps.
	files []string
}

// New is nil when the markdown pages cannot be mapped to the
// built ones in site: routes.json then says it (this repository's
// compiler), or the preset knows no output names and the build left no
// record of them (Docusaurus's come from doc ids and slugs; its
// .docusaurus/ folder records them), which is said on stderr.
func New(c *config.Config, site string, stderr io.Writer) *Confirmation {
	if c.Routes != "" {
		return nil
	}
	cf := &Confirmation{keepAnchors: c.Rules().DocLinks}
	cf.readAll = cf.keepAnchors || len(c.VersionFolders()) > 0
	o := c.MarkdownOptions()
	if !cf.keepAnchors {
		o.BuiltID = cf.builtID
	}
	o.Judge = cf.judge
	built, err := c.MarkdownOutputs(site)
	if err != nil {
		fmt.Fprintf(stderr, "checks: %v; the built pages' problems are not placed at their markdown lines\n", err)
	}
	if cf.built = built; built == nil {
		return nil
	}
	base := o.Rules.Base
	if c.Rules().Output == nil { // pages placed by the build's record: its URLs and base are the build's
		// A page built in several locales is taken at its URL in the
		// locale the record is of, the first: the one a translation of
		// that locale links to (preset.Layout.Pages). With no generator
		// known, a page's two usual names are two guesses: no URL.
		record := c.Generator() != nil
		o.PageURL = func(file string) (string, bool) {
			b := built(file)
			if len(b) == 0 || len(b) > 1 && !record {
				return "", false
			}
			return serve.PageURL(b[0]), true
		}
		if b, err := c.BasePath(site); err == nil {
			base = b
		}
	}
	cf.opts = o // md is made by register, with the files it lists
	cf.sources = routes.NewSources(cf.sourceLinks, base)
	return cf
}

// Register records each markdown page under the built files it may be,
// before the links step, which places a problem at its markdown line.
func (cf *Confirmation) Register(files []string) {
	cf.files = files
	cf.opts.Files = files // the check need not ask the OS for them
	cf.md = mdlinks.New(cf.opts)
	for _, f := range files {
		f = filepath.ToSlash(filepath.Clean(f))
		if built := cf.built(f); len(built) > 0 {
			cf.sources.Add(f, built)
		}
	}
}

// Order is the order checks all runs its steps in (markdown, links,
// browser): the links step first when it decides what the markdown step
// reads. They are reported in their own order whatever it is.
func (cf *Confirmation) Order(steps int) []int {
	order := make([]int, steps)
	for i := range order {
		order[i] = i
	}
	if cf != nil && steps > 1 {
		order[0], order[1] = 1, 0
	}
	return order
}

// LinksRan keeps what the links step found of the site in dir: its ids
// (hasAnchor; the site is not read twice), and the markdown places its
// problems were written at: the links the markdown step judges again, for
// its own words.
func (cf *Confirmation) LinksRan(dir string, hasAnchor func(file, fragment string) (has, known bool), l diag.List) {
	cf.site, cf.hasAnchor = dir, hasAnchor
	cf.placed = map[string]map[[2]int]bool{}
	for _, d := range l {
		file, line, col, ok := splitPlace(d.Source)
		if !ok {
			continue
		}
		if cf.placed[file] == nil {
			cf.placed[file] = map[[2]int]bool{}
		}
		cf.placed[file][[2]int{line, col}] = true
	}
}

// splitPlace reads "file:line:col", as routes.Sources writes a place.
func splitPlace(place string) (file string, line, col int, ok bool) {
	rest, c, ok1 := cutLast(place)
	file, l, ok2 := cutLast(rest)
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	return file, line, col, ok1 && ok2 && err1 == nil && err2 == nil
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// judge says whether the markdown step judges a link: every link of a page
// read whole (no built page vouches for it), else only those the build
// found a problem at.
func (cf *Confirmation) judge(file string, l mdscan.Link) bool {
	if cf.placed == nil || cf.readAll || cf.stale {
		return true
	}
	f := filepath.ToSlash(filepath.Clean(file))
	return cf.whole[f] || cf.placed[f][[2]int{l.Line, l.Col}]
}

// ToRead are the markdown files the markdown step must read (see above):
// all of them before the links step has run, or without a Confirmation.
func (cf *Confirmation) ToRead(files []string) []string {
	if cf == nil || cf.placed == nil || cf.readAll {
		return files
	}
	const (
		vouched = iota
		whole
		stale
	)
	status := make([]int, len(files))
	par.For(len(files), func(i int) { // two calls to the OS for each
		switch _, old, ok := cf.builtPage(files[i]); {
		case old:
			status[i] = stale
		case !ok:
			status[i] = whole
		}
	})
	if cf.stale = slices.Contains(status, stale); cf.stale {
		return files
	}
	cf.whole = map[string]bool{}
	var read []string
	for i, f := range files {
		key := filepath.ToSlash(filepath.Clean(f))
		if status[i] == whole {
			cf.whole[key] = true
		}
		if status[i] == whole || len(cf.placed[key]) > 0 {
			read = append(read, f)
		}
	}
	return read
}

// builtPage is the built file of a markdown page as diagnostics name it,
// and whether the source changed after it was built; ok is false when no
// built file is there.
func (cf *Confirmation) builtPage(file string) (page string, stale, ok bool) {
	for _, b := range cf.sources.Built(filepath.ToSlash(filepath.Clean(file))) {
		built, err := os.Stat(filepath.Join(cf.site, filepath.FromSlash(b)))
		if err != nil || !built.Mode().IsRegular() {
			continue
		}
		src, err := os.Stat(file)
		return filepath.ToSlash(filepath.Join(cf.site, b)), err != nil || src.ModTime().After(built.ModTime()), true
	}
	return "", false, false
}

// sourceLinks are the links of a markdown page, read by the markdown
// check (the places it reports are the same).
func (cf *Confirmation) sourceLinks(file string, src []byte) []routes.Link {
	links := cf.md.Links(file, src)
	out := make([]routes.Link, len(links))
	for i, l := range links {
		out[i] = routes.Link{Href: l.Dest, Line: l.Line, Col: l.Col, URL: func() string { return cf.md.URLOf(file, l) }, Rewritten: cf.md.Bundles(l)}
	}
	return out
}

// Once joins the markdown run and the links run of checks all (either
// nil when it did not run): a problem both found is said once, in the
// markdown (a page's markdown writes the link its built page has), with
// the built page that confirms it as a note; a markdown anchor the built
// page has is dropped. Their counts are made again.
//
// Two rules say which findings are one problem. With a Confirmation, a
// broken link or anchor of the build at a markdown place is the
// markdown's finding of that kind there. With or without one (routes.json
// places a built page's link at its markdown line too), a
// wrong-version-link of the build is the markdown's of the same file and
// href: the build's own links (a theme's) stay.
func Once(cf *Confirmation, md, site *diag.Run) {
	if md == nil || site == nil {
		return
	}
	// In the order they are printed, not the order the links step's
	// workers found them in: which built page says a problem and which
	// are its notes must not depend on timing.
	site.Diagnostics.Sort()
	if cf != nil && cf.hasAnchor != nil {
		sayOnce(md, site, samePlace, func(d diag.Diagnostic) string { return d.Location() + ": " + d.Message })
		site.Diagnostics = oncePerSource(site.Diagnostics)
		if !cf.keepAnchors {
			md.Diagnostics = cf.withoutBuiltAnchors(md.Diagnostics)
		}
	}
	sayOnce(md, site, sameVersionedLink, diag.Diagnostic.Location)
	recount(md)
	recount(site)
}

// A rule of Once: the key of a markdown finding and of a build's finding
// (fromSite), equal when they are one problem; "" for a finding the rule
// does not join.
type sameProblem func(d diag.Diagnostic, fromSite bool) string

// samePlace: a link no file answers is one problem whether the source or
// the build says so, and so is an anchor no element has; a broken link
// and a missing anchor at one place are two.
func samePlace(d diag.Diagnostic, fromSite bool) string {
	kind, place := map[string]string{registry.MarkdownLink: "link", registry.MarkdownImage: "link", registry.MarkdownAnchor: "anchor"}[d.Check], d.Location()
	if fromSite {
		kind, place = map[string]string{registry.BrokenLink: "link", registry.BrokenAnchor: "anchor"}[d.Check], d.Source
	}
	if kind == "" || place == "" {
		return ""
	}
	return kind + "\x00" + place
}

// sameVersionedLink: a wrong-version-link of one file's href.
func sameVersionedLink(d diag.Diagnostic, fromSite bool) string {
	file := d.File
	if fromSite {
		file = sourceFile(d.Source)
	}
	if d.Check != registry.WrongVersionLink || file == "" {
		return ""
	}
	return path.Clean(filepath.ToSlash(file)) + "\x00" + d.Href
}

// sayOnce drops each finding of site that same says is one of md's (the
// first of md's with its key), which takes its severity, if higher, and a
// note naming it.
func sayOnce(md, site *diag.Run, same sameProblem, named func(diag.Diagnostic) string) {
	at := map[string]int{}
	for i, d := range md.Diagnostics {
		if k := same(d, false); k != "" && !hasKey(at, k) {
			at[k] = i
		}
	}
	kept := site.Diagnostics[:0]
	for _, d := range site.Diagnostics {
		if i, ok := at[same(d, true)]; ok {
			m := &md.Diagnostics[i]
			m.Severity = max(m.Severity, d.Severity) // said once, never less severely
			m.Notes = append(m.Notes, "the build confirms it: "+named(d))
			continue
		}
		kept = append(kept, d)
	}
	site.Diagnostics = kept
}

// recount makes a run's counts again after its findings changed.
func recount(r *diag.Run) {
	r.Summary.Errors, r.Summary.Warnings = r.Diagnostics.Count(diag.Error), r.Diagnostics.Count(diag.Warning)
}

// sourceFile is the file of a markdown place: "file", "file:line" or
// "file:line:col".
func sourceFile(place string) string {
	for range 2 {
		if before, after, ok := cutLast(place); ok && after != "" && strings.Trim(after, "0123456789") == "" {
			place = before
		}
	}
	return place
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}

// oncePerSource says once a problem that several built pages show at one
// markdown place (a page built once a locale, each copy with the link):
// the first page's, the others' as notes.
func oncePerSource(l diag.List) diag.List {
	first := map[[2]string]int{}
	var out diag.List
	for _, d := range l {
		k := [2]string{d.Source, d.Check}
		if i, ok := first[k]; ok && d.Source != "" {
			out[i].Severity = max(out[i].Severity, d.Severity)
			out[i].Notes = append(out[i].Notes, fmt.Sprintf("the same link on %s: %s", d.Location(), d.Message))
			continue
		}
		first[k] = len(out)
		out = append(out, d)
	}
	return out
}

// withoutBuiltAnchors drops each markdown-anchor warning whose fragment
// the built page of its target has: the gate's heading ids are its best
// guess at the generator's, and a theme or plugin may add ids it does not
// know of. The built page is the truth.
func (cf *Confirmation) withoutBuiltAnchors(l diag.List) diag.List {
	out := l[:0]
	for _, d := range l {
		if d.Check == registry.MarkdownAnchor && cf.builtHas(d) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// builtHas reports whether a built page of the anchor's target page has
// its fragment (as written or percent-decoded, as a browser looks it up).
func (cf *Confirmation) builtHas(d diag.Diagnostic) bool {
	target, frag, ok := anchorOf(d)
	if !ok {
		return false
	}
	has, _ := cf.builtID(target, frag)
	return has
}

// anchorOf is the markdown file a markdown-anchor warning's link leads to
// and the fragment it names.
func anchorOf(d diag.Diagnostic) (target, frag string, ok bool) {
	_, frag, ok = strings.Cut(d.Href, "#")
	if !ok || frag == "" {
		return "", "", false
	}
	target = d.Target // "" for "#anchor" alone: the page itself
	if target == "" {
		target = d.File
	}
	return target, frag, true
}

// builtAnchors are the built pages a markdown-anchor warning's link leads
// to and the fragment it names there; none where the sources' fragments are
// not the built ids (keepAnchors).
func (cf *Confirmation) builtAnchors(d diag.Diagnostic) (pages []string, frag string) {
	target, frag, ok := anchorOf(d)
	if cf == nil || cf.keepAnchors || d.Check != registry.MarkdownAnchor || !ok {
		return nil, ""
	}
	return cf.sources.Built(path.Clean(target)), frag
}

// builtID says whether the built page of a markdown file has an id;
// known is false when it has no built page.
func (cf *Confirmation) builtID(file, id string) (has, known bool) {
	if cf.hasAnchor == nil { // the links step has not run
		return false, false
	}
	for _, b := range cf.sources.Built(path.Clean(file)) {
		if has, known := cf.hasAnchor(b, id); known {
			return has, true
		}
	}
	return false, false
}

// Files are the markdown files, listed once for both steps.
func (cf *Confirmation) Files() []string { return cf.files }

// Checker is the markdown check of the run, which parses each page once.
func (cf *Confirmation) Checker() *mdlinks.Checker { return cf.md }

// Sources place a built page's problem at its markdown line.
func (cf *Confirmation) Sources() *routes.Sources { return cf.sources }
