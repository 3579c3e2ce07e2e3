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
)

// Pages are the URLs of the site's pages under Base that robots.txt allows,
// sorted, at most MaxPages: those its sitemaps list (the ones robots.txt
// names, else /sitemap.xml), or, when they list none under Base (none at
// all, or a preview's sitemap naming production URLs), those reached by
// following links from Base. A fragment or query is no other page. how
// says which it was.
func (s *Site) Pages(ctx context.Context) (pages []string, how string, err error) {
	found, err := s.fromSitemaps(ctx)
	how = "listed by its sitemaps"
	if err == nil && len(found) == 0 {
		found, err = s.followLinks(ctx)
		how = "reached by its links (no sitemap lists a page under " + s.Base.String() + ")"
	}
	if err != nil {
		return nil, "", err
	}
	slices.Sort(found)
	return slices.Compact(found), how, nil
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
		a, err := s.get(ctx, u)
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
// first, and keeps the ones that answered 200 with HTML.
func (s *Site) followLinks(ctx context.Context) ([]string, error) {
	start := s.Base.String()
	queue, seen := []string{start}, map[string]bool{start: true}
	var pages []string
	for len(queue) > 0 && len(pages) < s.opts.MaxPages {
		u := queue[0]
		queue = queue[1:]
		a, err := s.get(ctx, u)
		if err != nil {
			return nil, err
		}
		if a.status != http.StatusOK || !isHTML(a) {
			continue
		}
		// A redirect makes the page the URL it ended at; its links are
		// relative to that, as in a browser.
		at, ok := s.page(a.url.String())
		if !ok || (at != u && seen[at]) {
			continue
		}
		seen[at] = true
		pages = append(pages, at)
		for _, next := range s.links(a.url, a.body) {
			if !seen[next] {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("%s has no sitemap, and no page could be read from it", start)
	}
	return pages, nil
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
