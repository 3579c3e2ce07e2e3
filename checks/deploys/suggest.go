package deploys

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// rule is a way to find the page a URL moved to: find, the candidates it
// takes (by index), nil when it has nothing to compare; said, why the
// candidate it found was chosen.
type rule struct {
	find  func() []int32
	said  func(candidate) string
	found []int32 // find's answer, once asked
	asked bool
}

// matches are the candidates the rule takes, found when first asked (the
// rules before it took none), and kept for the second pass of suggest.
func (r *rule) matches() []int32 {
	if !r.asked && r.find != nil {
		r.found, r.asked = r.find(), true
	}
	return r.found
}

// removedURL is the finding of a URL of the last deploy that no page of
// the new build answers. Its file is the previous build's page (prevFile:
// for a list of URLs, the file the page would be): the URL lost has no
// file in the new build, and that page shows what readers found there.
func (c *comparison) removedURL(prevFile, u string, a arrival, prev *page) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Check: registry.RemovedURL, File: joinPath(c.prevBuild(), prevFile),
		Message: fmt.Sprintf("removed URL %s: the last deploy served it; now %s", u, a.said())}
	switch to, why, ok := c.suggest(prevFile, u, prev); {
	case ok:
		d.Notes = []string{fmt.Sprintf("closest page now: %s (%s)", to, why), c.fix(prevFile, u, to)}
	case why != "":
		d.Notes = []string{why}
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
// link check keeps when it compares: no page is read again. Each rule
// looks its candidates up in their postings (candidates.go), so a URL
// costs the pages its rules take, not every page of the site; only the
// nearest URL is sought among all, for the first maxNearest URLs no rule
// placed. why is the rule that chose the page, or when none did, why
// none was sought ("" for none to say).
func (c *comparison) suggest(prevFile, u string, prev *page) (to, why string, ok bool) {
	cands := c.readCandidates()
	var was *htmlsite.Outline // a list of URLs has no pages: a URL's own words only
	if prev != nil {
		was = c.prevOutline(prevFile, prev)
	}
	rules := c.rulesFor(lastSegment(u), was)
	for _, onlyNew := range []bool{true, false} {
		keep := func(k candidate) bool { return !(onlyNew && c.servedBefore[k.url]) }
		for i := range rules {
			r := &rules[i]
			if k, ok := cands.nearestAmong(u, r.matches(), keep); ok {
				return k.url, r.said(k), true
			}
		}
	}
	if c.nearestSought == maxNearest {
		return "", fmt.Sprintf("closest page not sought: no page has its last segment, title or headings, and the nearest URL is sought for the first %d such URLs only", maxNearest), false
	}
	c.nearestSought++
	// The home page aside: a short URL is near it by its length alone.
	if k, ok := cands.nearestAmong(u, cands.all, func(k candidate) bool { return k.url != c.o.BasePath }); ok {
		return k.url, "the nearest URL", true
	}
	return "", "", false
}

// maxNearest is how many removed URLs no rule places are measured against
// every page of the new build for the nearest URL: each such search
// measures every URL (when every removed URL did, 5,000 of a 10,000-page
// bench site cost 7.5 CPU-s), and a deploy that moved a whole folder of
// thousands of pages would pay it for each.
const maxNearest = 200

// minShared is how many headings a page must share with the old one, at
// the least, for the headings rule: one alone ("Overview", "Example") is
// on too many pages to say anything.
const minShared = 2

// rulesFor are the rules of suggest for a URL's last segment and the old
// page's outline (nil for none), with the candidates each takes.
func (c *comparison) rulesFor(last string, was *htmlsite.Outline) []rule {
	if was == nil {
		was = &htmlsite.Outline{}
	}
	g, cands := was.Gist(), c.readCandidates()
	rules := []rule{
		{said: func(candidate) string { return fmt.Sprintf("the same last segment %q", last) }},
		{said: func(candidate) string { return fmt.Sprintf("the same title %q", was.Title) }},
		{said: func(candidate) string { return fmt.Sprintf("the same first heading %q", was.H1) }},
		{said: func(k candidate) string {
			return fmt.Sprintf("%d of its %d headings the same", g.Shared(k.gist), g.Headings())
		}},
	}
	if last != "" {
		rules[0].find = func() []int32 { return cands.bySegment(last) }
	}
	if was.Title != "" {
		rules[1].find = func() []int32 { return cands.title.of(g.Title()) }
	}
	if was.H1 != "" {
		rules[2].find = func() []int32 { return cands.h1.of(g.H1()) }
	}
	if g.Headings() >= minShared {
		rules[3].find = func() []int32 { return cands.sharingMost(g) }
	}
	return rules
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
