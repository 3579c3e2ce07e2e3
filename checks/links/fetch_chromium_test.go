package links_test

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	. "github.com/devdocs-dev/devdocs/checks/links"
)

// gateFetches are the paths of a page's links that stay on the site, and
// of the links of the stylesheets among them (the gate reads every
// stylesheet of the site), percent-decoded as the server sees them.
func gateFetches(t *testing.T, path, doc, from string) (paths []string) {
	var p *htmlsite.Page
	if htmlsite.IsCSS(path) {
		p = &htmlsite.Page{}
		require.NoError(t, readCSS(p, path, doc))
	} else {
		p = htmlsite.Extract(strings.TrimPrefix(path, "/"), strings.NewReader(doc))
	}
	for _, l := range p.Links {
		ref := Resolve(l.Raw, path, p.Base, "")
		if ref.Kind != Internal || ref.Path == path || ref.Path == from {
			continue
		}
		u, err := url.PathUnescape(ref.Path)
		require.NoError(t, err)
		paths = append(paths, u)
		if css, ok := fetchStylesheets[u]; ok {
			paths = append(paths, gateFetches(t, u, css, path)...)
		}
	}
	return paths
}

// readCSS reads a stylesheet as the gate reads one of the site's.
func readCSS(p *htmlsite.Page, path, css string) error {
	root, err := os.MkdirTemp("", "css")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)
	file := filepath.Join(root, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(file, []byte(css), 0o644); err != nil {
		return err
	}
	s, err := htmlsite.Load(root)
	if err != nil {
		return err
	}
	return s.Read(strings.TrimPrefix(path, "/"), p)
}

// fetchPages are pages whose references a browser fetches as it shows
// them, beside references it must not fetch (named "no…"): SVG's href and
// xlink:href (href wins), <use> of another file, <input type=image>, the
// background attribute, <image> as <img>, a frameset's frames.
var fetchPages = map[string]string{
	"/svg.html": `<!doctype html><svg width=10 height=10><image xlink:href="x1.png" width=5 height=5/>
<image href="x2.png" xlink:href="no1.png" width=5 height=5/><use href="sprite.svg#i"/><use xlink:href="/other.svg#j"/>
<filter id=f><feImage href="fe.png"/></filter><rect filter="url(#f)" width=5 height=5/>
<foreignObject width=5 height=5><img src="fo.png"><svg><use href="inner.svg#k"/></svg></foreignObject></svg>
<image src="html-image.png"><p xlink:href="no2.png">`,
	"/input.html": `<!doctype html><form><input type=image src="button.png"><input type=IMAGE src="b2.png"><input type=text src="no3.png"><input src="no4.png"></form>`,
	"/background.html": `<!doctype html><body background="bg.png"><table background="t.png"><tr background="tr.png"><td background="td.png">x</td>
<th background="th.png">y</th></tr></table>`,
	"/frames.html": `<!doctype html><frameset cols="50%,50%"><frame src="f1.html"><frame src="f2.html"></frameset>`,
	// CSS: a linked stylesheet's url()s and @imports against its own URL,
	// a <style>'s and a style attribute's against the page's <base>; no
	// URL in a comment or a string.
	"/css.html": `<!doctype html><base href="/docs/"><link rel=stylesheet href="/assets/app.css">
<style>@import url("/assets/imp.css"); .s { background: url(img/style-bg.png) } /* url(img/no-comment.png) */</style>
<p class=s>s</p><p style="background-image: url('/img/attr.png')">a</p><p class=f>font</p><p class=h>h</p><p class=e>e</p><p class=q>q</p>`,
}

// fetchStylesheets are the stylesheets of fetchPages.
var fetchStylesheets = map[string]string{
	"/assets/app.css": `@import "sub/imported.css";
@font-face { font-family: X; src: url(fonts/x.woff2) format("woff2"); }
.f { font-family: X } .h { background: url(../img/hero.png) } .q::before { content: "url(no-string.png)" }
/* url(no-comment.png) */ .e { background: u\72l(fonts/a\20 b.png) }`,
	"/assets/sub/imported.css": `.s2 { color: red }`,
	"/assets/imp.css":          `.s3 { color: red }`,
}

// TestFetchesAgreeWithChromium loads each page in Chromium and notes every
// URL the browser requests for it; the gate must find exactly those among
// the page's links (a frame's page is a link too, and what it fetches in
// turn is its own).
func TestFetchesAgreeWithChromium(t *testing.T) {
	var mu sync.Mutex
	requested := map[string]bool{} // by the page open now, or what it loads
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if doc, ok := fetchPages[r.URL.Path]; ok && r.Header.Get("Sec-Fetch-Dest") == "document" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, doc)
			return
		}
		mu.Lock()
		requested[r.URL.Path] = true
		mu.Unlock()
		if css, ok := fetchStylesheets[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, css)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	b := browsertest.Launch(t)
	ctx, cancel := b.Tab(time.Minute, true)
	defer cancel()

	for _, page := range slices.Sorted(maps.Keys(fetchPages)) {
		mu.Lock()
		clear(requested)
		mu.Unlock()
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+page)))
		// Images, sprites and frames load after the page: wait until the
		// network has been quiet a while.
		_, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`new Promise(done => setTimeout(done, 1500))`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		mu.Lock()
		var browser []string
		for u := range requested {
			if u != "/favicon.ico" && u != page {
				browser = append(browser, u)
			}
		}
		mu.Unlock()
		gate := gateFetches(t, page, fetchPages[page], "")
		slices.Sort(browser)
		slices.Sort(gate)
		assert.Equal(t, browser, slices.Compact(gate), "%s: what Chromium requested, and the gate's links", page)
	}
}
