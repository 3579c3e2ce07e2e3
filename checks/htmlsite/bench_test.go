package htmlsite

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// benchPage is a docs page like the generated bench site's: a navbar,
// headings with ids, paragraphs and ~50 links.
var benchPage = func() []byte {
	var b strings.Builder
	b.WriteString(`<!doctype html><html><head><title>Page</title><link rel="stylesheet" href="/assets/app.css"><script src="/assets/app.js"></script></head><body>` + "\n")
	b.WriteString(`<nav class="navbar"><a href="/">Home</a> <a href="/docs/">Docs</a> <a href="https://example.com/blog">Blog</a></nav>` + "\n")
	b.WriteString(`<img src="/img/logo.png" srcset="/img/logo.png 1x, /img/logo@2x.png 2x" alt="">` + "\n")
	for h := range 6 {
		fmt.Fprintf(&b, "<h2 id=\"h-%d\">Heading</h2>\n<p class=\"text\">Some text about the zkVM, receipts and proofs, long enough to look like a docs paragraph.</p>\n", h)
		for l := range 8 {
			fmt.Fprintf(&b, "<a href=\"/docs/s%d/p%d/\">link</a>\n", h, l)
		}
	}
	b.WriteString(`<a href="#top">Back to top</a></body></html>` + "\n")
	return []byte(b.String())
}()

// Extract against the tokenizer alone on the same page, the floor of
// checks/bench: the scan (scan.go) reads a page's links and anchors in less
// time than the tokenizer takes to read its tokens and nothing more.
func BenchmarkExtract(b *testing.B) {
	b.SetBytes(int64(len(benchPage)))
	p := &Page{}
	for b.Loop() {
		p.extract("p.html", bytes.NewReader(benchPage))
	}
}

func BenchmarkTokenize(b *testing.B) {
	b.SetBytes(int64(len(benchPage)))
	for b.Loop() {
		z := html.NewTokenizer(bytes.NewReader(benchPage))
		for z.Next() != html.ErrorToken {
		}
	}
}

// The same page read for its outline too, as a run that saves a deploy
// record reads every page.
func BenchmarkExtractOutline(b *testing.B) {
	b.SetBytes(int64(len(benchPage)))
	p := &Page{outlines: true}
	for b.Loop() {
		p.extract("p.html", bytes.NewReader(benchPage))
	}
}
