// Command docsifyoracle is the browser's word on a Docsify site, for
// proofs/docsify.sh: it serves a docs folder on 127.0.0.1, opens its
// pages in headless Chromium as a reader does, and says of every link the
// rendered pages hold (content, sidebar, navbar) whether Docsify really
// renders a page for it, scrolls to its heading, and shows its image.
// Docsify has no build: the links, ids and image sources are the ones its
// router and compiler write into the DOM, so this is the only place they
// can be seen.
//
//	docsifyoracle [-base /proj/] [-history] [-ids PAGE] DIR
//
// Each link is printed "PAGE<TAB>HREF<TAB>VERDICT", VERDICT "ok" or what
// breaks ("404 FILE", "no heading #ID on ROUTE", "image not loaded"); with
// -ids, only PAGE's headings, "LEVEL<TAB>ID" a line, in order.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/devdocs-dev/devdocs/checks/browser"
)

func main() {
	base := flag.String("base", "/", "the path the docs folder is served under")
	history := flag.Bool("history", false, "the site sets routerMode: 'history'")
	ids := flag.String("ids", "", "print the ids of this route's headings instead")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: docsifyoracle [-base /proj/] [-history] [-ids ROUTE] DIR")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *base, *history, *ids); err != nil {
		fmt.Fprintln(os.Stderr, "docsifyoracle:", err)
		os.Exit(2)
	}
}

// page is what one route rendered: its links, heading ids and images.
type page struct {
	NotFound bool     `json:"notFound"`
	IDs      []string `json:"ids"`
	Levels   []int    `json:"levels"` // each heading's, as IDs
	Links    []string `json:"links"`
	Images   []image  `json:"images"`
}

type image struct {
	Src    string `json:"src"`
	Loaded bool   `json:"loaded"`
}

func run(dir, base string, history bool, idsOf string) error {
	origin, stop, err := serveDocs(dir, base, history)
	if err != nil {
		return err
	}
	defer stop()
	b, err := browser.Launch(context.Background(), os.Getenv("CHROMIUM"))
	if err != nil {
		return err
	}
	defer b.Close()
	o := &oracle{b: b, site: origin + base, history: history, seen: map[string]page{}}
	if idsOf != "" {
		p, err := o.open(idsOf)
		if err != nil {
			return err
		}
		for i, id := range p.IDs {
			fmt.Printf("%d\t%s\n", p.Levels[i], id)
		}
		return nil
	}
	return o.crawl()
}

// serveDocs serves dir under base on 127.0.0.1; in history mode a path no
// file answers (a folder's too) is answered with index.html, as such a
// site's host must (Netlify's "/* /index.html 200").
func serveDocs(dir, base string, history bool) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	files := http.StripPrefix(strings.TrimSuffix(base, "/"), http.FileServer(http.Dir(dir)))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest, ok := strings.CutPrefix(r.URL.Path, strings.TrimSuffix(base, "/"))
		if !ok {
			http.NotFound(w, r)
			return
		}
		if st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+rest)))); history && (err != nil || st.IsDir()) && path.Ext(rest) == "" {
			http.ServeFile(w, r, filepath.Join(dir, "index.html"))
			return
		}
		files.ServeHTTP(w, r)
	})
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}

type oracle struct {
	b       *browser.Browser
	site    string // the docs folder's URL, with its slash
	history bool
	seen    map[string]page // by route
}

// collect is run in the page once Docsify has rendered it.
const collect = `(() => {
  const main = document.querySelector('.markdown-section');
  const h1 = main && main.querySelector('h1');
  const links = [...document.querySelectorAll('.markdown-section a[href]:not(.anchor), .sidebar-nav a[href], .app-nav a[href], .cover a[href]')]
    .map(a => a.getAttribute('href'));
  return {
    notFound: !!(h1 && /^404 - /.test(h1.textContent.trim())),
    ids: main ? [...main.querySelectorAll('h1,h2,h3,h4,h5,h6')].map(h => h.id) : [],
    levels: main ? [...main.querySelectorAll('h1,h2,h3,h4,h5,h6')].map(h => +h.tagName[1]) : [],
    links,
    images: [...document.querySelectorAll('.markdown-section img, .sidebar-nav img, .app-nav img, .cover img')].map(i => ({src: i.getAttribute('src'), loaded: i.complete && i.naturalWidth > 0})),
  };
})()`

// settled is true once Docsify has rendered the route and its sidebar,
// and every image has loaded or failed.
const settled = `(() => {
  const main = document.querySelector('.markdown-section');
  if (!main || main.children.length === 0 || document.querySelector('.sidebar-nav:empty')) return false;
  return [...document.images].every(i => i.complete);
})()`

// open renders route (a hash route "/guide/", or in history mode a path
// under the base) in a new tab (a page is a new document: Docsify keeps
// nothing of the last), and reads the page.
func (o *oracle) open(route string) (page, error) {
	if p, ok := o.seen[route]; ok {
		return p, nil
	}
	u := o.site + "#" + route
	if o.history {
		u = strings.TrimSuffix(o.site, "/") + route
	}
	ctx, cancel := o.b.Tab(20*time.Second, false)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return page{}, fmt.Errorf("opening %s: %w", u, err)
	}
	// Docsify renders after its fetches: wait until the DOM holds still
	// for two polls in a row.
	var last string
	for stable := 0; stable < 2; time.Sleep(100 * time.Millisecond) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](settled))
		if err != nil {
			return page{}, fmt.Errorf("rendering %s: %w", u, err)
		}
		html, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerHTML`))
		if err != nil {
			return page{}, err
		}
		if ok && html == last {
			stable++
		} else {
			stable = 0
		}
		last = html
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](collect))
	if err != nil {
		return page{}, fmt.Errorf("reading %s: %w", u, err)
	}
	var p page
	if err := json.Unmarshal(raw, &p); err != nil {
		return page{}, err
	}
	o.seen[route] = p
	return p, nil
}

// route is the route and heading id a rendered link of the page at route
// from leads to, ok false for a link Docsify leaves to the browser (another
// site, a file). In history mode Docsify's click handler routes every link
// to the site's own origin, read from the page's URL.
func (o *oracle) route(from, href string) (route, id string, ok bool) {
	if o.history {
		base, _ := url.Parse(strings.TrimSuffix(o.site, "/") + from)
		u, err := base.Parse(href)
		if err != nil || u.Host != base.Host {
			return "", "", false
		}
		return u.Path, u.Query().Get("id"), true
	}
	r, ok := strings.CutPrefix(href, "#")
	if !ok {
		return "", "", false
	}
	r, query, _ := strings.Cut(r, "?")
	q, _ := url.ParseQuery(query)
	return r, q.Get("id"), true
}

// crawl opens the home route and every route a rendered link leads to, and
// prints each link's verdict, in the order found.
func (o *oracle) crawl() error {
	queue, done := []string{"/"}, map[string]bool{"/": true}
	for len(queue) > 0 {
		from := queue[0]
		queue = queue[1:]
		p, err := o.open(from)
		if err != nil {
			return err
		}
		for _, href := range p.Links {
			verdict, next, err := o.judge(from, href)
			if err != nil {
				return err
			}
			fmt.Printf("%s\t%s\t%s\n", from, href, verdict)
			if next != "" && !done[next] {
				done[next] = true
				queue = append(queue, next)
			}
		}
		for _, img := range p.Images {
			verdict := "ok"
			if !img.Loaded {
				verdict = "image not loaded"
			}
			fmt.Printf("%s\t%s\t%s\n", from, img.Src, verdict)
		}
	}
	return nil
}

// judge opens what href leads to: the route Docsify renders (next, to be
// crawled), or for a link left to the browser, the file the server answers.
func (o *oracle) judge(from, href string) (verdict, next string, err error) {
	route, id, ok := o.route(from, href)
	if !ok {
		return o.fetch(href)
	}
	p, err := o.open(route)
	if err != nil {
		return "", "", err
	}
	switch {
	case p.NotFound:
		return "404 " + route, "", nil
	case id != "" && !slices.Contains(p.IDs, id):
		return "no heading #" + id + " on " + route, route, nil
	}
	return "ok", route, nil
}

// fetch asks the server for a link the browser follows itself, from the
// docs folder's URL (where index.html is); another site is not asked.
func (o *oracle) fetch(href string) (string, string, error) {
	baseURL, _ := url.Parse(o.site)
	u, err := baseURL.Parse(href)
	if err != nil {
		return "bad URL", "", nil
	}
	if u.Host != baseURL.Host {
		return "ok (another site, not asked)", "", nil
	}
	resp, err := http.Get(u.String())
	if err != nil {
		return "", "", err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Sprintf("%d %s", resp.StatusCode, u.Path), "", nil
	}
	return "ok", "", nil
}
