package bench

import (
	"fmt"
	"math/rand"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// The API-reference shape is a rustdoc-like site: item pages with a
// sidebar of methods and many links into other items and into source
// views, source views with an id on every line (thousands of lines), and
// redirect stubs (meta refresh plus a script that keeps the hash), some
// of them two hops long. Range fragments (#L12-L20) are handled by the
// source view's script and described in the site's checks.json.
const (
	apiCrates      = 8
	apiModules     = 25
	apiMethods     = 20
	apiSourceEvery = 16 // page i is a source view when i%16 == 0
	apiStubEvery   = 8  // and a redirect stub when i%8 == 4
)

// APIRefConfig is the checks.json the API-reference site is checked with:
// line ranges in source views are the view's script's business.
const APIRefConfig = `{"scriptFragments": [{"fragment": "^L[0-9]+-L[0-9]+$", "pages": "src/**"}]}` + "\n"

type apiKind int

const (
	apiItem apiKind = iota
	apiSource
	apiStub
)

func apiKindOf(i int) apiKind {
	switch {
	case i%apiSourceEvery == 0:
		return apiSource
	case i%apiStubEvery == apiStubEvery/2:
		return apiStub
	}
	return apiItem
}

func apiCrate(i int) int { return i % apiCrates }

// apiPath is page i's file, relative to the site root.
func apiPath(i int) string {
	c, m := apiCrate(i), i/apiCrates%apiModules
	switch apiKindOf(i) {
	case apiSource:
		return fmt.Sprintf("src/c%d/f%d.rs.html", c, i)
	case apiStub:
		return fmt.Sprintf("c%d/m%d/T%d.html", c, m, i)
	}
	return fmt.Sprintf("c%d/m%d/struct.T%d.html", c, m, i)
}

// apiLines is how many lines source view i has: 500 to 4,499.
func apiLines(i int) int { return 500 + (i*7919)%4000 }

// apiSourceOf is the source view an item's methods are defined in.
func apiSourceOf(i int) int { return i - i%apiSourceEvery }

// badStub and stub chains: one stub in 50 redirects to a page that is
// gone (an injected fault), one in 10 to another stub (two hops).
func badStub(i int) bool     { return i/apiStubEvery%50 == 0 }
func chainedStub(i int) bool { return i/apiStubEvery%10 == 5 }

// stubTarget is the page stub i redirects to: the next page (an item), or
// for a chained stub the previous stub.
func stubTarget(i int) int {
	if chainedStub(i) {
		return i - apiStubEvery
	}
	return i + 1
}

// GenerateAPIRef writes an API-reference site of n pages under dir and
// returns its faults; the same n and seed always give the same site.
func GenerateAPIRef(dir string, n int, seed int64) ([]Fault, error) {
	rng := rand.New(rand.NewSource(seed))
	if err := writeAPIAssets(dir); err != nil {
		return nil, err
	}
	var faults []Fault
	for i := 0; i < n; i++ {
		var body string
		var fs []Fault
		switch apiKindOf(i) {
		case apiSource:
			body = apiSourcePage(i, n, rng)
		case apiStub:
			body, fs = apiStubPage(i, n)
		default:
			body, fs = apiItemPage(i, n, rng)
		}
		for j := range fs {
			fs[j].Page = apiPath(i)
		}
		faults = append(faults, fs...)
		if err := write(dir, apiPath(i), body); err != nil {
			return nil, err
		}
	}
	return faults, writeFaults(dir, faults)
}

func writeAPIAssets(dir string) error {
	for f, body := range map[string]string{
		"static/rustdoc.css": "asset", "static/main.js": "asset", "static/src-script.js": "asset",
		"settings.html": apiHead("Settings") + "<h1 id=\"settings\">Settings</h1></body></html>\n",
		"help.html":     apiHead("Help") + "<h1 id=\"help\">Help</h1></body></html>\n",
		"index.html":    apiHead("Crates") + `<a href="c0/index.html">c0</a></body></html>` + "\n",
	} {
		if err := write(dir, f, body); err != nil {
			return err
		}
	}
	for c := 0; c < apiCrates; c++ {
		if err := write(dir, fmt.Sprintf("c%d/index.html", c), apiHead("Crate")+`<a href="../index.html">all crates</a></body></html>`+"\n"); err != nil {
			return err
		}
	}
	return nil
}

func apiHead(title string) string {
	return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>` + title + `</title>` +
		`<link rel="stylesheet" href="/static/rustdoc.css"><script src="/static/main.js"></script></head><body>` + "\n"
}

// rel is how a page of the API site links to root-relative file f: its
// pages sit two folders deep.
func rel(f string) string { return "../../" + f }

// pickItem is a random item page.
func pickItem(n int, rng *rand.Rand) int {
	for {
		if j := rng.Intn(n); apiKindOf(j) == apiItem {
			return j
		}
	}
}

// pickStub is a random stub that arrives at an item page.
func pickStub(n int, rng *rand.Rand) int {
	for {
		if j := rng.Intn(n); apiKindOf(j) == apiStub && !badStub(j) {
			return j
		}
	}
}

func apiItemPage(i, n int, rng *rand.Rand) (string, []Fault) {
	var b strings.Builder
	b.WriteString(apiHead(fmt.Sprintf("T%d", i)))
	fmt.Fprintf(&b, "<nav class=\"sidebar\"><a href=\"%s\">crate</a> <a href=\"%s\">settings</a> <a href=\"%s\">help</a>\n",
		rel(fmt.Sprintf("c%d/index.html", apiCrate(i))), rel("settings.html"), rel("help.html"))
	for k := 0; k < apiMethods; k++ {
		fmt.Fprintf(&b, "<a href=\"#method.m%d\">m%d</a>\n", k, k)
	}
	b.WriteString("</nav><main id=\"main-content\"><h2 id=\"implementations\">Implementations</h2>\n")
	src := apiSourceOf(i)
	for k := 0; k < apiMethods; k++ {
		line := 1 + rng.Intn(apiLines(src))
		fmt.Fprintf(&b, "<section id=\"method.m%d\"><h4>pub fn m%d()</h4><a class=\"src\" href=\"%s#L%d\">source</a>\n", k, k, rel(apiPath(src)), line)
		switch {
		case k < 5: // a line range, handled by the source view's script
			fmt.Fprintf(&b, "<a href=\"%s#L%d-L%d\">lines</a>\n", rel(apiPath(src)), line, line+3)
		case k < 10: // through a redirect stub, keeping the hash
			fmt.Fprintf(&b, "<a href=\"%s#method.m%d\">re-export</a>\n", rel(apiPath(pickStub(n, rng))), rng.Intn(apiMethods))
		}
		fmt.Fprintf(&b, "<a href=\"%s#method.m%d\">T</a>\n", rel(apiPath(pickItem(n, rng))), rng.Intn(apiMethods))
		if k%2 == 0 {
			fmt.Fprintf(&b, "<a href=\"%s\">T</a>\n", rel(apiPath(pickItem(n, rng))))
		}
		b.WriteString("</section>\n")
	}
	for _, t := range []string{"Clone", "Debug", "Send", "Sync"} {
		fmt.Fprintf(&b, "<h3 id=\"impl-%s-for-T%d\"><a href=\"#impl-%s-for-T%d\">§</a>impl %s</h3>\n", t, i, t, i, t)
	}
	var faults []Fault
	if i%20 == 1 {
		markup, href, check := apiFault(i, n, rng)
		b.WriteString(markup + "\n")
		faults = append(faults, Fault{Href: href, Check: check})
	}
	b.WriteString("</main></body></html>\n")
	return b.String(), faults
}

// apiFault is one injected fault of an item page: through a stub to a
// missing id, past the end of a source view, to a missing item, through a
// stub whose target is gone, and a line range on a page whose script does
// not handle it.
func apiFault(i, n int, rng *rand.Rand) (markup, href, check string) {
	switch i / 20 % 5 {
	case 0:
		href, check = rel(apiPath(pickStub(n, rng)))+"#method.nope", "broken-anchor"
	case 1:
		src := apiSourceOf(i)
		href, check = fmt.Sprintf("%s#L%d", rel(apiPath(src)), apiLines(src)+100), "broken-anchor"
	case 2:
		href, check = rel(fmt.Sprintf("c1/m2/struct.Missing%d.html", i)), "broken-link"
	case 3:
		bad := 4 + apiStubEvery*50*rng.Intn(max(1, n/(apiStubEvery*50)))
		href, check = rel(apiPath(bad))+"#method.m1", "broken-link"
	default:
		href, check = rel(apiPath(pickItem(n, rng)))+"#L5-L9", "broken-anchor"
	}
	return fmt.Sprintf(`<a href="%s">fault</a>`, href), href, check
}

// apiStubPage is a redirect stub as rustdoc writes it: meta refresh, a
// link for readers, and a script that keeps the query and the hash. A bad
// stub points at a page that does not exist (a fault of the stub itself).
func apiStubPage(i, n int) (string, []Fault) {
	t := stubTarget(i)
	if t >= n {
		t = i - 1 // the last page is a stub: point back at the item before it
	}
	target := rel(apiPath(t))
	var faults []Fault
	if badStub(i) {
		target = rel(fmt.Sprintf("c%d/gone/struct.T%d.html", apiCrate(i), i))
		faults = append(faults, Fault{Href: target, Check: registry.BrokenLink})
	}
	return fmt.Sprintf(`<!DOCTYPE html><html lang="en"><head><meta http-equiv="refresh" content="0;URL=%s"><title>Redirection</title></head>`+
		`<body><p>Redirecting to <a href="%s">%s</a>...</p><script>location.replace("%s" + location.search + location.hash);</script></body></html>`+"\n",
		target, target, target, target), faults
}

// apiSourcePage is a source view: links to other files of the crate, and
// a line-number column with an id on every line beside the code.
func apiSourcePage(i, n int, rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString(apiHead(fmt.Sprintf("f%d.rs", i)))
	fmt.Fprintf(&b, "<script src=\"%s\"></script><nav class=\"src-sidebar\">\n", rel("static/src-script.js"))
	for k := 0; k < 50; k++ {
		j := rng.Intn(n)
		j -= j % apiSourceEvery
		fmt.Fprintf(&b, "<a href=\"%s\">f%d.rs</a>\n", rel(apiPath(j)), j)
	}
	lines := apiLines(i)
	b.WriteString("</nav><main><div class=\"example-wrap\"><pre class=\"src-line-numbers\">")
	for l := 1; l <= lines; l++ {
		fmt.Fprintf(&b, "<span id=\"L%d\">%d</span>\n", l, l)
	}
	b.WriteString("</pre><pre class=\"rust\"><code>")
	for l := 1; l <= lines; l++ {
		fmt.Fprintf(&b, "    <span class=\"kw\">let</span> x%d = %d;\n", l, l)
	}
	b.WriteString("</code></pre></div></main></body></html>\n")
	return b.String()
}
