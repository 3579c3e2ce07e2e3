// Package deploys compares a site's new build with the one deployed last:
// every URL the last deploy served must still answer (removed-url), and
// every id of a page still there must still be on it (removed-anchor),
// since readers, search engines and other sites link to both and no check
// of the new build alone can see those links.
package deploys

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Options say how both builds are served.
type Options struct {
	// Host is the host profile of the run; both deploys are taken to be
	// served by it.
	Host serve.Host
	// BasePath is the path the site is served under ("/", "/repo/").
	BasePath string
	// SiteURL is the site's public URL, when known: an absolute URL of
	// its origin is a URL of the site.
	SiteURL string
	// IDs is the id style of the markdown the pages are built from, when
	// the run knows it (a preset in force, or routes.json): its way to set
	// a heading's id (mdscan.IDStyle.KeepID) is offered to keep one.
	IDs mdscan.IDStyle
	// Sum, when set, is the hash (htmlsite.Sum) of the bytes the link
	// check read of a page of the new build (links.Stats.Sum): a page of
	// the last deploy with that hash is known unchanged without reading
	// the new page again.
	Sum func(file string) (uint64, bool)
	// Gist is the gist of each page of the new build, as its link check
	// kept it (links.Stats.Gist, the site read with outlines and
	// links.Options.Gists): the suggestions compare them, and read no
	// page again. Without it only the URLs are compared.
	Gist func(file string) htmlsite.Gist
}

// Builds are the two builds compared, named as the user named them (the
// diagnostics' files are under them). Previous may also be the URLs the
// last deploy served: its sitemap (a file or its URL) or a list of URLs
// (urllist.go).
type Builds struct {
	Previous, Current string
}

// Pages says what the new build's link check read of a page (a path in
// the site): its ids, and its redirect when it is a stub (links.Stats.Page).
type Pages func(file string) (ids htmlsite.Anchors, redirect htmlsite.Redirect, ok bool)

// page is what the comparison keeps of a page of the previous build: its
// outline (its ids, headings and title), where it is not the new build's
// page's (unchanged).
type page struct {
	outline *htmlsite.Outline // as its folder or its record gives it
	// same: the new build has the page at its path as it was (its ids
	// are the link check's, outline nil).
	same bool
}

// prevOutline is the outline of a page of the previous build (file: its
// path there): as kept, or for a page the new build has as it was, read
// again; an empty one for a page that cannot be read again (the reading
// said so already).
func (c *comparison) prevOutline(file string, p *page) *htmlsite.Outline {
	if p != nil && p.outline != nil {
		return p.outline
	}
	return readOutline(c.prevSite(), file)
}

// readOutline is the outline of a page of a build, read again.
func readOutline(s *htmlsite.Site, file string) *htmlsite.Outline {
	if o, err := s.ReadOutline(file); err == nil {
		return o
	}
	return &htmlsite.Outline{}
}

// Compare finds what the last deploy (b.Previous) served that the new
// build (site, read from b.Current, its pages as the link check read them)
// no longer does. A previous build that
// is missing, has no pages, or shares no URL with the new one is an error,
// not a finding per page: it is the wrong folder, not a site that lost
// every URL.
func Compare(b Builds, site *htmlsite.Site, pages Pages, o Options) (diag.List, error) {
	o.BasePath = orRoot(o.BasePath)
	// The new build's _redirects, unless the caller read it already: the
	// host applies it in its Answer.
	var err error
	if o.Host, err = o.Host.WithRedirects(site.Root, joinPath(b.Current, serve.RedirectsFile), o.BasePath); err != nil {
		return nil, err
	}
	c := &comparison{o: o, b: b, cur: site, curPage: pages}
	urls, isRecord, isList, err := previousList(b.Previous)
	switch {
	case err != nil:
		return nil, err
	case isRecord:
		if err := c.fromRecord(b.Previous); err != nil {
			return nil, err
		}
		return c.run()
	case isList:
		return c.runList(urls)
	}
	if c.prev, err = loadPrevious(b.Previous); err != nil {
		return nil, err
	}
	c.fromFolder()
	return c.run()
}

func orRoot(base string) string {
	if base == "" {
		return "/"
	}
	return base
}

// loadPrevious reads the previous build's files, refusing a folder that is
// missing or holds no page.
func loadPrevious(dir string) (*htmlsite.Site, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("previous build %s: no such folder or file (give the last deploy's build folder, its sitemap.xml, or a list of its URLs)", diag.Printable(dir))
	}
	s, err := htmlsite.Load(dir)
	if err != nil {
		return nil, fmt.Errorf("previous build %s: %v", diag.Printable(dir), err)
	}
	if len(s.HTML) == 0 {
		return nil, fmt.Errorf("previous build %s has no HTML pages: is it the folder the last deploy was built into?", diag.Printable(dir))
	}
	return s, nil
}

// readPages reads the previous build's pages for their outlines (ids,
// headings, title: parsed once, for the ids compared and the headings
// and title a finding names). A page whose bytes are those of the new
// build's page at its path has that page's ids, which the link check
// holds: it is read, not parsed, and nothing of it is kept (unchanged).
// On a deploy that changed a few pages of many, the comparison then costs
// a read of each file, not a second parse of the site. A page that cannot
// be read is left out (nil), as the link check of the new build says of
// its own.
func readPages(prev, cur *htmlsite.Site, sum func(string) (uint64, bool)) []*page {
	pages := make([]*page, len(prev.HTML))
	par.Each(len(prev.HTML), func() func(int) {
		var was, now []byte // each worker's, reused from page to page
		return func(i int) {
			file := prev.HTML[i]
			var same bool
			if _, ok := cur.Files[file]; ok {
				same, was, now = sameBytes(prev, cur, file, sum, was, now)
			}
			if same {
				pages[i] = unchanged
				return
			}
			if o, err := prev.ReadOutline(file); err == nil {
				pages[i] = &page{outline: o}
			}
		}
	})
	return pages
}

// unchanged is a previous page the new build has as it was.
var unchanged = &page{same: true}

// sameBytes reports whether the file of both builds holds the same bytes,
// reading them into was and now (returned for reuse); the new build's is
// known by its sum where the link check kept one.
func sameBytes(prev, cur *htmlsite.Site, file string, sum func(string) (uint64, bool), was, now []byte) (bool, []byte, []byte) {
	was, err := prev.Bytes(file, was)
	if err != nil {
		return false, was, now
	}
	if sum != nil {
		if s, ok := sum(file); ok {
			return s == htmlsite.Sum(was), was, now
		}
	}
	st, err := os.Stat(filepath.Join(cur.Root, filepath.FromSlash(file)))
	if err != nil || st.Size() != int64(len(was)) {
		return false, was, now
	}
	now, err = cur.Bytes(file, now)
	return err == nil && bytes.Equal(now, was), was, now
}

// fromFolder reads the previous build's pages, and the URL each is
// served at; a 404 page is none.
func (c *comparison) fromFolder() {
	c.prevFiles = c.prev.HTML
	c.prevPages = readPages(c.prev, c.cur, c.o.Sum)
	c.prevURLs = make([]string, len(c.prevFiles))
	for i, file := range c.prevFiles {
		if !isNotFoundPage(file) {
			c.prevURLs[i] = c.o.servedAt(file, c.prevHas)
		}
	}
}

// sized makes room for n pages of the last deploy, read one at a time:
// grown by appending, the lists would cost five times their size.
func (c *comparison) sized(n int) {
	c.prevFiles, c.prevURLs, c.prevPages = make([]string, 0, n), make([]string, 0, n), make([]*page, 0, n)
}

// prevSite is the build the previous pages are read from: the last
// deploy's folder, or for a record's page the new build has as it was
// (unchanged), the new build.
func (c *comparison) prevSite() *htmlsite.Site {
	if c.prev == nil {
		return c.cur
	}
	return c.prev
}

// comparison is one run of Compare.
type comparison struct {
	o          Options
	b          Builds
	prev, cur  *htmlsite.Site
	prevFiles  []string // the last deploy's pages: prev.HTML, or its record's
	prevURLs   []string // each one's URL, under the base path; "" for none
	prevPages  []*page  // by index in prevFiles; nil for a page unread
	rec        *Record  // the last deploy's record, when given as one
	curPage    Pages
	candidates *candidates // the new build's pages, for suggestions; listed when first needed
	// nearestSought: how many removed URLs the nearest URL was sought for
	// among every page (at most maxNearest).
	nearestSought int
	servedBefore  map[string]bool // the URLs the last deploy served, full paths
}

// run follows each URL of the last deploy on the new build. When none of
// them answers there, the home page aside (every site has one), the
// previous build is of another site, or built for another base URL.
func (c *comparison) run() (diag.List, error) {
	var found diag.List
	answered, others := 0, 0
	c.servedBefore = make(map[string]bool, len(c.prevURLs))
	for i, u := range c.prevURLs {
		if u != "" && c.prevPages[i] != nil {
			c.servedBefore[u] = true
		}
	}
	for i, file := range c.prevFiles {
		u := c.prevURLs[i]
		if u == "" || c.prevPages[i] == nil {
			continue
		}
		a := c.answer(u)
		if u != c.o.BasePath {
			others++
			if a.file != "" || a.unjudged {
				answered++
			}
		}
		switch {
		case a.file == "" && !a.unjudged:
			found = append(found, c.removedURL(file, u, a, c.prevPages[i]))
		case a.file != "" && a.keepsFragment:
			found = append(found, c.removedAnchors(file, c.prevPages[i], u, a.file)...)
		}
	}
	return found, c.sharesURLs(others, answered)
}

// runList follows each URL a list of the last deploy's names on the new
// build; each removed one is said at the line that lists it.
func (c *comparison) runList(urls []listed) (diag.List, error) {
	var found diag.List
	answered, others, under := 0, 0, 0
	c.servedBefore = map[string]bool{}
	for _, l := range urls {
		c.servedBefore[l.path] = true
	}
	for _, l := range urls {
		if _, ok := c.inSite(l.path); !ok {
			continue
		}
		under++
		a := c.answer(l.path)
		if l.path != c.o.BasePath {
			others++
			if a.file != "" || a.unjudged {
				answered++
			}
		}
		if a.file == "" && !a.unjudged {
			d := c.removedURL(pageFile(c.inSiteOnly(l.path)), l.path, a, nil)
			d.File, d.Line = filepath.ToSlash(c.b.Previous), l.line // a URL stays one
			found = append(found, d)
		}
	}
	if under == 0 {
		return nil, fmt.Errorf("previous deploy %s lists no URL under the base path %s", diag.Printable(c.b.Previous), c.o.BasePath)
	}
	return found, c.sharesURLs(others, answered)
}

// sharesURLs refuses a last deploy none of whose URLs, the home page
// aside (every site has one), answers on the new build: it is another
// site's, or built for another base URL, not a site that lost every page.
func (c *comparison) sharesURLs(others, answered int) error {
	if others > 0 && answered == 0 {
		return fmt.Errorf("previous build %s shares no URL with %s: none of its pages answers there, the home page aside; is it a build of this site, for the same base URL?",
			diag.Printable(c.b.Previous), diag.Printable(c.b.Current))
	}
	return nil
}

// inSiteOnly is inSite's path, for a URL known to be in the site.
func (c *comparison) inSiteOnly(full string) string {
	rel, _ := c.inSite(full)
	return rel
}

// pageFile is the file a page at a URL path (from the site's root) would
// be: a folder's index.html, else the path as it is, .html added when it
// has no extension.
func pageFile(rel string) string {
	rel = strings.TrimPrefix(rel, "/")
	if p, err := url.PathUnescape(rel); err == nil {
		rel = p
	}
	switch {
	case rel == "" || strings.HasSuffix(rel, "/"):
		return rel + "index.html"
	case path.Ext(rel) == "":
		return rel + ".html"
	}
	return rel
}

// isNotFoundPage: a 404.html is the host's answer to a URL no file
// answers, not a URL readers link to; it may come and go.
func isNotFoundPage(file string) bool { return path.Base(file) == serve.NotFoundFile }

func (c *comparison) prevHas(f string) bool { _, ok := c.prev.Files[f]; return ok }
func (c *comparison) curHas(f string) bool  { _, ok := c.cur.Files[f]; return ok }

// fullURL is a path the host answers (from the site's root) as readers
// see it, under the base path.
func (c *comparison) fullURL(rootPath string) string { return c.o.fullURL(rootPath) }

func (o Options) fullURL(rootPath string) string {
	return o.BasePath + strings.TrimPrefix(rootPath, "/")
}

// servedAt is the URL (under the base path) a file of a build (has: its
// files) is served at: one rule for a page of the last deploy, read from
// its folder or written to its record, and for a page of the new build,
// so that the same page has the same URL in each.
func (o Options) servedAt(file string, has func(string) bool) string {
	return o.fullURL(o.Host.ServedURL(file, has))
}

// inSite is a full URL path from the site's root, ok false for one
// outside the base path.
func (c *comparison) inSite(full string) (string, bool) {
	if full+"/" == c.o.BasePath {
		return "/", true
	}
	rest, ok := strings.CutPrefix(full, c.o.BasePath)
	return "/" + rest, ok
}

// fileURL is the URL (under the base path) a file of the new build is
// served at.
func (c *comparison) fileURL(file string) string { return c.o.servedAt(file, c.curHas) }

// resolve is the path of href on the page at pagePath, ok false when it
// leads to another site. An absolute URL on the site's own origin
// (siteURL, when known) stays on the site: Hugo's aliases and
// jekyll-redirect-from with a url set write their redirect pages so.
func resolve(pagePath, href, siteURL string) (string, bool) {
	base, err := url.Parse("http://site.invalid" + pagePath)
	if err != nil {
		return "", false
	}
	ref, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return "", false
	}
	u := base.ResolveReference(ref)
	if own, err := url.Parse(siteURL); err == nil && own.Host != "" && strings.EqualFold(u.Host, own.Host) && u.Scheme == own.Scheme {
		return u.EscapedPath(), true
	}
	if u.Scheme != "http" || u.Host != "site.invalid" {
		return "", false
	}
	return u.EscapedPath(), true
}
