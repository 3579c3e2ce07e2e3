package htmlsite_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
)

// outlineCorpus holds pages whose title and headings a reading of the
// markup can get wrong: references, white space, elements, comments and
// scripts inside a heading; headings the parser ends early; titles that
// are not the document's (in <svg>, in a <template>, the second one);
// raw text that looks like markup.
var outlineCorpus = []string{
	"<title>\n  Install &amp; run\tthe CLI </title><title>Second</title><h1>Install</h1>",
	`<svg><title>Icon</title></svg><template><title>T</title><h2>In a template</h2></template><title>Page</title><h2>Out</h2>`,
	`<h2 id="a">Run <code>cargo&nbsp;risczero</code><!-- x -->now<script>var x = "no";</script><style>h2{}</style></h2>`,
	`<h2>One<h3>Two</h3><h4>Three`,
	`<h2>One</h3>after<h2 id="b">Two</h2><h5>Five</h5><h6>Six &lt;h1&gt;</h6>`,
	`<title/>x &lt;b&gt; <b>not bold</b></title><h1>A <em>b</em>  c</h1>`,
	`<h2>a<p>b</p>c<div>d</div></h2><p>text<h3>x<span>y</span></h3>`,
	`<h2>a < b &amp;&amp; c > d</h2><h3>&#x1F600; &eacute;t&eacute;</h3>`,
	`<body><h1>First</h1><section><h2>In a section</h2><article><h3>Deep</h3></article></section><h1>Second h1</h1>`,
	`<h2><a href="#z" aria-hidden="true"></a>Anchored</h2><h2>  Spaces   inside  </h2>`,
	`<textarea><h2>no</h2></textarea><noscript><h2>no</h2></noscript><h2>yes</h2>`,
	`<title>A</title><title>B</title>`,
	`<h2>unclosed <b>bold`,
	"<h2>tab\there\nand\r\nlines</h2>",
	`<h2>line<br>break</h2><h3>x<ul><li>a<li>b</ul>y</h3><h4>in<span>line</span><i>s</i></h4>`,
}

// browserOutline is what Chromium says of a page: document.title, and
// each heading's level and innerText (what a reader sees: no script's or
// style's text), white space collapsed here, as the outline collapses it.
type browserOutline struct {
	Title    string
	Headings [][2]string // level, text
}

// TestOutlineAgreesWithChromium holds each page's title and headings, as
// the scan reads them, to the DOM Chromium builds of the same page. The
// heading each id stands at is the gate's own rule, not the browser's,
// and is held by TestOutline.
func TestOutlineAgreesWithChromium(t *testing.T) {
	b := browsertest.Launch(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/")); err == nil && i < len(outlineCorpus) {
			w.Write([]byte(outlineCorpus[i]))
		}
	}))
	defer srv.Close()
	ctx, cancel := b.Tab(2*time.Minute, true)
	defer cancel()
	const read = `({Title: document.title, Headings: [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map(h =>
		[h.tagName.slice(1), h.innerText.replace(/[\s\u200b]+/g, ' ').trim()])})`
	for i, doc := range outlineCorpus {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+strconv.Itoa(i))))
		want, err := chromedp.Run(ctx, chromedp.Evaluate[browserOutline](read))
		require.NoError(t, err)
		o := htmlsite.Extract("p.html", strings.NewReader(doc))
		require.Nil(t, o.Outline, "the link check's reading keeps no outline")
		got := outline(t, doc)
		assert.Equal(t, want, got, "page %d: %q", i, doc)
	}
}

// outline is the page's title and headings as the gate reads them.
func outline(t *testing.T, doc string) browserOutline {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.html"), []byte(doc), 0o644))
	site, err := htmlsite.Load(dir)
	require.NoError(t, err)
	o, err := site.ReadOutline("p.html")
	require.NoError(t, err)
	got := browserOutline{Title: o.Title, Headings: [][2]string{}}
	for _, h := range o.Headings {
		got.Headings = append(got.Headings, [2]string{strconv.Itoa(h.Level), h.Text})
	}
	return got
}
