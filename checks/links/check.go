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

// NavbarHintPages is how many pages must share a broken target before the
// report suggests it comes from the navbar or footer.
const NavbarHintPages = 5

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
	// Progress, when set, is told after each page how many of how many are done.
	Progress func(done, total int)
	// CollectExternal gathers links to other sites into Stats.External.
	CollectExternal bool
}

// Stats counts what was checked.
type Stats struct {
	Pages, Links int
	// External maps each absolute URL to where it is linked from.
	External map[string][]external.Use
}

// pending is a link to an anchor on a page not parsed yet, checked once
// every page's ids are known. Kept small: a large site has many.
type pending struct {
	page, href, fragment string
	target               File
	line                 int
}

// anchors holds each parsed page's ids by file number: a worker stores its
// page's ids once and any worker reads them without a lock.
type anchors []atomic.Pointer[htmlsite.Anchors]

// Check parses the site and finds every broken link and anchor. Severity is
// left at Error for both; the caller applies the configured levels.
func Check(s *htmlsite.Site, opts Options) (diag.List, Stats) {
	index := NewIndex(s.Files, opts.Host)
	ids := make(anchors, len(index.names))
	var mu sync.Mutex
	var workers []*worker
	pages := 0
	s.Parse(func() htmlsite.Visitor {
		w := &worker{opts: opts, index: index, anchors: ids, external: map[string][]external.Use{}}
		mu.Lock()
		workers = append(workers, w)
		mu.Unlock()
		return func(p *htmlsite.Page) {
			w.page(p)
			if opts.Progress != nil {
				mu.Lock()
				pages++
				opts.Progress(pages, len(s.HTML))
				mu.Unlock()
			}
		}
	})
	var out diag.List
	stats := Stats{External: map[string][]external.Use{}}
	for _, w := range workers {
		out = append(append(out, w.found...), w.checkLater()...)
		stats.Pages, stats.Links = stats.Pages+w.pages, stats.Links+w.links
		for u, uses := range w.external {
			stats.External[u] = append(stats.External[u], uses...)
		}
	}
	addNavbarHints(out)
	return out, stats
}

// checkLater checks the links to anchors of pages that were not parsed yet
// when the worker met them; now every page is.
func (w *worker) checkLater() (found diag.List) {
	for _, pd := range w.later {
		if !hasID(w.anchors.of(pd.target), pd.fragment) {
			d := diag.Diagnostic{Severity: diag.Error, File: pd.page, Line: pd.line, Href: pd.href}
			found = append(found, anchorDiag(d, w.index.Name(pd.target), pd.fragment))
		}
	}
	return found
}

// of returns the file's ids, or none when it has not been parsed (yet).
func (a anchors) of(f File) htmlsite.Anchors {
	if ids := a[f].Load(); ids != nil {
		return *ids
	}
	return htmlsite.Anchors{}
}

// resolved is an href resolved against its page and looked up.
type resolved struct {
	ref     Ref
	skip    bool   // ignored by the user
	inSite  string // the path in the site to look up
	file    File   // 0: no file answers
	outside bool   // above the base path: not on this site at all
}

// worker checks pages on one goroutine, and keeps what it finds until all
// pages are parsed.
type worker struct {
	opts    Options
	index   *Index
	anchors anchors
	refs    []resolved // reused from page to page

	found        diag.List
	later        []pending
	external     map[string][]external.Use
	pages, links int
}

func (w *worker) page(p *htmlsite.Page) {
	self, ids := w.index.Named(p.Path), p.IDs
	w.anchors[self].Store(&ids)
	w.pages, w.links = w.pages+1, w.links+len(p.Links)
	if w.opts.SkipPage != nil && w.opts.SkipPage(p.Path) {
		return
	}
	refs := w.resolveAll(p)
	found, later := w.found, w.later
	for i, l := range p.Links {
		r := &refs[i]
		if r.skip {
			continue
		}
		if r.ref.Kind == External && w.opts.CollectExternal {
			w.external[r.ref.URL] = append(w.external[r.ref.URL], external.Use{Page: p.Path, Line: l.Line, Href: l.Raw})
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
		case r.file == 0:
			found = append(found, w.brokenLink(p, l, r, "no file answers "+r.ref.Path))
		case !r.ref.HasFrag || r.ref.Fragment == "" || !w.index.IsHTML(r.file):
		case r.file == self:
			if !hasID(p.IDs, r.ref.Fragment) {
				d := diag.Diagnostic{Severity: diag.Error, File: p.Path, Line: l.Line, Href: l.Raw}
				found = append(found, anchorDiag(d, p.Path, r.ref.Fragment))
			}
		default:
			if ids := w.anchors[r.file].Load(); ids == nil {
				later = append(later, pending{p.Path, l.Raw, r.ref.Fragment, r.file, l.Line})
			} else if !hasID(*ids, r.ref.Fragment) {
				d := diag.Diagnostic{Severity: diag.Error, File: p.Path, Line: l.Line, Href: l.Raw}
				found = append(found, anchorDiag(d, w.index.Name(r.file), r.ref.Fragment))
			}
		}
	}
	w.found, w.later = found, later
}

func (w *worker) brokenLink(p *htmlsite.Page, l htmlsite.Link, r *resolved, why string) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenLink, File: p.Path, Line: l.Line, Href: l.Raw, Target: r.ref.Path,
		Message: fmt.Sprintf("broken link %q: %s", l.Raw, why)}
}

// resolveAll resolves every link of the page, then looks the internal ones
// up in a loop of their own: on a large site most lookups miss the CPU
// caches, and independent lookups side by side let the CPU overlap some of
// the misses (a few per cent on the 50k-page bench).
func (w *worker) resolveAll(p *htmlsite.Page) []resolved {
	pageURL := serve.PageURL(p.Path)
	if w.opts.BasePath != "" {
		pageURL = w.opts.BasePath + pageURL[1:]
	}
	resolver := NewResolver(pageURL, p.Base, w.opts.SiteURL)
	rs := w.refs[:0]
	for _, l := range p.Links {
		var r resolved
		if r.skip = w.opts.Ignore != nil && w.opts.Ignore(l.Raw); !r.skip {
			r.ref = resolver.Resolve(l.Raw)
		}
		if r.ref.Kind == Internal && !r.skip {
			var ok bool
			r.inSite, ok = StripBase(r.ref.Path, w.opts.BasePath)
			r.outside = !ok
		}
		rs = append(rs, r)
	}
	for i := range rs {
		if r := &rs[i]; r.ref.Kind == Internal && !r.skip && !r.outside {
			r.file = w.index.Lookup(r.inSite)
		}
	}
	w.refs = rs
	return rs
}

func anchorDiag(d diag.Diagnostic, file, fragment string) diag.Diagnostic {
	fragment = withoutDirective(fragment)
	d.Check, d.Target = registry.BrokenAnchor, "/"+file+"#"+fragment
	d.Message = fmt.Sprintf("broken anchor %q: %s has no element with id %q", d.Href, file, fragment)
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

// addNavbarHints notes targets broken on many pages: one fix in a shared
// component clears them all.
func addNavbarHints(list diag.List) {
	pages := map[string]map[string]bool{}
	for _, d := range list {
		if pages[d.Target] == nil {
			pages[d.Target] = map[string]bool{}
		}
		pages[d.Target][d.File] = true
	}
	for i, d := range list {
		if n := len(pages[d.Target]); n >= NavbarHintPages {
			list[i].Notes = append(list[i].Notes, fmt.Sprintf("%s is broken on %d pages: probably in the navbar or footer", d.Target, n))
		}
	}
}
