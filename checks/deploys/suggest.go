package deploys

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// candidate is a page of the new build a removed URL may have moved to.
type candidate struct {
	url, last, title, h1 string
}

// removedURL is the finding of a URL of the last deploy that no page of
// the new build answers. Its file is the previous build's page (prevFile:
// for a list of URLs, the file the page would be): the URL lost has no
// file in the new build, and that page shows what readers found there.
func (c *comparison) removedURL(prevFile, u string, a arrival) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Check: registry.RemovedURL, File: joinPath(c.b.Previous, prevFile),
		Message: fmt.Sprintf("removed URL %s: the last deploy served it; now %s", u, a.said())}
	if to, rule, ok := c.suggest(prevFile, u); ok {
		d.Notes = []string{fmt.Sprintf("closest page now: %s (%s)", to, rule), c.fix(prevFile, u, to)}
	}
	return d
}

// suggest is the page of the new build the URL most likely moved to, and
// the rule that chose it, tried in this order: the same last path segment
// (a page moved to another folder), the same <title>, the same first
// <h1> (a page renamed), each first among the URLs the last deploy did
// not serve (a page moves to a new URL: in versioned docs, every version
// has a page of that name and title, at a URL that was there before),
// then among all; else the nearest URL but the home page's. Among
// several, the nearest URL wins, then the first in byte order, so the
// answer is one.
func (c *comparison) suggest(prevFile, u string) (string, string, bool) {
	cands := c.readCandidates()
	var old outline // a list of URLs has no pages: a URL's own words only
	if c.prev != nil {
		old = fileOutline(c.prev, prevFile, true)
	}
	last := lastSegment(u)
	rules := []struct {
		value, said string
		of          func(candidate) string
	}{
		{last, "the same last segment %q", func(k candidate) string { return k.last }},
		{old.title, "the same title %q", func(k candidate) string { return k.title }},
		{old.h1, "the same first heading %q", func(k candidate) string { return k.h1 }},
	}
	for _, onlyNew := range []bool{true, false} {
		for _, r := range rules {
			if r.value == "" {
				continue
			}
			same := func(k candidate) bool { return r.of(k) == r.value && !(onlyNew && c.servedBefore[k.url]) }
			if to, ok := nearest(u, cands, same); ok {
				return to, fmt.Sprintf(r.said, r.value), true
			}
		}
	}
	// The home page aside: a short URL is near it by its length alone.
	if to, ok := nearest(u, cands, func(k candidate) bool { return k.url != c.o.BasePath }); ok {
		return to, "the nearest URL", true
	}
	return "", "", false
}

// readCandidates lists the new build's pages, redirect pages and 404
// pages aside, with their titles: read once, when a URL is first missing.
func (c *comparison) readCandidates() []candidate {
	if c.candidatesRead {
		return c.candidates
	}
	c.candidatesRead = true
	for _, f := range c.cur.HTML {
		if _, r, ok := c.curPage(f); !ok || r.Href != "" || isNotFoundPage(f) {
			continue
		}
		o := fileOutline(c.cur, f, true)
		u := c.fileURL(f)
		c.candidates = append(c.candidates, candidate{url: u, last: lastSegment(u), title: o.title, h1: o.h1})
	}
	return c.candidates
}

// nearest is the URL among the candidates that pass keep nearest to u by
// edit distance, the first in byte order among equals; never u itself (a
// page whose URL a forced rule sends elsewhere).
func nearest(u string, cands []candidate, keep func(candidate) bool) (string, bool) {
	best, bestDist := "", -1
	for _, k := range cands {
		if k.url == u || !keep(k) {
			continue
		}
		d := editdist.Levenshtein(u, k.url)
		if bestDist < 0 || d < bestDist || d == bestDist && k.url < best {
			best, bestDist = k.url, d
		}
	}
	return best, bestDist >= 0
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

// fileOutline reads a page of a build for its outline (titleOnly: see
// readOutline); a page that cannot be read again has none (the site's
// reading already said so).
func fileOutline(s *htmlsite.Site, file string, titleOnly bool) outline {
	doc, err := os.ReadFile(filepath.Join(s.Root, filepath.FromSlash(file)))
	if err != nil {
		return outline{at: map[string]int{}}
	}
	return readOutline(doc, titleOnly)
}

func joinPath(dir, file string) string {
	return filepath.ToSlash(filepath.Join(dir, file))
}
