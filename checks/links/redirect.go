package links

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// MaxRedirects is how many redirects a link may pass through to its page:
// a longer chain is a finding, and a loop ends there too.
const MaxRedirects = 5

// hop is a redirect stub's redirect, resolved and looked up.
type hop struct {
	href    string // as written on the stub
	line    int
	col     int
	excerpt string // of the stub's long line, if it is one (Page.Excerpt)
	path    string // the URL path it resolves to, for messages
	file    File   // 0: no file answers
	frag    string // the fragment of its own URL
	hasFrag bool
	leaves  bool // to another site, or outside the base path: not followed
	// keepsHash: a script that appends location.hash; a meta refresh, and a
	// script that does not, drop a link's fragment.
	keepsHash, script bool
	// delayed: a meta refresh after a delay (htmlsite.Page.Refresh). A
	// link arrives at the page itself, whose ids count: follow stops
	// there. The comparison with the last deploy follows it (Stats.Page).
	delayed bool
}

// hop is the page's redirect: its Redirect, else its Refresh (delayed).
func (w *worker) hop(p *htmlsite.Page, resolver Resolver) *hop {
	to, delayed := p.Redirect, false
	if to.Href == "" {
		to, delayed = p.Refresh, true
	}
	r := w.resolve(resolver, to.Href)
	h := &hop{href: to.Href, line: to.Line, col: to.Col, excerpt: p.Excerpt(to.Off, to.Col), path: r.ref.Path, frag: r.ref.Fragment, hasFrag: r.ref.HasFrag,
		keepsHash: to.KeepsHash, script: to.Script, delayed: delayed}
	switch {
	case r.skip || r.ref.Kind != Internal || r.outside:
		h.leaves = true
	default:
		a := w.lookup(r.inSite)
		h.file, h.leaves = a.file, a.away
	}
	return h
}

// arrival is where a link into a page ends up once the redirects are
// followed.
type arrival struct {
	file    File   // the page reached; 0 when none is
	chain   []File // the pages passed through, the first the link's own target
	last    *hop   // the redirect that failed, when none is reached
	frag    string // the fragment that arrives
	dropped *hop   // the redirect that dropped the link's fragment
	problem string // why no page is reached: "missing", "loop", "long"; "" also when the chain leaves the site
}

// follow walks the redirects from file f, for a link with fragment frag.
func (c *checker) follow(f File, frag string) arrival {
	a := arrival{chain: []File{f}, frag: frag}
	for {
		st := c.pages[f].Load()
		if st == nil || st.hop == nil || st.hop.delayed {
			a.file = f
			return a
		}
		h := st.hop
		if h.leaves {
			return a
		}
		if !h.keepsHash && a.dropped == nil {
			a.dropped = h
		}
		carried := a.frag
		if a.frag = h.frag; h.keepsHash && a.dropped == nil {
			a.frag = joinFragment(h, carried)
		}
		a.last = h
		switch {
		case h.file == 0:
			a.problem = "missing"
		case containsFile(a.chain, h.file):
			a.problem = "loop"
		case len(a.chain) > MaxRedirects:
			a.problem = "long"
		}
		a.chain = append(a.chain, h.file)
		if a.problem != "" {
			return a
		}
		f = h.file
	}
}

// joinFragment is the fragment that arrives when the script appends the
// link's hash to its URL: the URL's own fragment, if any, then the hash.
func joinFragment(h *hop, frag string) string {
	if h.hasFrag {
		return h.frag + "#" + frag
	}
	return frag
}

func containsFile(fs []File, f File) bool {
	for _, g := range fs {
		if g == f {
			return true
		}
	}
	return false
}

// judge looks at a link into file with a fragment once every page is
// known: through redirect stubs to the page a reader arrives at. The
// diagnostic it returns lacks the link's page, line and href.
func (c *checker) judge(file File, frag string) (diag.Diagnostic, bool) {
	a := c.follow(file, frag)
	switch {
	case a.problem != "":
		return c.redirectProblem(a), true
	case a.file == 0 || !c.index.IsHTML(a.file):
		return diag.Diagnostic{}, false // it left the site, or reached a file with no anchors
	case a.dropped != nil:
		if !meaningful(frag) {
			return diag.Diagnostic{}, false
		}
		how := "a meta refresh, which keeps no fragment"
		if a.dropped.script {
			how = "a script that does not append location.hash"
		}
		stub := c.index.Name(a.chain[c.hopIndex(a, a.dropped)])
		return diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenAnchor, Target: "/" + stub + "#" + withoutDirective(frag),
			Message: fmt.Sprintf("%s redirects to %s by %s", stub, a.dropped.path, how)}, true
	case !c.has(a.file, c.idsOf(a.file), a.frag):
		return c.missingID(a.file, a.frag, c.chainText(a)), true
	}
	return diag.Diagnostic{}, false
}

// hopIndex is the place in the chain of the stub whose redirect is h.
func (c *checker) hopIndex(a arrival, h *hop) int {
	for i, f := range a.chain {
		if st := c.pages[f].Load(); st != nil && st.hop == h {
			return i
		}
	}
	return 0
}

// meaningful is false for fragments that name no element: "", "top", a
// text directive alone.
func meaningful(frag string) bool {
	frag = withoutDirective(frag)
	return frag != "" && !strings.EqualFold(percentDecode(frag), "top")
}

// redirectProblem says why a chain of redirects reaches no page.
func (c *checker) redirectProblem(a arrival) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenLink, Target: a.last.path}
	switch a.problem {
	case "missing":
		d.Message = fmt.Sprintf("no file answers %s (redirected %s)", a.last.path, c.chainText(a))
	case "loop":
		d.Message = "redirect loop " + c.chainText(a)
	default:
		d.Message = fmt.Sprintf("more than %d redirects %s", MaxRedirects, c.chainText(a))
	}
	return d
}

// chainText names the redirects a link passed through, "a.html →
// b.html", ending in the path no file answers; "" when there were none.
func (c *checker) chainText(a arrival) string {
	if len(a.chain) < 2 {
		return ""
	}
	names := make([]string, len(a.chain))
	for i, f := range a.chain {
		names[i] = c.index.Name(f)
	}
	if a.problem == "missing" {
		names[len(names)-1] = a.last.path
	}
	return strings.Join(names, " → ")
}

// redirectProblems are the stubs whose own chain loops or runs too long:
// no reader who opens them arrives anywhere. (A stub whose target is
// missing is a broken link of the stub already; a stub on a page whose
// links are not checked is not either.)
func (c *checker) redirectProblems() diag.List {
	var out diag.List
	for f := range c.pages {
		st := c.pages[f].Load()
		if st == nil || st.hop == nil || c.opts.SkipPage != nil && c.opts.SkipPage(c.index.Name(File(f))) {
			continue
		}
		if a := c.follow(File(f), ""); a.problem == "loop" || a.problem == "long" {
			d := c.redirectProblem(a)
			d.File, d.Line, d.Col, d.Href = c.index.Name(File(f)), st.hop.line, st.hop.col, st.hop.href
			if st.hop.excerpt != "" {
				d.Notes = append(d.Notes, st.hop.excerpt)
			}
			out = append(out, named(d, registry.BrokenLink, d.Message))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}

// named reads again the pages of the later findings, on all cores, for
// the href and line of each: those were not kept while millions of links
// waited. The findings are grouped by page in place and named into one
// list, since a large site can have a hundred thousand.
func (c *checker) named(s *htmlsite.Site, later []laterFinding) diag.List {
	slices.SortStableFunc(later, func(a, b laterFinding) int { return cmp.Compare(a.page, b.page) })
	var starts []int // where each page's findings start, and the end
	for i := range later {
		if i == 0 || later[i].page != later[i-1].page {
			starts = append(starts, i)
		}
	}
	starts = append(starts, len(later))
	all := make(diag.List, len(later))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			var p htmlsite.Page // one per worker, its buffers reused from page to page
			for i := next.Add(1) - 1; i < int64(len(starts)-1); i = next.Add(1) - 1 {
				from, to := starts[i], starts[i+1]
				c.nameAll(s, &p, later[from:to], all[from:to])
			}
		})
	}
	wg.Wait()
	return all
}

// nameAll completes the findings of one page into out.
func (c *checker) nameAll(s *htmlsite.Site, p *htmlsite.Page, fs []laterFinding, out diag.List) {
	name := c.index.Name(fs[0].page)
	err := s.Read(name, p)
	for i, lf := range fs {
		d := lf.d
		d.File = name
		if err == nil && int(lf.link) < len(p.Links) {
			l := p.Links[lf.link]
			d.Href = strings.Clone(l.Raw) // not the whole page's hrefs
			d = placed(d, p, l)
		} else { // the page changed or went since it was read: name the target instead
			d.Href = d.Target
		}
		out[i] = named(d, d.Check, d.Message)
	}
}

// idsOf is the file's ids, or none when it could not be read.
func (c *checker) idsOf(f File) htmlsite.Anchors {
	if st := c.pages[f].Load(); st != nil {
		return st.ids
	}
	return htmlsite.Anchors{}
}
