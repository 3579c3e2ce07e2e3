package htmlsite_test

import (
	"encoding/base64"
	"html"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
)

// gif is a 1×1 image: every URL of the test server answers with it, so
// every candidate Chromium picks loads and img.currentSrc names it.
const gif = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"

// srcsetCorpus holds srcset values where parsers part: commas with and
// without spaces, commas inside URLs, data: URLs, descriptors valid and
// not, odd white space, empty candidates, candidates a browser never picks.
// Densities stay at or below 16x (see srcsetSettings).
var srcsetCorpus = []string{
	"a.png 1x,b.png 2x", "a.png,b.png", "a.png, b.png 2x", "a.png,, b.png 2x,", ",a.png", "a.png,,, 2x",
	"/img,v1.png 1x, /img,v2.png 2x", "a.png 1x , b.png 2x", "a(1).png 1x, b(2).png 2x",
	"a.png 1x 2x, b.png big, c.png", "a.png (x y), b.png 2x", "a.png 1x (y), b.png 2x", "a.png 2x,(b.png 3x)",
	"a.png 50h, b.png 0w, c.png -1x, d.png -0x, e.png 1.5x, f.png 1.x, g.png .5e1x, h.png +2x",
	"a.png 2X, b.png 100W, c.png 1x", "a.png 1x1, b.png 3x", "a.png 1e1x, b.png 3x",
	"a.png 100w 50h, b.png 200w, c.png 50h 300w", "a.png 100w, b.png 0.5x, c.png 3x",
	"\ta.png\f1x\r,\nb.png\t\t2x  ", "a.png\u00a01x, b.png 2x", "  a.png  ", "", ",", " , , ",
	"a.png, b.png", "a.png, b.png 1x", "a.png 1x, b.png 1.0x, c.png 2x", "a.png 1.5x, b.png 1.50x",
	"a.png 100w, b.png 100w", "a.png 100w, b.png 0100w", "a.png, b.png, c.png 1.0x, d.png 2x, e.png 2.0x", "a.png 100w, b.png 100w 80h", "a.png 100w, b.png 1x", "a.png 1x, a.png 2x",
	"a.png 0x, b.png 1x", "a.png 0x", "a.png 3x, b.png 2x, c.png 1x",
	"data:image/gif;base64," + gif + " 2x, a.png 1x", "data:image/gif;base64," + gif + ", b.png 2x",
	"a.png 1x, data:image/gif;base64," + gif, "data:image/gif;base64," + gif + " 1x,b.png 2x",
	"http://127.0.0.1:1/x.png 1x, //127.0.0.1:1/y.png 2x, ?q 3x, #f 4x", "a.png?w=1,2 1x, b.png#x,y 2x",
	"a.png 1x,\u3000b.png 2x", "a.png 1x,b.png 2x,c.png 3x,d.png 4x", "a b.png 1x",
}

// TestSrcsetAgreesWithChromium compares the URLs the gate takes from each
// srcset with the candidates Chromium picks. The browser keeps its parsed
// candidate list to itself, but it picks from it by density, so the test
// makes it pick every candidate it can: for each device pixel ratio and
// sizes of srcsetSettings, a fresh <img> per srcset, whose currentSrc
// (once it loaded) is the candidate picked. The union over the settings
// is every URL the browser may ever request for that srcset: no more, no
// less than the gate must check.
func TestSrcsetAgreesWithChromium(t *testing.T) {
	b := browsertest.Launch(t)
	image, _ := base64.StdEncoding.DecodeString(gif)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			w.Header().Set("Content-Type", "text/html")
			return
		}
		w.Header().Set("Content-Type", "image/gif")
		w.Header().Set("Cache-Control", "max-age=600")
		w.Write(image)
	}))
	defer srv.Close()
	ctx, cancel := b.Tab(2*time.Minute, true)
	defer cancel()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")))

	picked := make([]map[string]bool, len(srcsetCorpus))
	for i := range picked {
		picked[i] = map[string]bool{}
	}
	for round, s := range srcsetSettings(srcsetCorpus) {
		// The page learns of a new ratio a moment after the browser is told.
		require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(200, 200, chromedp.EmulateScale(s.dpr)),
			chromedp.Poll[chromedp.Void]("Math.abs(devicePixelRatio - "+browsertest.JS(s.dpr)+") < 1e-6", chromedp.WithPollingTimeout(10*time.Second))))
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](pickAll+"("+browsertest.JS(round)+", "+browsertest.JS(srcsetCorpus)+", "+browsertest.JS(s.sizes)+")", chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		for i, urls := range got {
			for _, u := range urls {
				picked[i][u] = true
			}
		}
	}

	gate := make([][]string, len(srcsetCorpus))
	for i, srcset := range srcsetCorpus {
		page := htmlsite.Extract("p.html", strings.NewReader(`<img srcset="`+html.EscapeString(srcset)+`">`))
		for _, l := range page.Links {
			gate[i] = append(gate[i], l.Raw)
		}
	}
	resolved, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`(lists => lists.map(l => (l || []).map(u => { try { return new URL(u, document.baseURI).href.split('#')[0] } catch (e) { return u } })))(`+browsertest.JS(gate)+`)`))
	require.NoError(t, err)
	for i, srcset := range srcsetCorpus {
		browser := slices.Sorted(func(yield func(string) bool) {
			for u := range picked[i] {
				if !strings.HasSuffix(u, "/fallback") && !yield(u) {
					return
				}
			}
		})
		gateSays := slices.Compact(slices.Sorted(slices.Values(resolved[i])))
		short := func(l []string) string { return strings.ReplaceAll(strings.Join(l, " "), srv.URL, "") }
		if why, ok := srcsetDifferences[srcset]; ok {
			// The gate may check more than Chromium requests here, never less.
			t.Logf("srcset %q: Chromium may request [%s], the gate checks [%s]: %s", srcset, short(browser), short(gateSays), why)
			for _, u := range browser {
				if !slices.Contains(gateSays, u) {
					t.Errorf("srcset %q: Chromium may request %s, which the gate does not check", srcset, u)
				}
			}
			continue
		}
		if !slices.Equal(browser, gateSays) {
			t.Errorf("srcset %q: Chromium may request [%s], the gate checks [%s]", srcset, short(browser), short(gateSays))
		}
	}
}

// srcsetDifferences are srcsets where the gate checks a URL that Chromium
// does not request, on purpose.
var srcsetDifferences = map[string]string{
	"a.png 0x":           zeroDensity,
	"a.png 0x, b.png 1x": zeroDensity,
	"a.png 50h, b.png 0w, c.png -1x, d.png -0x, e.png 1.5x, f.png 1.x, g.png .5e1x, h.png +2x": zeroDensity,
	"data:image/gif;base64," + gif + " 2x, a.png 1x":                                           dataFirst,
}

const (
	zeroDensity = "a candidate of density 0 is picked only when nothing else is offered, not even a src; " +
		"the gate checks it: whether it is ever requested depends on the rest of the <img>"
	dataFirst = "Chromium takes a candidate of higher density that it has in memory over the one it wants, " +
		"and counts every data: URL as in memory; other browsers request the 1x image on a 1x screen, so the gate checks it"
)

// A setting is a device pixel ratio, and the sizes attribute to give each
// srcset's <img>s there (one <img> for each).
type setting struct {
	dpr   float64
	sizes [][]string
}

// numbers finds everything that may be a density or a width in a srcset.
var numbers = regexp.MustCompile(`[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?`)

// srcsetSettings lists the settings under which Chromium picks each
// candidate in turn. It picks the candidate of the lowest density at or
// above the device pixel ratio, so a ratio equal to each number written in
// a srcset picks each density candidate (with sizes so wide that width
// candidates have a density near 0). A width candidate's density is its
// width over the sizes value, so at ratio 8, sizes of N/8 pixels (exact in
// binary) pick the candidate of width N. Ratio 1 without sizes is the
// ordinary screen.
func srcsetSettings(corpus []string) []setting {
	dprs := map[float64]bool{1: true, 8: true}
	for _, s := range corpus {
		for _, n := range numbers.FindAllString(s, -1) {
			if d, err := strconv.ParseFloat(n, 64); err == nil && d > 0 && d <= 16 {
				dprs[d] = true
			}
		}
	}
	var out []setting
	for _, dpr := range slices.Sorted(maps.Keys(dprs)) {
		st := setting{dpr: dpr, sizes: make([][]string, len(corpus))}
		for i, s := range corpus {
			st.sizes[i] = []string{"1000000px"}
			switch dpr {
			case 1:
				st.sizes[i] = append(st.sizes[i], "")
			case 8:
				for _, n := range numbers.FindAllString(s, -1) {
					if w, err := strconv.ParseFloat(n, 64); err == nil && w > 0 && !slices.Contains(st.sizes[i], px(w/8)) {
						st.sizes[i] = append(st.sizes[i], px(w/8))
					}
				}
			}
		}
		out = append(out, st)
	}
	return out
}

func px(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) + "px" }

// pickAll makes one <img> per srcset and sizes and answers the currentSrc
// of each once loaded. Chromium takes a candidate of higher density than it
// wants when that one is loaded or loading already, so each <img> lives in
// a document of its own (an iframe, kept from round to round), whose <base>
// gives relative URLs a fresh prefix, taken off again in the answer. Each
// has a src too, which the browser picks only where a srcset offers
// nothing better (it is filtered out): an <img> without one may never
// finish loading when its srcset offers nothing.
const pickAll = `(async (round, srcsets, sizes) => {
	let slot = 0;
	const loads = [], imgs = srcsets.map((srcset, i) => sizes[i].map(size => {
		let frame = document.body.children[slot];
		if (!frame) {
			frame = document.body.appendChild(document.createElement('iframe'));
			frame.contentDocument.head.append(frame.contentDocument.createElement('base'));
		}
		const doc = frame.contentDocument, prefix = '/' + round + '-' + slot++ + '/';
		doc.querySelector('base').href = prefix;
		const img = doc.createElement('img');
		loads.push(new Promise(done => { img.onload = img.onerror = done }));
		if (size) img.sizes = size;
		img.srcset = srcset;
		img.src = 'fallback';
		doc.body.replaceChildren(img);
		return {img, prefix};
	}));
	await Promise.all(loads);
	// A candidate that failed to load is named as written: resolve it. A
	// fragment is never requested, and currentSrc keeps it only sometimes.
	return imgs.map(list => list.map(({img, prefix}) =>
		new URL(img.currentSrc, img.ownerDocument.baseURI).href.split('#')[0].replace(location.origin + prefix, location.origin + '/')));
})`
