package htmlsite

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/encoding/unicode"
)

func TestExtractFindsEveryLinkSource(t *testing.T) {
	page := Extract("p.html", strings.NewReader(`<base href="/b/">
<a href="/a">a</a><area href="/area"><link rel="stylesheet" href="/l.css">
<img src="/i.png" srcset="/i1.png 1x, /i2.png 2x"><picture><source srcset="/s.webp 100w"></picture>
<video poster="/p.jpg"></video><object data="/o.svg"></object>
<meta http-equiv="Refresh" content="3;URL='/r'">
<div id="d"></div><a name="n"></a><p name="not-an-anchor"></p>`))
	var hrefs []string
	for _, l := range page.Links {
		hrefs = append(hrefs, l.Elem+" "+l.Attr+"="+l.Raw)
	}
	assert.Equal(t, []string{"a href=/a", "area href=/area", "link href=/l.css", "img src=/i.png", "img srcset=/i1.png",
		"img srcset=/i2.png", "source srcset=/s.webp", "video poster=/p.jpg", "object data=/o.svg", "meta refresh=/r"}, hrefs)
	assert.Equal(t, "/b/", page.Base)
	assert.Equal(t, []string{"d", "n"}, page.IDs.List())
	assert.True(t, page.IDs.Has("d"))
	assert.False(t, page.IDs.Has("not-an-anchor"))
}

// SVG's references and the HTML elements a browser fetches from besides
// the usual ones are links of the page: an SVG element's href, or its
// xlink:href when it has no href; <use href="#id"> names an element of the
// page, an anchor. An <input> fetches its src only as an image button.
// Outside <svg>, xlink:href means nothing, and <image> is an <img>.
func TestExtractFindsSVGAndOtherFetchedReferences(t *testing.T) {
	page := Extract("p.html", strings.NewReader(`<svg><a xlink:href="/x.html">x</a><a href="/h.html" xlink:href="/no.html">h</a>
<image xlink:href="/pic.png"/><image href="/img.png" xlink:href="/no.png"/><use href="#icon"/><USE XLink:Href="sprite.svg#i"/>
<filter><feImage href="/fe.png"/></filter><script xlink:href="/s.js"></script><symbol id="icon"></symbol>
<foreignObject><a xlink:href="/no.html">html</a><image src="/fo.png"></foreignObject></svg>
<a xlink:href="/no.html">html</a><image src="/html-image.png"><use href="/no.svg">
<input type="image" src="/button.png"><input type="IMAGE" src="/b2.png"><input type="text" src="/no.png"><input src="/no.png">
<body background="/bg.png"><table background="/t.png"><tr><td background="/td.png"></table><frame src="/f.html"><image srcset="/is.png 2x">
<form action="/no"><button formaction="/no"></button></form><blockquote cite="/no"></blockquote><html manifest="/no.appcache">`))
	var hrefs []string
	for _, l := range page.Links {
		hrefs = append(hrefs, l.Elem+" "+l.Attr+"="+l.Raw)
	}
	assert.Equal(t, []string{"a xlink:href=/x.html", "a href=/h.html", "image xlink:href=/pic.png", "image href=/img.png",
		"use href=#icon", "use xlink:href=sprite.svg#i", "feImage href=/fe.png", "script xlink:href=/s.js", "img src=/fo.png",
		"img src=/html-image.png", "input src=/button.png", "input src=/b2.png", "body background=/bg.png",
		"table background=/t.png", "td background=/td.png", "frame src=/f.html", "img srcset=/is.png"}, hrefs)
	assert.True(t, page.IDs.Has("icon"))
}

// A <link>'s href is a link of the page when a browser fetches it or the
// HTML Standard makes it a hyperlink; rel is a set of space-separated
// tokens in any ASCII case, and rev (obsolete) makes no link.
func TestLinkElementsByRel(t *testing.T) {
	for rel, checked := range map[string]bool{
		`rel="stylesheet"`: true, `rel="alternate stylesheet"`: true, `rel="icon"`: true, `rel="shortcut icon"`: true,
		`rel="SHORTCUT ICON"`: true, `rel="apple-touch-icon"`: true, `rel="apple-touch-icon-precomposed"`: true, `rel="mask-icon"`: true,
		`rel="preload" as="font"`: true, `rel="modulepreload"`: true, `rel="prefetch"`: true, `rel="manifest"`: true, `rel="search"`: true,
		`rel="canonical"`: true, `rel="alternate"`: true, `rel="prev"`: true, `rel="next"`: true, `rel="help"`: true, `rel="license"`: true,
		`rel="author"`: true, `rel="privacy-policy"`: true, `rel="terms-of-service"`: true, "rel=\"\tnext\n\"": true, `rel="nofollow next"`: true,
		`rel=Canonical`: true, `REL="Next"`: true, `rel="author" rev="made"`: true,

		`rev="made"`: false, ``: false, `rel=""`: false, `rel="dns-prefetch"`: false, `rel="preconnect"`: false, `rel="pingback"`: false,
		`rel="shortcut"`: false, `rel="stylesheets"`: false, `rel="next-page"`: false, `rel="nofollow"`: false, `rev="next"`: false,
		`rel="me"`: false, `rel="dns-prefetch" rel="stylesheet"`: false, // the first rel counts
	} {
		page := `<link ` + rel + ` href="/x">`
		p := Extract("p.html", strings.NewReader(page))
		if checked {
			assert.Equal(t, []string{"/x"}, hrefsOf(p), page)
		} else {
			assert.Empty(t, p.Links, page)
		}
		assert.Equal(t, hrefsOf(p), hrefsOf(&Page{Links: extractByTokens([]byte(page)).Links}), "by tokens: %s", page)
	}
}

func hrefsOf(p *Page) []string {
	var hrefs []string
	for _, l := range p.Links {
		hrefs = append(hrefs, l.Raw)
	}
	return hrefs
}

// Tags are read from their raw bytes first; upper case, long custom element
// names and repeated attributes must read as a browser reads them. A link's
// line is its value's, not its tag's (the <IMG> on line 1 has its src on 2).
func TestExtractReadsTagsAsBrowsersDo(t *testing.T) {
	page := Extract("p.html", strings.NewReader(`<A HREF="/upper">x</A><IMG
SRC="/nl.png">
<a href="/first" HREF="/second" id="one" ID="two"><my-long-component Id="custom"></my-long-component>
<p class="hidden">no id here</p><section data-x="1" id="sec"></section><Video Poster="/p.jpg" SRC="/v.mp4"></Video>`))
	var hrefs []string
	for _, l := range page.Links {
		hrefs = append(hrefs, fmt.Sprintf("%d %s %s=%s", l.Line, l.Elem, l.Attr, l.Raw))
	}
	assert.Equal(t, []string{"1 a href=/upper", "2 img src=/nl.png", "3 a href=/first", "4 video src=/v.mp4", "4 video poster=/p.jpg"}, hrefs)
	assert.Equal(t, []string{"one", "custom", "sec"}, page.IDs.List())
}

// What the DOM holds, not what the markup says: a <template>'s content is
// not in the document, a <base> or <a> in <svg> is no HTML element, and a
// second <html> or <body> tag adds only the attributes the first lacked. Each case is
// also read by the full parser (html.Parse), which must agree.
func TestExtractReadsTheDocumentNotTheMarkup(t *testing.T) {
	cases := []struct {
		page, base string
		ids        []string
	}{
		{`<template><h2 id="t"></h2><a name="n"></a><base href="/t/"></template><p id="p">`, "", []string{"p"}},
		{`<template><template id="a"></template><i id="b"></i></template><i id="c">`, "", []string{"c"}},
		{`<TEMPLATE><i id="a"></i></Template ><i id="b">`, "", []string{"b"}},
		{`<svg><base href="/svg/"></base><g id="g"></g></svg><base href="/html/">`, "/html/", []string{"g"}},
		{`<math><base href="/m/"/></math><svg/><base href=" /x/ ">`, " /x/ ", nil},
		{`<base href=""><base href="/second/">`, "", nil},
		{`<base target="_blank"><base href="/b/">`, "/b/", nil},
		{`<svg><a name="s"></a><foreignObject><a name="f"></a></foreignObject><a name="s2"></a></svg><a name="h">`, "", []string{"f", "h"}},
		{`<html id="h1"><body id="b1"><html id="h2" lang="x"><body id="b2"></body></html>`, "", []string{"h1", "b1"}},
		{`<html><body><html id="h"><body id="b">`, "", []string{"h", "b"}},
		// An <svg> inside a <foreignObject> is SVG again; </svg> there ends the <foreignObject> too.
		{`<svg><foreignObject><svg><a name="s"></a></svg><a name="f"></a></foreignObject></svg>`, "", []string{"f"}},
		{`<svg><foreignObject></svg></foreignObject><svg><a name="s"></a></svg><a name="h">`, "", []string{"h"}},
		{`<svg><foreignObject><base href="/fo/"></foreignObject></svg><base href="/late/">`, "/fo/", nil},
	}
	for _, c := range cases {
		p := Extract("p.html", strings.NewReader(c.page))
		assert.Equal(t, c.base, p.Base, c.page)
		assert.Equal(t, c.ids, p.IDs.List(), c.page)

		doc, err := html.Parse(strings.NewReader(c.page))
		require.NoError(t, err)
		var ids []string
		base, hasBase := "", false
		var walk func(n *html.Node, inTemplate bool)
		walk = func(n *html.Node, inTemplate bool) {
			if n.Type == html.ElementNode {
				for _, a := range n.Attr {
					if !inTemplate && (a.Key == "id" || a.Key == "name" && n.DataAtom == atom.A && n.Namespace == "") {
						ids = append(ids, a.Val)
					}
					if a.Key == "href" && n.DataAtom == atom.Base && n.Namespace == "" && !inTemplate && !hasBase {
						base, hasBase = a.Val, true
					}
				}
				inTemplate = inTemplate || n.DataAtom == atom.Template && n.Namespace == ""
			}
			for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
				walk(ch, inTemplate)
			}
		}
		walk(doc, false)
		assert.Equal(t, base, p.Base, "html.Parse: %s", c.page)
		assert.Equal(t, ids, p.IDs.List(), "html.Parse: %s", c.page)
	}
}

func TestSrcsetKeepsCommasInsideURLs(t *testing.T) {
	assert.Equal(t, []string{"/img,v1.png", "/b.png"}, SrcsetURLs("/img,v1.png 1x, /b.png 2x"))
	assert.Equal(t, []string{"/a.png"}, SrcsetURLs("  /a.png  "))
}

// The URLs a meta refresh's content leads to, as Chromium follows them
// (TestRefreshAgreesWithChromium in checks/links holds the gate to the
// browser on a larger corpus).
func TestRefreshURL(t *testing.T) {
	for in, want := range map[string]string{"0; url=/faq": "/faq", "5;URL='/x'": "/x", "0": "", "1, url=/y": "/y",
		"0 nothere.html": "nothere.html", "0; url.html": "url.html", "0; url": "url", "0 ; Url = 'a b.html' ": "a b.html",
		"0; url='a.html": "a.html", "0, 'a.html', 'b.html'": "a.html', 'b.html", "0.5.3; url=a.html": "a.html",
		"0x; url=a.html": "", "-1; url=a.html": "", "; url=a.html": "", "1e0; url=a.html": ""} {
		u, _, _ := ParseRefresh(in)
		assert.Equal(t, want, u, in)
	}
	for in, want := range map[string]bool{"0; url=a": true, ".5; url=a": true, "0.9 a": true, "00,a": true, "1; url=a": false, "2.9 a": false} {
		_, atOnce, ok := ParseRefresh(in)
		assert.True(t, ok, in)
		assert.Equal(t, want, atOnce, in)
	}
}

func TestExtractSurvivesHostileInput(t *testing.T) {
	nul := Extract("nul.html", bytes.NewReader([]byte("<a href=\"/x\x00y\">\x00</a><a href=\"/ok\">")))
	assert.Len(t, nul.Links, 2)

	// A 50 MB page streams through the tokenizer; only its links are kept.
	var big bytes.Buffer
	big.WriteString(`<a href="/first">`)
	chunk := strings.Repeat("<p>filler text without links</p>\n", 1000)
	for big.Len() < 50<<20 {
		big.WriteString(chunk)
	}
	big.WriteString(`<a href="/last">`)
	p := Extract("big.html", &big)
	require.Len(t, p.Links, 2)
	assert.Greater(t, p.Links[1].Line, 1_000_000)
}

func TestLoadStaysInsideTheRoot(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	write("index.html", `<a href="/loop/">x</a>`)
	write("caf\xe9.html", "latin-1 name") // not valid UTF-8
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret.html"), []byte("secret"), 0o644))
	require.NoError(t, os.Symlink(root, filepath.Join(root, "loop")))                                       // directory loop
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.html"), filepath.Join(root, "leak.html"))) // leaves the root
	require.NoError(t, os.Symlink(filepath.Join(root, "index.html"), filepath.Join(root, "alias.html")))    // stays inside
	require.NoError(t, os.WriteFile(filepath.Join(outside, "shared.js"), []byte("//"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(outside, "shared.js"), filepath.Join(root, "shared.js"))) // not a page: looked up, never read

	s, err := Load(root)
	require.NoError(t, err)
	assert.Contains(t, s.Files, "alias.html")
	assert.Contains(t, s.Files, "shared.js")
	assert.Contains(t, s.Files, "caf\xe9.html")
	assert.NotContains(t, s.Files, "leak.html")
	assert.NotContains(t, s.Files, "loop/index.html")
	assert.Equal(t, []Problem{
		{"leak.html", "symlink points outside the site root; not read"},
		{"loop", "symlinked directory not followed (it could loop); links into it count as broken"},
	}, s.Problems)
}

// Extraction must never panic or hang, whatever the bytes.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{`<a href="/x">`, "<a href=\x00>", `<img srcset=",,, ,">`, `<meta http-equiv=refresh content=";url=">`, "<base href=", "<<a href='/a'"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p := Extract("f.html", bytes.NewReader(b))
		for _, l := range p.Links {
			if l.Line < 1 {
				t.Fatalf("link %q has line %d", l.Raw, l.Line)
			}
		}
	})
}

// Extract reads tag names and skips tags from their raw bytes; it must find
// exactly what the tokenizer's own Token API reports for the same input.
func FuzzExtractAgreesWithTokens(f *testing.F) {
	for _, s := range []string{`<A HREF="/x" ID=a>`, "<img\nsrc=/i srcset='/a 1x'>", `<my-element-name id="c"><p class=hidden>`,
		`<a href=/1 href=/2 name=n>`, "<i\x00d id=x><vIdEo poster=/p>", `<meta http-equiv=REFRESH content="0;url=/r">`, `<base href=" /b/ ">`,
		`<a href="/x" id="a">`, `<a href="/x" href="/y">`, `<a id="" id="b">`, `<a href="/a&amp;b">`, "<a\fhref=\"/f\">", `<a/href="/s">`,
		`<img src="/i" />`, `<a href="/x"id="y">`, `<a href="/x" >`, `<a HREF="/x">`, `<a href="/x>"> `, "<a href=\"/x\ry\">",
		`<meta http-equiv="refresh" content="0;url=/r"><script>location.replace("/s" + location.hash)</script>`, "<p id=L1><p id=L2><p id=L2><p id=L3>",
		// Where tokens end: comments, declarations, raw text, script escapes, tags cut off by the end of the file.
		`<!--><a href=/1><!---><a href=/2><!-- -- --!><a href=/3><!-- --!-><a href=/4>-->`, `<!DOCTYPE html><!x><?php ?><a href=/5></ x><a href=/6></>`,
		`<title><a href=/no></TITLE ><textarea><a id=no></textarea/><a id=yes>`, `<script>"</scrip>"</script	><a href=/7>`,
		`<script><!--</script><a href=/8>--></script><a href=/9>`, `<style><!--</style><a href=/10>`, `<plaintext><a href=/no>`,
		`<svg/><a name=n><svg><a name=m/></svg><svg a=/><base href=/b></svg>`, `<a href=/x`, `<a id="x`, `<p =x id=y>`, `<a / href=/s/ id=z/>`,
		`<svg><a xlink:href=/x href=/h><use XLink:Href="#i"><image xlink:href=/im><feimage href=/f><foreignObject><use href=/no>`,
		`<input TYPE=Image src=/b><input src=/no><image src=/img><table background=/t>`,
		`<style>@import "a.css"; b { background: url( /b.png ) }</style><p style="x: url(&quot;/c&amp;d.png&quot;)">`,
		`<image srcset="/a 1x, /b 2x"><svg><image srcset="/no 1x"/><foreignObject><svg><a name=s></a></svg><base href=/fo/>`,
		"<meta http-equiv=\"refre\u017fh\" content=0;url=/no><svg><foreignObject></svg></foreignObject><svg><a name=x>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got := Extract("f.html", bytes.NewReader(b))
		// Both read the text the browser reads: the scan is held to the
		// tokenizer on a page's decoded text (encoding_test.go and the
		// Chromium anchor test hold the decoding).
		if e := sniff(b); e != nil {
			b = decoded(b, e)
		}
		want := extractByTokens(b)
		assert.Equal(t, want.Links, got.Links)
		assert.Equal(t, idSet(want.IDs), idSet(got.IDs.List()))
		assert.Equal(t, want.Base, got.Base)
		assert.Equal(t, want.Redirect, got.Redirect)
	})
}

// asDOM is an attribute value as the DOM holds it: bytes that are no
// UTF-8 replaced by the Encoding Standard's UTF-8 decoder.
func asDOM(v []byte) []byte {
	out, _ := unicode.UTF8.NewDecoder().Bytes(v)
	return out
}

// Random tags in every form an attribute takes (quoted, unquoted, bare,
// repeated, upper case, with character references, CR and NUL): each must
// read as Token reads it. (The fuzzer alone seldom writes a well-formed
// quoted attribute.)
func TestTagsReadAsTheTokenizerDoes(t *testing.T) {
	names := []string{"a", "A", "img", "video", "div", "meta", "base", "source", "object", "my-el", "a\x00"}
	keys := []string{"href", "id", "name", "src", "srcset", "poster", "http-equiv", "content", "data", "class", "HREF", "Id", "data-x", "x:y", "=", ""}
	vals := []string{"/x", "", "#y", "/a b", "/i.png 1x, /j.png 2x", "refresh", "0;url=/r", "a&amp;b", "a&ampb", "a&amp;amp;b", "&amp;&amp;", "a&amp=b", "a&amp;&lt;b", "a&amp;\rb", "a\rb", "a\x00b", "x>y", "it's", "/p/"}
	seps := []string{" ", " ", " ", "\t", "\n", "", "\r", "\f", "  ", "/"}
	ends := []string{">", ">", "/>", " >", " />", "/ >", ""}
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		var b bytes.Buffer
		b.WriteString("<" + names[rng.Intn(len(names))])
		for j := rng.Intn(5); j > 0; j-- {
			b.WriteString(seps[rng.Intn(len(seps))] + keys[rng.Intn(len(keys))])
			switch v := vals[rng.Intn(len(vals))]; rng.Intn(5) {
			case 0:
			case 1:
				b.WriteString("='" + v + "'")
			case 2:
				b.WriteString("=" + v)
			default:
				b.WriteString(`="` + v + `"`)
			}
		}
		b.WriteString(ends[rng.Intn(len(ends))])
		got, want := Extract("f.html", bytes.NewReader(b.Bytes())), extractByTokens(b.Bytes())
		require.Equal(t, want.Links, got.Links, "%q", b.String())
		require.Equal(t, idSet(want.IDs), idSet(got.IDs.List()), "%q", b.String())
		require.Equal(t, want.Base, got.Base, "%q", b.String())
	}
}

// Random documents made of the pieces where a token's end is easy to get
// wrong: comments and their odd closings, declarations, raw text elements
// and their end tags, script escapes, foreign content, tags left open at
// the end of the file. Each must read as Token reads it.
func TestDocumentsReadAsTheTokenizerDoes(t *testing.T) {
	pieces := []string{"<a href=/a id=a>", "<p id=L1>", "<p id=L2>\n", "text\n", "<", "</", ">", "-", "--", "!", "<!--", "-->", "--!>", "<!-->",
		"<!--->", "<!", "<!DOCTYPE html>", "<!doctype", "<?", "</>", "</ p>", "<script>", "</script>", "</SCRIPT ", "<script src=/s.js>",
		`location.replace("/r" + location.hash)`, "<style>", "</style>", "<title>", "</title>", "<textarea>", "</textarea>", "<xmp>",
		"<plaintext>", "<noscript>", "</noscript>", "<iframe src=/f>", "</iframe>", "<svg>", "<svg/>", "</svg>", "<math>", "</math>",
		"<foreignObject>", "</foreignObject>", "<template>", "</template>", "<base href=/b/>", "<a name=n>", `<img srcset="/1 1x, /2 2x">`,
		`<meta http-equiv=refresh content="0;url=/m">`, "<a href='", "'>", `"`, "<A HREF=/U>", "<a href=/amp&amp;x>", "\r\n", "\x00",
		"<use xlink:href=/u href=#h>", "<USE XLINK:HREF=/x>", "<image href=/i src=/s>", "<feImage xlink:href='/f'>", "<a xlink:href=/xl>",
		"<input type=image src=/b>", "<input type=text src=/no>", "<body background=/bg.png>", "<td background=/t.png>", "<frame src=/fr>",
		`<p style="background: url(/bg.png)">`, "<div STYLE='x:url(\"/q.png\")'>", "a{background:url(/s.png)} @import 'i.css';", "<style/>", "/* url(/c.png) */",
		"<image srcset='/s 1x'>", "<IMAGE SRC=/I>", "<meta http-equiv=refre\u017fh content=0;url=/no>", "<video src=/v poster=/p>",
		"<link rel='Shortcut Icon' href=/ic>", "<link rel=preconnect href=/pc>", "<link REL=stylesheet href=/st.css>"}
	rng := rand.New(rand.NewSource(2))
	for range 30000 {
		var b strings.Builder
		for j := 1 + rng.Intn(12); j > 0; j-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		doc := []byte(b.String())
		got, want := Extract("f.html", bytes.NewReader(doc)), extractByTokens(doc)
		require.Equal(t, want.Links, got.Links, "%q", doc)
		require.Equal(t, idSet(want.IDs), idSet(got.IDs.List()), "%q", doc)
		require.Equal(t, want.Base, got.Base, "%q", doc)
		require.Equal(t, want.Redirect, got.Redirect, "%q", doc)
	}
}

// The HTML Standard's srcset parser, as browsers run it.
func TestSrcsetAsBrowsersParseIt(t *testing.T) {
	for in, want := range map[string][]string{
		"a.png 1x,b.png 2x":             {"a.png", "b.png"},
		"a.png,b.png":                   {"a.png,b.png"},
		"a.png, b.png 2x":               {"a.png", "b.png"},
		"a.png,, b.png 2x,":             {"a.png", "b.png"},
		"a.png 100w 50h,b.png":          {"a.png", "b.png"},
		"a.png 1x 2x, b.png big, c.png": {"c.png"},
		"a.png 50h, b.png 0w, c.png -1x, d.png -0x, e.png 1.5x, f.png 1.x, g.png .5e1x": {"d.png", "e.png", "g.png"},
		"a.png (x y), b.png 1x":     {"b.png"},
		"\ta.png\f1x\r,\nb.png\t2x": {"a.png", "b.png"},
		// Of candidates with equal density or width, the browser only ever picks the first.
		"a.png, b.png, c.png 1.0x, d.png 2x, e.png 2.0x":    {"a.png", "d.png"},
		"a.png 100w, b.png 100w 50h, c.png 0100w, d.png 1x": {"a.png", "d.png"},
		",,,": nil,
		"":    nil,
	} {
		assert.Equal(t, want, SrcsetURLs(in), "%q", in)
	}
}

// A page redirects when a meta refresh has no delay, or an inline script
// does nothing but send the reader to a literal URL; the script form wins
// (a reader with JavaScript runs it first) and says whether the hash goes along.
// Its place is the meta's content, or the script's URL inside the quotes.
func TestRedirects(t *testing.T) {
	for page, want := range map[string]Redirect{
		`<meta http-equiv="refresh" content="0;URL=../b.html">`:                                          {Href: "../b.html", Line: 1, Col: 37, Off: 36},
		`<meta http-equiv="Refresh" content=" 0.5; url='/b'">`:                                           {Href: "/b", Line: 1, Col: 37, Off: 36},
		`<meta http-equiv="refresh" content="5; url=/b">`:                                                {},
		"<meta http-equiv=\"refre\u017fh\" content=\"0; url=/b\">":                                       {}, // ASCII case only: ſ is no s
		`<meta http-equiv="refresh" content="10; url=/b">`:                                               {},
		`<template><meta http-equiv="refresh" content="0; url=/b"></template>`:                           {},
		"<script>\nlocation.replace(\"/b\" + location.search + location.hash);</script>":                 {Href: "/b", Line: 2, Col: 19, Off: 27, Script: true, KeepsHash: true},
		`<script>window.location.href = '/b' + window.location.hash</script>`:                            {Href: "/b", Line: 1, Col: 33, Off: 32, Script: true, KeepsHash: true},
		`<script>location = "/b";</script>`:                                                              {Href: "/b", Line: 1, Col: 21, Off: 20, Script: true},
		`<script>location.assign("/b")</script>`:                                                         {Href: "/b", Line: 1, Col: 26, Off: 25, Script: true},
		`<script>if (x) location = "/b";</script>`:                                                       {},
		`<script>location.href.replace("/b")</script>`:                                                   {},
		`<script>location.replace("/b"</script>`:                                                         {},
		`<script>location = "/b")</script>`:                                                              {},
		`<script src="/r.js">location = "/b"</script>`:                                                   {},
		`<script>location = "/" + name</script>`:                                                         {},
		`<meta http-equiv="refresh" content="0;url=/m"><script>location = "/s" + location.hash</script>`: {Href: "/s", Line: 1, Col: 67, Off: 66, Script: true, KeepsHash: true},
		// mkdocs-redirects: the hash kept in a variable, appended with its "#".
		`<script>var anchor=window.location.hash.substr(1);location.href="../b/"+(anchor?"#"+anchor:"")</script>`: {Href: "../b/", Line: 1, Col: 66, Off: 65, Script: true, KeepsHash: true},
		`<script>var a = location.hash.slice(1); location = '/b' + (a ? '#' + a : '');</script>`:                  {Href: "/b", Line: 1, Col: 53, Off: 52, Script: true, KeepsHash: true},
		`<script>var anchor=window.location.hash.substr(1);location.href="/b"+(other?"#"+other:"")</script>`:      {},
		`<script>location.href="/b"+(anchor?"#"+anchor:"")</script>`:                                              {},
		`<script>var anchor=window.location.hash.substr(1);go();location.href="/b"</script>`:                      {},
	} {
		assert.Equal(t, want, Extract("p.html", strings.NewReader(page)).Redirect, page)
	}
	// The script's URL is a link of the page unless the meta refresh names it already.
	p := Extract("p.html", strings.NewReader(`<meta http-equiv="refresh" content="0;URL=/b"><script>location.replace("/b" + location.hash)</script>`))
	assert.Len(t, p.Links, 1)
	p = Extract("p.html", strings.NewReader(`<meta http-equiv="refresh" content="0;URL=/b"><script>location.replace("/c" + location.hash)</script>`))
	assert.Equal(t, []Link{{Raw: "/b", Line: 1, Col: 37, Off: 36, Elem: "meta", Attr: "refresh"}, {Raw: "/c", Line: 1, Col: 73, Off: 72, Elem: "script", Attr: "location"}}, p.Links)
}

// A link's place is where the attribute value holding it starts, in bytes
// from the start of its line, so an editor opens on the href: a srcset's
// candidates share its value's place, a meta refresh has its content's.
// The page read through the tokenizer (a script with "<!--" sends it
// there) places each link alike, one line further down.
func TestLinksArePlacedAtTheirValues(t *testing.T) {
	page := "<!doctype html><p>x</p><a class=c href=\"/a\">a</a><A HREF=/b>b</A>\r\n" +
		"<img\n  alt=x\n  src='/i.png' srcset=\"/1.png 1x, /2.png 2x\">\n" +
		"<a href=\"/q?x=1&amp;y=2\">q</a> <a href = \"/q?x=1&lt;\">lt</a>\n" +
		"\t<meta http-equiv=refresh content=\"5; url=/r\">"
	want := []string{"1:41 /a", "1:58 /b", "4:8 /i.png", "4:24 /1.png", "4:24 /2.png", "5:10 /q?x=1&y=2", "5:43 /q?x=1<", "6:36 /r"}
	placed := func(p *Page, shift int) []string {
		var got []string
		for _, l := range p.Links {
			got = append(got, fmt.Sprintf("%d:%d %s", l.Line-shift, l.Col, l.Raw))
		}
		return got
	}
	assert.Equal(t, want, placed(Extract("p.html", strings.NewReader(page)), 0))
	assert.Equal(t, want, placed(Extract("p.html", strings.NewReader("<script><!-- --></script>\n"+page)), 1), "through the tokenizer")
}

// On a line longer than 200 bytes (a minified page) a link has an excerpt
// of about 80 bytes from its tag, cut between characters, "…" where the
// line goes on; a short line has none.
func TestExcerptOfALongLine(t *testing.T) {
	filler, more := strings.Repeat("<p>filler</p>", 20), strings.Repeat("<p>more text</p>", 20)
	cases := []struct{ page, href, want string }{
		{"<p>short</p><a href=\"/gone/\">Gone</a>\n" + filler + more, "/gone/", ""},
		{filler + `<a href="/gone/">Gone</a>` + more, "/gone/",
			`…<a href="/gone/">Gone</a><p>more text</p><p>more text</p><p>more text</p><p>more…`},
		{`<a href="/first/">First</a>` + more, "/first/",
			`<a href="/first/">First</a><p>more text</p><p>more text</p><p>more text</p><p>mo…`},
		{filler + `<a href="/end/">End</a>` + "\r\n", "/end/", `…<a href="/end/">End</a>`},
		{filler + `<a href="/é">` + strings.Repeat("é", 100), "/é",
			`…<a href="/é">` + strings.Repeat("é", 33) + `…`}, // 14 bytes of tag, 66 of 2-byte letters
		{filler + `<a href="/e">` + strings.Repeat("é", 100), "/e",
			`…<a href="/e">` + strings.Repeat("é", 33) + `…`}, // 13 bytes of tag: the 80th byte is inside an é, left out
		{filler + `<a class="` + strings.Repeat("c", 60) + `" href="/far/">` + more, "/far/",
			`…` + strings.Repeat("c", 32) + `" href="/far/"><p>more text</p><p>more text</p><…`}, // the tag starts too far back: 40 bytes before the value
		{filler + `<a class="` + strings.Repeat("é", 30) + `"  href="/u/">` + more, "/u/",
			`…` + strings.Repeat("é", 16) + `"  href="/u/"><p>more text</p><p>more text</p><p…`}, // 40 bytes back is inside an é: 41
	}
	for _, c := range cases {
		p := &Page{}
		p.extract("p.html", strings.NewReader(c.page))
		require.Len(t, p.Links, 1, c.page)
		l := p.Links[0]
		require.Equal(t, c.href, l.Raw)
		got := p.Excerpt(l.Off, l.Col)
		assert.Equal(t, c.want, got, c.page)
		assert.True(t, utf8.ValidString(got), got)
	}
}

// A read that fails part way leaves a page that is not its file: it is
// kept as an error for Parse to report, not judged as if whole, whether
// the page is held in memory or streamed through the tokenizer.
func TestReadErrorIsKept(t *testing.T) {
	defer func(n int) { maxInMemory = n }(maxInMemory)
	for _, limit := range []int{maxInMemory, 8} {
		maxInMemory = limit
		p := &Page{}
		r := io.MultiReader(strings.NewReader(`<a href="/x">x</a>`), iotest.ErrReader(errors.New("input/output error")))
		p.extract("a.html", r)
		assert.EqualError(t, p.err, "input/output error", "limit %d", limit)
		p.extract("a.html", strings.NewReader(`<a href="/x">`))
		assert.NoError(t, p.err, "a page read whole after a failed one")
	}
}

// A page's hash is the same in every run: a deploy record keeps it for
// the next run's comparison. The value is CRC-32 (IEEE) then CRC-32C of
// the bytes, as Python's zlib.crc32 and a bitwise CRC-32C give them.
func TestSumIsTheSameInEveryRun(t *testing.T) {
	assert.Equal(t, uint64(0x85e978275d1de9b0), Sum([]byte("<h1>Hello</h1>")))
}
