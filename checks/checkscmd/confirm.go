package checkscmd

import (
	"fmt"
	"github.com/devdocs-dev/devdocs/checks/config"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

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

// confirmation is what the two steps of checks all share: the markdown
// step fills sources, the links step the site's ids.
type confirmation struct {
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

// newConfirmation is nil when the markdown pages cannot be mapped to the
// built ones in site: routes.json then says it (this repository's
// compiler), or the preset knows no output names and the build left no
// record of them (Docusaurus's come from doc ids and slugs; its
// .docusaurus/ folder records them), which is said on stderr.
func newConfirmation(c *config.Config, site string, stderr io.Writer) *confirmation {
	if c.Routes != "" {
		return nil
	}
	cf := &confirmation{keepAnchors: c.Rules().DocLinks}
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

// register records each markdown page under the built files it may be,
// before the links step, which places a problem at its markdown line.
func (cf *confirmation) register(files []string) {
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

// order is the order checks all runs its steps in (markdown, links,
// browser): the links step first when it decides what the markdown step
// reads. They are reported in their own order whatever it is.
func (cf *confirmation) order(steps int) []int {
	order := make([]int, steps)
	for i := range order {
		order[i] = i
	}
	if cf != nil && steps > 1 {
		order[0], order[1] = 1, 0
	}
	return order
}

// found keeps the markdown places the links step's problems were written
// at: the links the markdown step judges again, for its own words.
func (cf *confirmation) found(l diag.List) {
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
func (cf *confirmation) judge(file string, l mdscan.Link) bool {
	if cf.placed == nil || cf.readAll || cf.stale {
		return true
	}
	f := filepath.ToSlash(filepath.Clean(file))
	return cf.whole[f] || cf.placed[f][[2]int{l.Line, l.Col}]
}

// toRead are the markdown files the markdown step must read (see above):
// all of them before the links step has run, or without a confirmation.
func (cf *confirmation) toRead(files []string) []string {
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
func (cf *confirmation) builtPage(file string) (page string, stale, ok bool) {
	for _, b := range cf.sources.Built(filepath.ToSlash(filepath.Clean(file))) {
		built, err := os.Stat(filepath.Join(cf.site, filepath.FromSlash(b)))
		if err != nil || !built.Mode().IsRegular() {
			continue
		}
		src, err := os.Stat(file)
		return joinPath(cf.site, b), err != nil || src.ModTime().After(built.ModTime()), true
	}
	return "", false, false
}

// sourceLinks are the links of a markdown page, read by the markdown
// check (the places it reports are the same).
func (cf *confirmation) sourceLinks(file string, src []byte) []routes.Link {
	links := cf.md.Links(file, src)
	out := make([]routes.Link, len(links))
	for i, l := range links {
		out[i] = routes.Link{Href: l.Dest, Line: l.Line, Col: l.Col, URL: func() string { return cf.md.URLOf(file, l) }, Rewritten: cf.md.Bundles(l)}
	}
	return out
}

// apply joins the markdown run and the links run of checks all: a problem
// both found stays once, in the markdown (with the built page that
// confirms it as a note), and a markdown anchor the built page has is
// dropped. Their counts are made again.
func (cf *confirmation) apply(md, site *diag.Run) {
	if cf == nil || md == nil || site == nil || cf.hasAnchor == nil {
		return
	}
	at := map[string]int{} // a markdown problem's place → its index
	for i, d := range md.Diagnostics {
		at[d.Location()] = i
	}
	var kept diag.List
	for _, d := range site.Diagnostics {
		if i, ok := at[d.Source]; ok && d.Source != "" && sameProblem(md.Diagnostics[i].Check, d.Check) {
			m := &md.Diagnostics[i]
			m.Severity = max(m.Severity, d.Severity) // said once, never less severely
			m.Notes = append(m.Notes, fmt.Sprintf("the build confirms it: %s: %s", d.Location(), d.Message))
			continue
		}
		kept = append(kept, d)
	}
	site.Diagnostics = oncePerSource(kept)
	if !cf.keepAnchors {
		md.Diagnostics = cf.withoutBuiltAnchors(md.Diagnostics)
	}
	for _, r := range []*diag.Run{md, site} {
		r.Summary.Errors, r.Summary.Warnings = r.Diagnostics.Count(diag.Error), r.Diagnostics.Count(diag.Warning)
	}
}

// onceVersioned says once a wrong-version-link both steps of checks all
// found: the markdown's (a page's markdown writes the link its built page
// has), with the built page as a note. The built page's own links (a
// theme's) stay. It runs with or without a confirmation: routes.json
// places a built page's link at its markdown line too.
func onceVersioned(md, site *diag.Run) {
	if md == nil || site == nil {
		return
	}
	key := func(file, href string) [2]string { return [2]string{path.Clean(filepath.ToSlash(file)), href} }
	at := map[[2]string]int{} // the first markdown finding of a link of a file
	for i, d := range md.Diagnostics {
		if k := key(d.File, d.Href); d.Check == registry.WrongVersionLink && !hasKey(at, k) {
			at[k] = i
		}
	}
	kept := site.Diagnostics[:0]
	for _, d := range site.Diagnostics {
		file := sourceFile(d.Source)
		if i, ok := at[key(file, d.Href)]; ok && d.Check == registry.WrongVersionLink && file != "" {
			m := &md.Diagnostics[i]
			m.Severity = max(m.Severity, d.Severity)
			m.Notes = append(m.Notes, fmt.Sprintf("the build confirms it: %s", d.Location()))
			continue
		}
		kept = append(kept, d)
	}
	site.Diagnostics = kept
	for _, r := range []*diag.Run{md, site} {
		r.Summary.Errors, r.Summary.Warnings = r.Diagnostics.Count(diag.Error), r.Diagnostics.Count(diag.Warning)
	}
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

// sameProblem: a link no file answers is one problem whether the source
// or the build says so, and so is an anchor no element has; a broken link
// and a missing anchor at one place are two.
func sameProblem(markdownCheck, siteCheck string) bool {
	switch siteCheck {
	case registry.BrokenLink:
		return markdownCheck == registry.MarkdownLink || markdownCheck == registry.MarkdownImage
	case registry.BrokenAnchor:
		return markdownCheck == registry.MarkdownAnchor
	}
	return false
}

// withoutBuiltAnchors drops each markdown-anchor warning whose fragment
// the built page of its target has: the gate's heading ids are its best
// guess at the generator's, and a theme or plugin may add ids it does not
// know of. The built page is the truth.
func (cf *confirmation) withoutBuiltAnchors(l diag.List) diag.List {
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
func (cf *confirmation) builtHas(d diag.Diagnostic) bool {
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
func (cf *confirmation) builtAnchors(d diag.Diagnostic) (pages []string, frag string) {
	target, frag, ok := anchorOf(d)
	if cf == nil || cf.keepAnchors || d.Check != registry.MarkdownAnchor || !ok {
		return nil, ""
	}
	return cf.sources.Built(path.Clean(target)), frag
}

// builtID says whether the built page of a markdown file has an id;
// known is false when it has no built page.
func (cf *confirmation) builtID(file, id string) (has, known bool) {
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
