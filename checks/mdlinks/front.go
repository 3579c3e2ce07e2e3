package mdlinks

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Some generators serve a page where its front matter says instead of at
// its Output: Jekyll's and Eleventy's permalink, Hugo's url and slug,
// Starlight's slug. A link to that URL is to the page, and a link to the
// page's usual URL is to nothing. The gate reads a page's front matter
// when it asks where the page is served, and reads every page's front
// matter once, only when some URL has no page at its usual place.

// fronts are the front-matter URLs of one check's pages.
type fronts struct {
	mu    sync.Mutex
	of    map[string]frontURL // page file → its URL, when its front matter moves it
	once  sync.Once
	byURL map[string]string // the route of a URL (serve.URLRoute) → the page served there
	// unplaced are the URL folders of pages served where the gate cannot
	// compute (Rules.FrontUnplaced).
	unplaced []string
}

type frontURL struct {
	url   string
	ok    bool
	under string // the URL folder it is served under, when where is not known
}

// frontOf is the URL path the front matter of file (a page of mount m at
// rel) serves it at, when it moves it.
func (c *checker) frontOf(file string) (string, bool) {
	r := c.o.Rules
	if r.FrontURL == nil {
		return "", false
	}
	c.fronts.mu.Lock()
	f, known := c.fronts.of[file]
	c.fronts.mu.Unlock()
	if known {
		return f.url, f.ok
	}
	m, rel, in := r.mountOf(file)
	if in {
		if src, err := c.o.Tree.ReadFile(file); err == nil {
			value := func(key string) string { return mdscan.FrontValue(src, key) }
			if u, ok := r.FrontURL(rel, value); ok {
				f = frontURL{url: inMount(m, u, r.FrontFromRoot), ok: true}
			} else if r.FrontUnplaced != nil {
				if dir, ok := r.FrontUnplaced(rel, value); ok {
					f.under = inMount(m, dir, r.FrontFromRoot)
				}
			}
		}
	}
	c.fronts.mu.Lock()
	c.fronts.of[file] = f
	c.fronts.mu.Unlock()
	return f.url, f.ok
}

// aliases are the other URL paths the front matter of file has it answer
// at (FrontAliases).
func (c *checker) aliases(file string) []string {
	key := c.o.Rules.FrontAliases
	m, _, in := c.o.Rules.mountOf(file)
	if key == "" || !in {
		return nil
	}
	src, err := c.o.Tree.ReadFile(file)
	if err != nil {
		return nil
	}
	var out []string
	for _, u := range mdscan.FrontList(src, key) {
		out = append(out, inMount(m, u, c.o.Rules.FrontFromRoot))
	}
	return out
}

// inMount is a front matter's URL path u, which is the site's when
// fromRoot, else its content folder's.
func inMount(m Mount, u string, fromRoot bool) string {
	if fromRoot {
		return "/" + strings.TrimPrefix(u, "/")
	}
	return strings.TrimSuffix(m.URL, "/") + "/" + strings.TrimPrefix(u, "/")
}

// frontPage is the page whose front matter serves it at urlPath.
func (c *checker) frontPage(urlPath string) (string, bool) {
	if c.o.Rules.FrontURL == nil {
		return "", false
	}
	c.fronts.once.Do(func() {
		c.fronts.byURL = map[string]string{}
		for _, m := range c.o.Rules.Mounts {
			_ = filepath.WalkDir(m.Dir, func(p string, d fs.DirEntry, err error) error {
				if d != nil && d.IsDir() && p != m.Dir && c.o.Rules.FrontHTML && skippedForHTML(d.Name()) {
					return filepath.SkipDir // the build, a dependency's, a tool's: no page
				}
				if err != nil || d.IsDir() || !mdscan.IsMarkdownFile(p) && !(c.o.Rules.FrontHTML && strings.HasSuffix(p, ".html")) {
					return nil
				}
				if u, ok := c.frontOf(p); ok {
					c.fronts.byURL[serve.URLRoute(decode(u))] = p
				}
				for _, u := range c.aliases(p) {
					c.fronts.byURL[serve.URLRoute(decode(u))] = p
				}
				c.fronts.mu.Lock()
				if under := c.fronts.of[p].under; under != "" && !slices.Contains(c.fronts.unplaced, under) {
					c.fronts.unplaced = append(c.fronts.unplaced, under)
				}
				c.fronts.mu.Unlock()
				return nil
			})
		}
	})
	f, ok := c.fronts.byURL[serve.URLRoute(decode(urlPath))]
	return f, ok
}

// skippedForHTML are the folders whose HTML files are no pages: the built
// site (_site), dependencies, dot folders.
func skippedForHTML(name string) bool {
	return strings.HasPrefix(name, "_site") || name == "node_modules" || strings.HasPrefix(name, ".")
}

// unplaced reports whether a page whose URL the gate cannot compute may be
// served at urlPath, which no page it knows answers.
func (c *checker) unplaced(urlPath string) bool {
	if _, ok := c.frontPage(urlPath); ok || c.o.Rules.FrontUnplaced == nil {
		return false
	}
	for _, dir := range c.fronts.unplaced {
		if strings.HasPrefix(urlPath, dir) {
			return true
		}
	}
	return false
}
