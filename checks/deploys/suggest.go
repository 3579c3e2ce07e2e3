package deploys

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// candidate is a page of the new build a removed URL may have moved to
// (its file), as the rules see it: its URL, the URL's last segment and
// the page's gist.
type candidate struct {
	file, url, last string
	gist            htmlsite.Gist
}

// rule is a way to find the page a URL moved to: match, nil when the
// rule has nothing to compare; said, why the candidate it found was
// chosen.
type rule struct {
	match func(candidate) bool
	said  func(candidate) string
}

// removedURL is the finding of a URL of the last deploy that no page of
// the new build answers. Its file is the previous build's page (prevFile:
// for a list of URLs, the file the page would be): the URL lost has no
// file in the new build, and that page shows what readers found there.
func (c *comparison) removedURL(prevFile, u string, a arrival, prev *page) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Check: registry.RemovedURL, File: joinPath(c.prevBuild(), prevFile),
		Message: fmt.Sprintf("removed URL %s: the last deploy served it; now %s", u, a.said())}
	if to, rule, ok := c.suggest(prevFile, u, prev); ok {
		d.Notes = []string{fmt.Sprintf("closest page now: %s (%s)", to, rule), c.fix(prevFile, u, to)}
	}
	return d
}

// suggest is the page of the new build the URL most likely moved to, and
// the rule that chose it, tried in this order: the same last path segment
// (a page moved to another folder), the same <title>, the same first
// <h1> (a page renamed), most of the same headings (a page renamed and
// retitled, its content kept), each first among the URLs the last deploy
// did not serve (a page moves to a new URL: in versioned docs, every
// version has a page of that name and title, at a URL that was there
// before), then among all; else the nearest URL but the home page's.
// Among several, the nearest URL wins, then the first in byte order, so
// the answer is one. The rules compare the new pages' gists, which the
// link check keeps when it compares: no page is read again.
func (c *comparison) suggest(prevFile, u string, prev *page) (string, string, bool) {
	order := c.byDistance(u)
	var was *htmlsite.Outline // a list of URLs has no pages: a URL's own words only
	if prev != nil {
		was = c.prevOutline(prevFile, prev)
	}
	for _, onlyNew := range []bool{true, false} {
		for _, r := range rulesFor(lastSegment(u), was) {
			if r.match == nil {
				continue
			}
			keep := func(k candidate) bool { return r.match(k) && !(onlyNew && c.servedBefore[k.url]) }
			if k, ok := order.nearestOf(keep); ok {
				return k.url, r.said(k), true
			}
		}
	}
	// The home page aside: a short URL is near it by its length alone.
	if k, ok := order.nearestOf(func(k candidate) bool { return k.url != c.o.BasePath }); ok {
		return k.url, "the nearest URL", true
	}
	return "", "", false
}

// minShared is how many headings a page must share with the old one, at
// the least, for the headings rule: one alone ("Overview", "Example") is
// on too many pages to say anything.
const minShared = 2

// rulesFor are the rules of suggest for a URL's last segment and the old
// page's outline (nil for none).
func rulesFor(last string, was *htmlsite.Outline) []rule {
	if was == nil {
		was = &htmlsite.Outline{}
	}
	g := was.Gist()
	rules := []rule{
		{said: func(candidate) string { return fmt.Sprintf("the same last segment %q", last) }},
		{said: func(candidate) string { return fmt.Sprintf("the same title %q", was.Title) }},
		{said: func(candidate) string { return fmt.Sprintf("the same first heading %q", was.H1) }},
		{said: func(k candidate) string {
			return fmt.Sprintf("%d of its %d headings the same", g.Shared(k.gist), g.Headings())
		}},
	}
	if last != "" {
		rules[0].match = func(k candidate) bool { return k.last == last }
	}
	if was.Title != "" {
		rules[1].match = func(k candidate) bool { return g.SameTitle(k.gist) }
	}
	if was.H1 != "" {
		rules[2].match = func(k candidate) bool { return g.SameH1(k.gist) }
	}
	if g.Headings() >= minShared {
		rules[3].match = func(k candidate) bool {
			n := g.Shared(k.gist)
			return n >= minShared && 2*n >= g.Headings()
		}
	}
	return rules
}

// readCandidates lists the new build's pages, redirect pages and 404
// pages aside, and their URLs and gists: once, when a URL is first
// missing.
func (c *comparison) readCandidates() []candidate {
	if c.candidates == nil {
		c.candidates = make([]candidate, 0, len(c.cur.HTML))
		for _, f := range c.cur.HTML {
			if _, r, ok := c.curPage(f); ok && r.Href == "" && !isNotFoundPage(f) {
				c.candidates = append(c.candidates, candidate{file: f})
			}
		}
		par.For(len(c.candidates), func(i int) {
			k := &c.candidates[i]
			k.url = c.fileURL(k.file)
			k.last, k.gist = lastSegment(k.url), c.gistOf(k.file)
		})
	}
	return c.candidates
}

// nearest are the candidates, u itself aside (a page whose URL a forced
// rule sends elsewhere), each with its edit distance to u.
type nearest struct {
	cands []candidate
	dist  []int32
	u     string
}

// byDistance measures each candidate's distance to u, in the one list
// of distances every removed URL reuses.
func (c *comparison) byDistance(u string) *nearest {
	cands := c.readCandidates()
	c.dist = slices.Grow(c.dist[:0], len(cands))[:len(cands)]
	n := &nearest{cands: cands, dist: c.dist, u: u}
	par.Each(len(cands), func() func(int) {
		var rows editdist.Rows // each worker's: no measure allocates
		return func(i int) { n.dist[i] = int32(rows.Levenshtein(u, cands[i].url)) }
	})
	return n
}

// nearestOf is the nearest candidate keep takes, the first in byte order
// among equals, found in one pass.
func (n *nearest) nearestOf(keep func(candidate) bool) (candidate, bool) {
	best := -1
	for i, r := range n.cands {
		if r.url != n.u && (best < 0 || n.less(i, best)) && keep(r) {
			best = i
		}
	}
	if best < 0 {
		return candidate{}, false
	}
	return n.cands[best], true
}

func (n *nearest) less(a, b int) bool {
	return cmp.Or(cmp.Compare(n.dist[a], n.dist[b]), strings.Compare(n.cands[a].url, n.cands[b].url)) < 0
}

// gistOf is the gist of a page of the new build, as its link check kept
// it (checks links keeps every page's when it compares); nil, which no
// rule takes, without.
func (c *comparison) gistOf(file string) htmlsite.Gist {
	if c.o.Gist == nil {
		return nil
	}
	return c.o.Gist(file)
}

// lastSegment is a URL path's last segment without .html ("" for a root).
func lastSegment(u string) string {
	u = strings.TrimSuffix(u, "/")
	return strings.TrimSuffix(u[strings.LastIndexByte(u, '/')+1:], ".html")
}

// fix says how to keep the old URL: a line of the host's redirect file in
// its own syntax, or, for a host with none the gate knows, a redirect page
// at the old page's place.
func (c *comparison) fix(prevFile, from, to string) string {
	switch {
	case c.o.Host.ReadsRedirects != nil:
		return fmt.Sprintf("keep it: add the line `%s %s 301` to %s", from, to, serve.RedirectsFile)
	case c.o.Host.Routes != nil:
		return fmt.Sprintf("keep it: add {\"source\": %q, \"destination\": %q} to the redirects of %s", from, to, c.o.Host.Routes.File)
	}
	return fmt.Sprintf("keep it: a redirect page %s holding <meta http-equiv=\"refresh\" content=\"0; url=%s\">",
		joinPath(c.b.Current, prevFile), to)
}

func joinPath(dir, file string) string {
	return filepath.ToSlash(filepath.Join(dir, file))
}
