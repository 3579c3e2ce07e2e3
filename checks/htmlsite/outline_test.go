package htmlsite

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"
)

// outlineOf reads doc for its outline, as Parse reads a page of a site
// read with Outlines.
func outlineOf(doc string) *Outline {
	p := &Page{outlines: true}
	p.extract("p.html", strings.NewReader(doc))
	return p.Outline
}

func TestOutline(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      Outline
	}{
		{"the first title, white space collapsed, references decoded",
			"<title>\n  Install &amp; run\tthe CLI </title><title>Second</title><h1>Install</h1>",
			Outline{Title: "Install & run the CLI", H1: "Install", Headings: []Heading{{Level: 1, Text: "Install", Off: 65, Line: 2, Col: 58}}}},
		{"an svg's title and a template's are not the document's",
			`<svg><title>Icon</title></svg><template><title>T</title><h2 id=t>In a template</h2></template><title>Page</title>`,
			Outline{Title: "Page"}},
		{"a heading's text is its textContent, white space (a no-break space too) collapsed: elements, comments and references inside, no script",
			`<h2 id="a">Run <code>cargo&nbsp;risczero</code><!-- x -->now<script>var x = "no";</script><a class="hash-link" href="#a">` + "\u200b" + `</a></h2>`,
			Outline{Headings: []Heading{{Level: 2, ID: "a", Text: "Run cargo risczeronow"}}, IDs: []string{"a"}, At: []int{0}}},
		{"permalink signs left out; the first h1 is H1",
			`<h2>Setup ¶</h2><h1 id="x">Guide <a href="#x">#</a></h1><h1>Later</h1>`,
			Outline{H1: "Guide", Headings: []Heading{{Level: 2, Text: "Setup"}, {Level: 1, ID: "x", Text: "Guide"}, {Level: 1, Text: "Later"}}, IDs: []string{"x"}, At: []int{1}}},
		{"a heading's id is its own, else the first inside it",
			`<h2><a id="inner"></a><span id="second">Text</span></h2>`,
			Outline{Headings: []Heading{{Level: 2, ID: "inner", Text: "Text"}}, IDs: []string{"inner", "second"}, At: []int{0, 0}}},
		{"an id before a heading with no text between stands at it; after text, at the heading before",
			`<p id="top">Intro</p><section id="s1"><h2>One</h2><p>Text</p><a id="mid"></a><p>More</p><div id="s2">  <h3>Two</h3></div>`,
			Outline{Headings: []Heading{{Level: 2, Text: "One"}, {Level: 3, Text: "Two"}}, IDs: []string{"top", "s1", "mid", "s2"}, At: []int{-1, 0, 0, 1}}},
		{"ids after the last heading and no text stand at it",
			`<h2>One</h2><div id="end"></div>`,
			Outline{Headings: []Heading{{Level: 2, Text: "One"}}, IDs: []string{"end"}, At: []int{0}}},
		{"a heading opened in an open one ends it; one open at the end ends there",
			`<h2>One<h3>Two</h3><h4>Three`,
			Outline{Headings: []Heading{{Level: 2, Text: "One"}, {Level: 3, Text: "Two"}, {Level: 4, Text: "Three"}}}},
		{"any heading's end tag ends the open heading",
			`<h2>One</h3>after<h2 id="b">Two</h2>`,
			Outline{Headings: []Heading{{Level: 2, Text: "One"}, {Level: 2, ID: "b", Text: "Two"}}, IDs: []string{"b"}, At: []int{1}}},
		{"a repeated id each time; IDAt takes the first",
			`<h2 id="d">One</h2><h2 id="d">Two</h2>`,
			Outline{Headings: []Heading{{Level: 2, ID: "d", Text: "One"}, {Level: 2, ID: "d", Text: "Two"}}, IDs: []string{"d", "d"}, At: []int{0, 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := outlineOf(c.doc)
			if got.Headings != nil && c.want.Headings != nil && c.want.Headings[0].Line == 0 {
				for i := range got.Headings { // placed in the first case only
					got.Headings[i].Off, got.Headings[i].Line, got.Headings[i].Col = 0, 0, 0
				}
			}
			assert.Equal(t, c.want, *got)
		})
	}
	o := outlineOf(`<h2 id="d">One</h2><h2 id="d">Two</h2>`)
	at, ok := o.IDAt("d")
	assert.True(t, ok)
	assert.Equal(t, 0, at)
	_, ok = o.IDAt("e")
	assert.False(t, ok)
}

// TestOutlineOfAPageNotInUTF8 reads a heading of a page in another
// encoding as the browser decodes it.
func TestOutlineOfAPageNotInUTF8(t *testing.T) {
	o := outlineOf("<meta charset=\"windows-1252\"><title>Caf\xe9</title><h2 id=\"caf\xe9\">R\xe9sum\xe9</h2>")
	assert.Equal(t, "Café", o.Title)
	assert.Equal(t, []Heading{{Level: 2, ID: "café", Text: "Résumé", Off: 49, Line: 1, Col: 50}}, o.Headings)
}

// TestNoOutlineUnlessAsked: the link check's reading keeps none.
func TestNoOutlineUnlessAsked(t *testing.T) {
	assert.Nil(t, Extract("p.html", strings.NewReader(`<title>T</title><h1 id=a>A</h1>`)).Outline)
}

// FuzzOutlineScanAgreesWithTokens holds the scan's outline to the one the
// same page gives read through the tokenizer (the path of a page whose
// scripts the scan does not follow, and of one too large to hold).
func FuzzOutlineScanAgreesWithTokens(f *testing.F) {
	for _, s := range []string{`<title>T</title><h1 id=a>A &amp; <b>B</b></h1>`, `<h2>x</>y</h2>`, `<h2>a<`, `<h2>a</`, `<h2>a</h`,
		`<h2>a<!-- c -->b<?pi?>c<!x>d</h2>`, `<h3>a < b</h3>`, `<title/>x</title><title>y</title>`, `<plaintext><h1>no</h1>`,
		`<h2>a<textarea>b</textarea><style>c</style><script>d</script>e</h2>`, `<a id=x></a> <h2 id=y>t</h2>z<p id=w>`,
		`<template><h1>no<title>no</title></template><svg><title>s</title><h2>yes</h2></svg>`, "<h2>\r\nline\x00</h2>",
		`<html id=r><body id=b><h1>A</h1><h1>B</h1>`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if e := sniff(b); e != nil {
			b = decoded(b, e)
		}
		scanned := &Page{outlines: true}
		scanned.reset("f.html")
		if !scanned.scan(b) {
			return // a page the scan leaves to the tokenizer: one reading, nothing to compare
		}
		scanned.done()
		tokens := &Page{outlines: true}
		tokens.reset("f.html")
		tokens.tokens(html.NewTokenizer(bytes.NewReader(b)))
		tokens.done()
		assert.Equal(t, *tokens.Outline, *scanned.Outline)
	})
}

// A gist compares titles, first h1s and headings' texts (in any case,
// each once); a page without a title shares none.
func TestGist(t *testing.T) {
	a := outlineOf(`<title>Setup</title><h1>Setup</h1><h2>Install</h2><h2>install</h2><h2>Run</h2>`).Gist()
	b := outlineOf(`<title>Setup</title><h1>Start</h1><h2>INSTALL</h2><h2>Run</h2><h2>More</h2>`).Gist()
	none := outlineOf(`<p>x</p>`).Gist()
	assert.NotZero(t, a.Title())
	assert.Equal(t, a.Title(), b.Title())
	assert.NotEqual(t, a.H1(), b.H1())
	assert.Zero(t, none.Title(), "no title is no key to find a page by")
	assert.Zero(t, none.H1())
	assert.Equal(t, 3, a.Headings(), "Setup, install, run")
	assert.Equal(t, 2, a.Shared(b))
	assert.Equal(t, 0, none.Shared(a))
}

// Gists kept are each the page's own, packed one after another in one
// array: keeping one does not change those before it.
func TestGistsKeep(t *testing.T) {
	a := outlineOf(`<title>A</title><h2>Zeta</h2><h2>Alpha</h2><h2>alpha</h2>`)
	b := outlineOf(`<title>B</title><h2>One</h2>`)
	var gs Gists
	ga := gs.Keep(a)
	gb := gs.Keep(b)
	assert.Equal(t, a.Gist(), ga)
	assert.Equal(t, b.Gist(), gb)
	assert.Equal(t, 2, ga.Headings(), "zeta, alpha")
	assert.Same(t, &gs.free[0], &ga[0], "in the array kept")
	assert.Same(t, &gs.free[len(ga)], &gb[0], "after the one before")
}
