package remote

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// Found is what the crawl found of a site's pages before it opens them.
type Found struct {
	// Pages are the URLs of the site's pages under Base that robots.txt
	// allows, sorted, at most MaxPages.
	Pages []string
	How   string // where they came from, for the user
	// Problems are what following links met on the way, each on its URL: a
	// page that could not be read (so neither could the pages only it
	// links to), a redirect off the site (never followed).
	Problems []Problem
}

// Problem is one finding of the pages' discovery, on a URL.
type Problem struct {
	Check   string // a registry id: failed-request or redirect-off-site
	URL     string
	Message string
}

// Pages are the site's pages: those its sitemaps list (the ones robots.txt
// names, else /sitemap.xml), or, when they list none under Base (none at
// all, or a preview's sitemap naming production URLs), those reached by
// following links from Base. A fragment or query is no other page.
func (s *Site) Pages(ctx context.Context) (Found, error) {
	pages, err := s.fromSitemaps(ctx)
	found := Found{Pages: pages, How: "listed by its sitemaps"}
	if err == nil && len(pages) == 0 {
		found, err = s.followLinks(ctx)
		found.How = "reached by its links (no sitemap lists a page under " + s.Base.String() + ")"
	}
	if err != nil {
		return Found{}, err
	}
	slices.Sort(found.Pages)
	found.Pages = slices.Compact(found.Pages)
	return found, nil
}

// maxSitemaps bounds the sitemaps read, index files included.
const maxSitemaps = 100

// fromSitemaps reads the sitemaps (and the sitemaps of a sitemap index)
// breadth first. A sitemap that is missing or not one is no error: the
// links are followed instead.
func (s *Site) fromSitemaps(ctx context.Context) ([]string, error) {
	queue := s.maps
	if len(queue) == 0 {
		queue = []string{s.Base.ResolveReference(&url.URL{Path: "/sitemap.xml"}).String()}
	}
	var pages []string
	read := map[string]bool{}
	for len(queue) > 0 && len(read) < maxSitemaps && len(pages) < s.opts.MaxPages {
		u := queue[0]
		queue = queue[1:]
		if read[u] {
			continue
		}
		read[u] = true
		a, err := s.get(ctx, u, s.client)
		if err != nil {
			return nil, err
		}
		if a.status != http.StatusOK {
			continue
		}
		locs, index := sitemapLocs(a.body)
		if index {
			queue = append(queue, locs...)
			continue
		}
		for _, loc := range locs {
			if p, ok := s.page(loc); ok && len(pages) < s.opts.MaxPages {
				pages = append(pages, p)
			}
		}
	}
	return pages, nil
}

// sitemapLocs are the <loc> of a sitemap's <url>s, or of an index's
// <sitemap>s (index true). Anything else yields nothing.
func sitemapLocs(body []byte) (locs []string, index bool) {
	var doc struct {
		XMLName xml.Name
		URLs    []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
		Sitemaps []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	if xml.NewDecoder(bytes.NewReader(body)).Decode(&doc) != nil {
		return nil, false
	}
	switch doc.XMLName.Local {
	case "urlset":
		for _, u := range doc.URLs {
			locs = append(locs, strings.TrimSpace(u.Loc))
		}
	case "sitemapindex":
		for _, m := range doc.Sitemaps {
			locs = append(locs, strings.TrimSpace(m.Loc))
		}
		index = true
	}
	return locs, index
}

// followLinks opens Base and every page it links to under Base, breadth
// first, and keeps the ones that answered 200 with HTML. A page that
// cannot be read (after tries) or leaves the site is a problem on its URL,
// never dropped unsaid; so is one that cannot be read at the start, which
// ends the crawl, since no page is known.
func (s *Site) followLinks(ctx context.Context) (Found, error) {
	start := s.Base.String()
	queue, seen := []link{{to: start}}, map[string]bool{start: true}
	var found Found
	for len(queue) > 0 && len(found.Pages) < s.opts.MaxPages {
		l := queue[0]
		queue = queue[1:]
		a, err := s.get(ctx, l.to, s.pages)
		if ctx.Err() != nil {
			return Found{}, ctx.Err()
		}
		if problem, ok := s.unreadPage(l, a, err); ok {
			if l.to == start {
				why, _, _ := strings.Cut(problem.Message, " (linked from")
				why, _, _ = strings.Cut(why, "; pages linked only")
				return Found{}, fmt.Errorf("%s has no sitemap, and its start page %s", start, why)
			}
			found.Problems = append(found.Problems, problem)
			continue
		}
		if !isHTML(a) {
			continue
		}
		// A redirect makes the page the URL it ended at; its links are
		// relative to that, as in a browser.
		at, ok := s.page(a.url.String())
		if !ok || (at != l.to && seen[at]) {
			continue
		}
		seen[at] = true
		found.Pages = append(found.Pages, at)
		for _, next := range s.links(a.url, a.body) {
			if !seen[next] {
				seen[next] = true
				queue = append(queue, link{to: next, from: at})
			}
		}
	}
	if len(found.Pages) == 0 {
		return Found{}, fmt.Errorf("%s has no sitemap, and no page could be read from it", start)
	}
	return found, nil
}

// link is a page to read, and the first page found linking to it.
type link struct{ to, from string }

// unreadPage is the problem of a page that could not be read for its
// links (err, or an answer other than 200), if it is one.
func (s *Site) unreadPage(l link, a answer, err error) (Problem, bool) {
	if err == nil && a.status == http.StatusOK {
		return Problem{}, false
	}
	if to, ok := s.offSite(a, err); ok {
		return Problem{Check: registry.RedirectOffSite, URL: l.to, Message: fmt.Sprintf("redirects to %s, off the site: not followed, not crawled (linked from %s)", to, l.from)}, true
	}
	msg := unread(a, err) + " when the crawl read it for its links"
	if err != nil || transient(a, nil) {
		msg += "; pages linked only from it were not found"
	}
	return Problem{Check: registry.FailedRequest, URL: l.to, Message: fmt.Sprintf("%s (linked from %s)", msg, l.from)}, true
}

// offSite is where a redirect off the site that the page client stopped
// at leads.
func (s *Site) offSite(a answer, err error) (string, bool) {
	if err != nil || a.status < 300 || a.status > 399 || a.url == nil {
		return "", false
	}
	to, perr := a.url.Parse(a.header.Get("Location"))
	if perr != nil || a.header.Get("Location") == "" || s.OnSite(to) {
		return "", false
	}
	return to.String(), true
}

// unread says why a page could not be read: what it answered, after
// tries (a 404 once), or the error.
func unread(a answer, err error) string {
	if err != nil {
		return err.Error()
	}
	said := fmt.Sprintf("answered %d %s", a.status, http.StatusText(a.status))
	if transient(a, nil) {
		said += fmt.Sprintf(" %d times", tries)
	}
	return said
}

// links are the pages of the site that a page's <a href>s lead to.
func (s *Site) links(from *url.URL, body []byte) []string {
	p := htmlsite.Extract("", bytes.NewReader(body))
	if p.Base != "" {
		if b, err := from.Parse(p.Base); err == nil {
			from = b
		}
	}
	var out []string
	for _, l := range p.Links {
		if l.Elem != "a" && l.Elem != "area" {
			continue
		}
		if to, err := from.Parse(strings.TrimSpace(l.Raw)); err == nil {
			if page, ok := s.page(to.String()); ok {
				out = append(out, page)
			}
		}
	}
	return out
}

// page is raw as a page URL of the site (no fragment, no query), if it is
// one robots.txt lets the crawl open.
func (s *Site) page(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", false
	}
	u.Fragment, u.RawFragment, u.RawQuery = "", "", ""
	if !s.Allowed(u) {
		return "", false
	}
	return u.String(), true
}

// isHTML: the crawl opens documents, not the images and archives a docs
// page may link to. The header says which, as it does to a browser; with
// none, the body is sniffed.
func isHTML(a answer) bool {
	t := a.header.Get("Content-Type")
	if t == "" {
		t = http.DetectContentType(a.body)
	}
	mt, _, _ := strings.Cut(t, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	return mt == "text/html" || mt == "application/xhtml+xml"
}
