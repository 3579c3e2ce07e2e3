package mdscan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/internal/linear"
)

// defsDoc is a page of n definitions in the forms CommonMark allows on one
// line, reference links to some, and lines that only look like definitions:
// in a code fence, after a line of text (a definition cannot interrupt a
// paragraph), and a label defined twice (the first wins).
func defsDoc(n int) []byte {
	var b strings.Builder
	b.WriteString("# Defs\n\nSee [a][r1], [b][R2], [c][r3], [d][twice], [e][fenced], [f][lazy] and [g][r4].\n\n")
	b.WriteString("```\n\n[fenced]: ./in-code.md\n```\n\nSome text\n[lazy]: ./not-a-definition.md\n\n")
	b.WriteString("[twice]: ./first.md\n[twice]: ./second.md\n")
	for i := 1; i <= n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "[r%d]: <./angle %d.md> \"title\"\n", i, i)
		case 1:
			fmt.Fprintf(&b, "[r%d]: ./a%d.md\n", i, i)
		case 2:
			fmt.Fprintf(&b, "  [R%d]: ./b%d.md 'single'\n", i, i)
		case 3:
			fmt.Fprintf(&b, "[r%d]:\t./c%d.md (parens)\r\n", i, i)
		}
	}
	b.WriteString("\nAfter: [h][r5] and [i](./inline.md).\n")
	return []byte(b.String())
}

// Lifted definitions give the very links, lines and columns goldmark's own
// reading of the definitions gives.
func TestLiftedDefinitionsReadAsGoldmarkReadsThem(t *testing.T) {
	src := defsDoc(2000)
	require.Greater(t, strings.Count(string(src), "\n["), liftAbove, "enough definitions to be lifted")
	lifted := Parse(src)
	defer func(n int) { liftAbove = n }(liftAbove)
	liftAbove = 1 << 30
	plain := Parse(src)
	require.NotEmpty(t, plain.Links)
	assert.Equal(t, plain.Links, lifted.Links)
	assert.Equal(t, plain.Headings, lifted.Headings)
	var dests []string
	for _, l := range lifted.Links {
		dests = append(dests, l.Dest)
	}
	assert.Equal(t, []string{"./a1.md", "./b2.md", "./c3.md", "./first.md", "./angle 4.md", "./a5.md", "./inline.md"}, dests,
		"[fenced] and [lazy] are no definitions, so their links are text")
}

// Reading grows with the definitions, not with their square: four times as
// many take less than five times as long.
func BenchmarkDefinitionsLinear(b *testing.B) {
	linear.Check(b, "definitions", func(k int) []byte { return defsDoc(20000 * k) }, parse)
}

func parse(src []byte) { Parse(src) }

// The same of links on one line (each placed by its line's start, found
// by a binary search, not by counting newlines from the file's start).
func BenchmarkLinksOnOneLineLinear(b *testing.B) {
	line := func(n int) []byte {
		var s strings.Builder
		s.WriteString("# L\n\n")
		for i := range n {
			fmt.Fprintf(&s, "[x](./a%d.md) ", i)
		}
		return []byte(s.String())
	}
	linear.Check(b, "links", func(k int) []byte { return line(25000 * k) }, parse)
}
