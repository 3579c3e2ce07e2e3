package links_test

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
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
}

// TestFetchesAgreeWithChromium loads each page in Chromium and notes every
// URL the browser requests for it; the gate must find exactly those among
// the page's links (a frame's page is a link too, and what it fetches in
// turn is its own).
func TestFetchesAgreeWithChromium(t *testing.T) {
	var mu sync.Mutex
	requested := map[string]map[string]bool{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if doc, ok := fetchPages[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, doc)
			return
		}
		mu.Lock()
		from := strings.TrimPrefix(r.Referer(), "http://"+r.Host)
		if requested[from] == nil {
			requested[from] = map[string]bool{}
		}
		requested[from][r.URL.Path] = true
		mu.Unlock()
		http.NotFound(w, r)
	}))
	defer srv.Close()
	b := browsertest.Launch(t)
	ctx, cancel := b.Tab(time.Minute, true)
	defer cancel()

	for _, page := range slices.Sorted(maps.Keys(fetchPages)) {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+page)))
		// Images, sprites and frames load after the page: wait until the
		// network has been quiet a while.
		_, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`new Promise(done => setTimeout(done, 1500))`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		mu.Lock()
		var browser []string
		for u := range requested[page] {
			if u != "/favicon.ico" {
				browser = append(browser, u)
			}
		}
		mu.Unlock()
		var gate []string
		p := htmlsite.Extract(strings.TrimPrefix(page, "/"), strings.NewReader(fetchPages[page]))
		for _, l := range p.Links {
			if ref := Resolve(l.Raw, page, p.Base, ""); ref.Kind == Internal && ref.Path != page {
				gate = append(gate, ref.Path)
			}
		}
		slices.Sort(browser)
		slices.Sort(gate)
		assert.Equal(t, browser, slices.Compact(gate), "%s: what Chromium requested, and the gate's links", page)
	}
}
