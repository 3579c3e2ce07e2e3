package htmlsite

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/devdocs-dev/devdocs/checks/internal/linear"
)

// Every shape of page the scanner reads in time that grows with the page,
// not with its square: four times the input takes less than five times as
// long (checks/internal/linear). Each shape is one a path could be
// quadratic on: a minified page on one line (each link placed by its
// line), thousands of ids, a tag of many attributes, a srcset of many
// candidates, markup that never closes (a scan restarted at each '<'),
// script and style bodies, and CSS read by its tokenizer.
var shapes = map[string]func(n int) string{
	"one-line links": func(n int) string { return strings.Repeat(`<a href="/docs/p/x">x</a>`, n) },
	"lines of links": func(n int) string { return strings.Repeat("<p><a href=\"/docs/p/\" id=\"a\">x</a></p>\n", n) },
	"ids": func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `<h2 id="h-%d">x</h2><span id="L%d"></span>`, i, i)
		}
		return b.String()
	},
	"attributes":       func(n int) string { return "<a " + strings.Repeat(`data-x="1" `, n) + `href="/x">x</a>` },
	"srcset":           func(n int) string { return `<img srcset="` + strings.Repeat("/i.png 1x, ", n) + `/j.png 2x">` },
	"unclosed tags":    func(n int) string { return strings.Repeat(`<a href="/x" `, n) },
	"lone brackets":    func(n int) string { return strings.Repeat("< <a <! <!- </ <? ", n) },
	"unclosed comment": func(n int) string { return "<!--" + strings.Repeat("<a href=/x> -- ->", n) },
	"unclosed quote":   func(n int) string { return `<a href="` + strings.Repeat(`<a href=/x> `, n) },
	"script body": func(n int) string {
		return "<script>" + strings.Repeat(`location.href="/x"; </scrip `, n) + "</script>"
	},
	"style attributes":  func(n int) string { return strings.Repeat(`<p style="background:url(/bg.png)">`, n) },
	"style element":     func(n int) string { return "<style>" + strings.Repeat("a{background:url(/bg.png)} ", n) + "</style>" },
	"meta refresh":      func(n int) string { return strings.Repeat(`<meta http-equiv=refresh content="0; url=/x">`, n) },
	"nested templates":  func(n int) string { return strings.Repeat("<template><svg><foreignObject>", n) + `<a href="/x">` },
	"base and svg link": func(n int) string { return strings.Repeat(`<base href="/b/"><svg><a xlink:href="/x"/></svg>`, n) },
}

// The scan of a page held in memory, each shape at any size: a page past
// maxInMemory goes another path, timed on its own below.
func BenchmarkScanLinear(b *testing.B) {
	defer func(n int) { maxInMemory = n }(maxInMemory)
	maxInMemory = 1 << 30
	scanShapes(b)
}

// The same shapes streamed through the tokenizer, as a page larger than
// maxInMemory is.
func BenchmarkStreamLinear(b *testing.B) {
	defer func(n int) { maxInMemory = n }(maxInMemory)
	maxInMemory = 64 << 10
	scanShapes(b)
}

func scanShapes(b *testing.B) {
	p := &Page{}
	each(b, shapes, 20000, func(doc []byte) { p.extract("p.html", bytes.NewReader(doc)) })
}

// each runs one linearity benchmark a shape, the shape repeated base × k times.
func each(b *testing.B, shapes map[string]func(n int) string, base int, read func([]byte)) {
	for _, name := range slices.Sorted(maps.Keys(shapes)) {
		shape := shapes[name]
		b.Run(strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
			linear.Check(b, name, func(k int) []byte { return []byte(shape(base * k)) }, read)
		})
	}
}

// The CSS reader on stylesheets: many url()s, a comment or a string that
// never ends, and escapes.
var cssShapes = map[string]func(n int) string{
	"urls":             func(n int) string { return strings.Repeat("a { background: url(/img/bg.png) } ", n) },
	"imports":          func(n int) string { return strings.Repeat(`@import "/a.css"; `, n) },
	"unclosed comment": func(n int) string { return "/*" + strings.Repeat("url(/x) a comment that goes on and on ", n) },
	"unclosed string":  func(n int) string { return `a { content: "` + strings.Repeat("url(/x) ", n) },
	"escapes":          func(n int) string { return strings.Repeat(`b { background: url(a\20 b\"c.png) } `, n) },
	"bad urls":         func(n int) string { return strings.Repeat("url(a b c) ", n) },
}

func BenchmarkCSSLinear(b *testing.B) {
	defer func(n int) { maxInMemory = n }(maxInMemory)
	maxInMemory = 1 << 30 // a stylesheet past it is read up to it only
	p := &Page{}
	each(b, cssShapes, 50000, func(css []byte) { p.extractCSS("s.css", bytes.NewReader(css)) })
}
