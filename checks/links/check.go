package links

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/external"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Options control resolution.
type Options struct {
	Host    serve.Host
	SiteURL string
	// BasePath is the path the site is served under, "/sub/", or "" for the
	// root (see NormalizeBase). Links outside it leave the site.
	BasePath string
	// Ignore reports true for hrefs the user asked not to check.
	Ignore func(href string) bool
	// SkipPage reports true for pages whose links are not to be checked.
	SkipPage func(path string) bool
	// ScriptFragment reports true for a fragment that the page's own script
	// handles (a line range in a source view): it needs no element.
	ScriptFragment func(page, fragment string) bool
	// Progress, when set, is told after each page how many of how many are done.
	Progress func(done, total int)
	// CollectExternal gathers links to other sites into Stats.External.
	CollectExternal bool
	// Gists keeps each page's gist, when the site is read for outlines
	// (Stats.Gist): the comparison with the last deploy suggests where a
	// removed page went by them.
	Gists bool
	// OnPage, when set, is given each page as read, on the worker that
	// read it (workers call it at once): a deploy record is written so.
	OnPage func(*htmlsite.Page)
	// Versioned, when set, is how the links to other sites of a page (its
	// path in the site) are judged by their URL: what is wrong with one at
	// a docs version other than the page's (wrong-version-link), "" when
	// nothing is; nil for a page of no docs version.
	Versioned func(page string) func(url string) string
}

// Stats counts what was checked.
type Stats struct {
	Pages, Links int
	// External maps each absolute URL to where it is linked from.
	External map[string][]external.Use
	// Hints are the likely causes behind many of the findings (hints.go),
	// said once for the run rather than on every finding.
	Hints []diag.Hint
	// HasAnchor answers from the ids the check already holds (the site is
	// not read again) whether a reader following a link to fragment on
	// file, a path in the site, arrives at it: known is false when file is
	// no page of the site, or its redirects lead to none or drop the
	// fragment. checks all asks it of the markdown's anchors.
	HasAnchor func(file, fragment string) (has, known bool)
	// RedirectsTo is the file (a path in the site) a page sends its reader
	// to at once, if it does: a stub, no page of its own.
	RedirectsTo func(file string) (string, bool)
	// Page is what the check holds of a page it read (a path in the
	// site): its ids, and its redirect (Href, KeepsHash, Script and
	// Delayed; no place) when it is a stub, or has a meta refresh after a
	// delay. The comparison with the last deploy
	// (checks/deploys) asks it rather than read the site again.
	Page func(file string) (ids htmlsite.Anchors, redirect htmlsite.Redirect, ok bool)
	// Sum is the hash of the bytes of a page the check read (a path in the
	// site; htmlsite.Sum), ok false for one it did not read whole: the
	// comparison with the last deploy knows an unchanged page by it.
	Sum func(file string) (sum uint64, ok bool)
	// Gist is the gist of a page the check read with its outline
	// (htmlsite.Site.Outlines) and kept (Options.Gists); nil for one it
	// did not.
	Gist func(file string) htmlsite.Gist
}

// pending is a link to an anchor of a page not parsed yet, or of a
// redirect stub, checked once every page is known. A large site has
// millions: it names the link by its page and place among the page's
// links, and the fragment by number, and the few that turn out broken are
// read again for their href.
type pending struct {
	page, target File
	link, frag   int32
}

// parsed is what the check keeps of a parsed page: its ids, and where it
// sends its reader at once, if it does.
type parsed struct {
	ids htmlsite.Anchors
	hop *hop
	sum uint64 // htmlsite.Page.Sum
	// The page's gist, when it was read with its outline and the options
	// keep gists.
	gist htmlsite.Gist
}

// pages holds each parsed page by file number: a worker stores its page
// once and any worker reads it without a lock.
type pages []atomic.Pointer[parsed]

// Check parses the site and finds every broken link and anchor. Severity is
// left at Error for both; the caller applies the configured levels.
func Check(s *htmlsite.Site, opts Options) (diag.List, Stats) {
	index := NewIndex(s.Files, opts.Host)
	c := &checker{opts: opts, index: index, pages: make(pages, len(index.names))}
	var mu sync.Mutex
	var workers []*worker
	done := 0
	s.Parse(func() htmlsite.Visitor {
		w := &worker{checker: c, external: map[string][]external.Use{}, frags: map[string]int32{}}
		mu.Lock()
		workers = append(workers, w)
		mu.Unlock()
		return func(p *htmlsite.Page) {
			w.page(p)
			if opts.OnPage != nil {
				opts.OnPage(p)
			}
			if opts.Progress != nil && !p.Stylesheet {
				mu.Lock()
				done++
				opts.Progress(done, len(s.HTML))
				mu.Unlock()
			}
		}
	})
	var out diag.List
	var later []laterFinding
	var missing []string
	stats := Stats{External: map[string][]external.Use{}}
	for _, w := range workers {
		out = append(out, w.found...)
		missing = append(missing, w.missing...)
		later = append(later, w.checkLater()...)
		stats.Pages, stats.Links = stats.Pages+w.pages, stats.Links+w.links
		for u, uses := range w.external {
			stats.External[u] = append(stats.External[u], uses...)
		}
	}
	out = append(append(append(out, c.named(s, later)...), c.redirectProblems()...), c.ruleProblems()...)
	stats.Hints = c.hints(out, missing)
	stats.HasAnchor = c.hasAnchor
	stats.RedirectsTo = c.redirectsTo
	stats.Page = c.page
	stats.Sum = c.sum
	stats.Gist = c.gist
	return out, stats
}

// gist is Stats.Gist.
func (c *checker) gist(file string) htmlsite.Gist {
	if f := c.index.Named(file); f != 0 {
		if st := c.pages[f].Load(); st != nil {
			return st.gist
		}
	}
	return nil
}

// sum is Stats.Sum.
func (c *checker) sum(file string) (uint64, bool) {
	f := c.index.Named(file)
	if f == 0 {
		return 0, false
	}
	st := c.pages[f].Load()
	if st == nil || st.sum == 0 {
		return 0, false
	}
	return st.sum, true
}

// parsedOf is what the check keeps of a page as read (its hop aside).
func (w *worker) parsedOf(p *htmlsite.Page) *parsed {
	st := &parsed{ids: p.IDs, sum: p.Sum}
	if o := p.Outline; o != nil && w.opts.Gists {
		st.gist = w.gists.Keep(o)
	}
	return st
}

// page is Stats.Page.
func (c *checker) page(file string) (htmlsite.Anchors, htmlsite.Redirect, bool) {
	f := c.index.Named(file)
	if f == 0 {
		return htmlsite.Anchors{}, htmlsite.Redirect{}, false
	}
	st := c.pages[f].Load()
	if st == nil {
		return htmlsite.Anchors{}, htmlsite.Redirect{}, false
	}
	var r htmlsite.Redirect
	if h := st.hop; h != nil {
		r = htmlsite.Redirect{Href: h.href, KeepsHash: h.keepsHash, Script: h.script, Delayed: h.delayed}
	}
	return st.ids, r, true
}

// redirectsTo is Stats.RedirectsTo.
func (c *checker) redirectsTo(file string) (string, bool) {
	f := c.index.Named(file)
	if f == 0 {
		return "", false
	}
	st := c.pages[f].Load()
	if st == nil || st.hop == nil || st.hop.file == 0 || st.hop.delayed {
		return "", false
	}
	return c.index.Name(st.hop.file), true
}

// hasAnchor is Stats.HasAnchor: the page a link to file#fragment arrives
// at, through its redirects as a reader's browser follows them.
func (c *checker) hasAnchor(file, fragment string) (has, known bool) {
	f := c.index.Named(file)
	if f == 0 || !c.index.IsHTML(f) {
		return false, false
	}
	a := c.follow(f, fragment)
	if a.problem != "" || a.file == 0 || !c.index.IsHTML(a.file) || a.dropped != nil {
		return false, false
	}
	return c.has(a.file, c.idsOf(a.file), a.frag), true
}

// checker is what the workers share: the options, the index and every
// parsed page.
type checker struct {
	opts  Options
	index *Index
	pages pages
}

// resolved is an href resolved against its page and looked up.
type resolved struct {
	ref     Ref
	skip    bool   // ignored by the user
	inSite  string // the path in the site to look up
	file    File   // 0: no file answers
	outside bool   // above the base path: not on this site at all
	// away and problem: where the host's _redirects rules lead (ruled)
	away    bool
	problem string
}

// worker checks pages on one goroutine, and keeps what it finds until all
// pages are parsed.
type worker struct {
	*checker
	refs []resolved // reused from page to page

	found    diag.List
	missing  []string // the path in the site of each link no file answers
	later    []pending
	frags    map[string]int32 // the fragments of later, by number
	fragList []string
	external map[string][]external.Use
	pages    int
	links    int
	gists    htmlsite.Gists // the gists of the pages it read, packed
}

func (w *worker) page(p *htmlsite.Page) {
	self := w.index.Named(p.Path)
	resolver := w.resolver(p)
	state := w.parsedOf(p)
	if p.Redirect.Href != "" || p.Refresh.Href != "" {
		state.hop = w.hop(p, resolver)
	}
	w.checker.pages[self].Store(state)
	w.links += len(p.Links)
	if !p.Stylesheet { // a stylesheet's links are counted, but it is no page
		w.pages++
	}
	if w.opts.SkipPage != nil && w.opts.SkipPage(p.Path) {
		return
	}
	refs := w.resolveAll(p, resolver)
	found, later := w.found, w.later
	var versioned func(url string) string
	if w.opts.Versioned != nil && !p.Stylesheet {
		versioned = w.opts.Versioned(p.Path)
	}
	for i, l := range p.Links {
		r := &refs[i]
		if r.skip {
			continue
		}
		if r.ref.Kind == External && versioned != nil {
			if msg := versioned(r.ref.URL); msg != "" {
				d := diag.Diagnostic{Severity: diag.Error, Check: registry.WrongVersionLink, Href: strings.Clone(l.Raw), Message: msg}
				found = append(found, placed(d, p, l))
			}
		}
		if r.ref.Kind == External && w.opts.CollectExternal {
			u := r.ref.URL
			if w.external[u] == nil {
				u = strings.Clone(u) // a slice of the page's hrefs, which would all stay in memory
			}
			w.external[u] = append(w.external[u], external.Use{Page: p.Path, Line: l.Line, Col: l.Col, Href: strings.Clone(l.Raw), Excerpt: p.Excerpt(l.Off, l.Col)})
		}
		if r.ref.Kind == Invalid {
			d := w.brokenLink(p, l, r, "no browser can open it: its host or port does not parse")
			d.Target = r.ref.URL
			found = append(found, d)
		}
		if r.ref.Kind != Internal {
			continue
		}
		switch {
		case r.outside:
			found = append(found, w.brokenLink(p, l, r, fmt.Sprintf("%s is outside the base path %s the site is served under", r.ref.Path, w.opts.BasePath)))
		case r.problem != "":
			found = append(found, w.brokenLink(p, l, r, r.problem))
		case r.away:
			// a _redirects rule sends it to another site
		case r.file == 0 && w.opts.Host.Routes.Answers(r.inSite):
			// the host's own configuration answers it (vercel.json)
		case r.file == 0:
			found = append(found, w.brokenLink(p, l, r, "no file answers "+r.ref.Path))
			w.missing = append(w.missing, strings.Clone(r.inSite))
		case !r.ref.HasFrag || r.ref.Fragment == "" || !w.index.IsHTML(r.file):
		case r.file == self:
			if !w.has(self, p.IDs, r.ref.Fragment) {
				found = append(found, w.anchorDiag(p, l, self, r.ref.Fragment))
			}
		default:
			// A page not parsed yet, or a redirect stub (whose target may
			// not be), is looked at once every page is.
			if st := w.checker.pages[r.file].Load(); st == nil || st.hop != nil {
				later = append(later, pending{page: self, target: r.file, link: int32(i), frag: w.intern(r.ref.Fragment)})
			} else if !w.has(r.file, st.ids, r.ref.Fragment) {
				found = append(found, w.anchorDiag(p, l, r.file, r.ref.Fragment))
			}
		}
	}
	w.found, w.later = found, later
}

// intern numbers a fragment: a site's fragments repeat ("method.new",
// "L12"), and a number costs less than the string in every pending link.
func (w *worker) intern(frag string) int32 {
	n, ok := w.frags[frag]
	if !ok {
		n = int32(len(w.fragList))
		frag = strings.Clone(frag) // not a slice of the page's href, which would stay in memory
		w.frags[frag] = n
		w.fragList = append(w.fragList, frag)
	}
	return n
}

// has tells whether the file has the part a fragment indicates, or its
// script handles the fragment.
func (c *checker) has(f File, ids htmlsite.Anchors, frag string) bool {
	return hasID(ids, frag) || c.opts.ScriptFragment != nil && c.opts.ScriptFragment(c.index.Name(f), withoutDirective(frag))
}

// laterFinding is a problem of a pending link, before its href is read
// again: the diagnostic lacks the href, its line and the "broken …
// %q:" head of its message.
type laterFinding struct {
	pending
	d diag.Diagnostic
}

// checkLater checks the links that waited for every page to be parsed.
func (w *worker) checkLater() (found []laterFinding) {
	for _, pd := range w.later {
		if d, bad := w.judge(pd.target, w.fragList[pd.frag]); bad {
			found = append(found, laterFinding{pd, d})
		}
	}
	return found
}

func (w *worker) brokenLink(p *htmlsite.Page, l htmlsite.Link, r *resolved, why string) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenLink, Href: strings.Clone(l.Raw), Target: strings.Clone(r.ref.Path),
		Message: fmt.Sprintf("broken link %q: %s", l.Raw, why)}
	return placed(d, p, l)
}

// placed is d at link l of page p: its file, line and column, and on a
// line too long to read (a minified page's), the text around the link as
// a note, so the reader sees the place without opening the file.
func placed(d diag.Diagnostic, p *htmlsite.Page, l htmlsite.Link) diag.Diagnostic {
	d.File, d.Line, d.Col = p.Path, l.Line, l.Col
	if x := p.Excerpt(l.Off, l.Col); x != "" {
		d.Notes = append(d.Notes, x)
	}
	return d
}

// resolver resolves the hrefs of page p.
func (w *worker) resolver(p *htmlsite.Page) Resolver {
	pageURL := serve.PageURL(p.Path)
	if w.opts.BasePath != "" {
		pageURL = w.opts.BasePath + pageURL[1:]
	}
	return NewResolver(pageURL, p.Base, w.opts.SiteURL)
}

// resolveAll resolves every link of the page, then looks the internal ones
// up in a loop of their own: on a large site most lookups miss the CPU
// caches, and independent lookups side by side let the CPU overlap some of
// the misses (a few per cent on the 50k-page bench).
func (w *worker) resolveAll(p *htmlsite.Page, resolver Resolver) []resolved {
	rs := w.refs[:0]
	for _, l := range p.Links {
		rs = append(rs, w.resolve(resolver, l.Raw))
	}
	for i := range rs {
		if r := &rs[i]; r.ref.Kind == Internal && !r.skip && !r.outside {
			a := w.lookup(r.inSite)
			r.file, r.away, r.problem = a.file, a.away, a.problem
		}
	}
	w.refs = rs
	return rs
}

// resolve resolves one href, leaving the lookup to the caller.
func (w *worker) resolve(resolver Resolver, raw string) (r resolved) {
	if r.skip = w.opts.Ignore != nil && w.opts.Ignore(raw); !r.skip {
		r.ref = resolver.Resolve(raw)
	}
	if r.ref.Kind == Internal && !r.skip {
		var ok bool
		r.inSite, ok = StripBase(r.ref.Path, w.opts.BasePath)
		r.outside = !ok
	}
	return r
}

// anchorDiag is the broken anchor of link l on page: file has no
// element for fragment.
func (c *checker) anchorDiag(p *htmlsite.Page, l htmlsite.Link, file File, fragment string) diag.Diagnostic {
	d := c.missingID(file, fragment, "")
	d.Href = strings.Clone(l.Raw)
	return placed(named(d, registry.BrokenAnchor, d.Message), p, l)
}

// MissingID reads a broken anchor of the kind a running page may settle:
// the target page file (relative to the site) has no element for the
// fragment. The other broken anchors (a redirect that drops the fragment)
// are not, and give ok false.
func MissingID(d diag.Diagnostic) (file, fragment string, ok bool) {
	if d.Check != registry.BrokenAnchor || !strings.Contains(d.Message, missingIDWords) {
		return "", "", false
	}
	target, fragment, ok := strings.Cut(d.Target, "#")
	return strings.TrimPrefix(target, "/"), fragment, ok
}

// missingIDWords are in every message of missingID, and only there.
const missingIDWords = " has no element with id "

// missingID is a broken anchor before its link is named: file has no
// element for fragment; via names the redirects that led there, if any.
func (c *checker) missingID(f File, fragment, via string) diag.Diagnostic {
	fragment = withoutDirective(fragment)
	why := fmt.Sprintf("%s"+missingIDWords+"%q", c.index.Name(f), fragment)
	if via != "" {
		why += " (redirected " + via + ")"
	}
	return diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenAnchor, Target: "/" + c.index.Name(f) + "#" + fragment, Message: why}
}

// named completes a diagnostic whose Href is set: its check, its target
// and its message.
func named(d diag.Diagnostic, check, why string) diag.Diagnostic {
	d.Check = check
	d.Message = fmt.Sprintf("%s %q: %s", strings.ReplaceAll(check, "-", " "), d.Href, why)
	return d
}

// hasID tells whether a page has the part a fragment indicates, as the
// HTML Standard's fragment lookup finds it: a text directive (":~:text=…")
// is no part of the fragment; an empty fragment is the top of the page;
// else an element whose id (or <a> whose name) is the fragment as written,
// then percent-decoded; failing both, "top" in any case is the top.
func hasID(ids htmlsite.Anchors, frag string) bool {
	frag = withoutDirective(frag)
	if frag == "" || ids.Has(frag) {
		return true
	}
	dec := percentDecode(frag)
	return dec != frag && ids.Has(dec) || strings.EqualFold(dec, "top")
}

// withoutDirective cuts the fragment directive (":~:text=…"), which
// browsers remove from the fragment before looking it up.
func withoutDirective(frag string) string {
	if i := strings.Index(frag, ":~:"); i >= 0 {
		return frag[:i]
	}
	return frag
}
