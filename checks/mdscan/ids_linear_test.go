package mdscan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/devdocs-dev/devdocs/checks/internal/linear"
)

// Heading ids in every style in time that grows with the headings: n
// repeats of one heading (each numbered past the ones before it), n
// headings that are empty (numbered as repeats where the style says so),
// and n headings that take the numbered ids first ("a-1" … "a-n", then n
// times "a"), where numbering each repeat from 1 would be quadratic.
var idShapes = map[string]func(n int) []string{
	"repeats": func(n int) []string { return repeat("Install", n) },
	"empty":   func(n int) []string { return repeat("", n) },
	"numbered first": func(n int) []string {
		var out []string
		for i := 1; i <= n; i++ {
			out = append(out, fmt.Sprintf("a-%d", i), fmt.Sprintf("a_%d", i))
		}
		return append(out, repeat("a", n)...)
	},
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func BenchmarkIDsLinear(b *testing.B) {
	for _, style := range []IDStyle{GitHub, VitePress, MkDocs, Kramdown, Docutils, EleventyIDAttribute, MarkdownItAnchor, Docsify} {
		for name, shape := range idShapes {
			b.Run(style.Name+"/"+strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
				linear.Check(b, name+" headings in "+style.Name, func(k int) []string { return shape(500 * k) }, func(texts []string) {
					s := style.NewSlugger()
					for _, t := range texts {
						s.Unique(t)
					}
				})
			})
		}
	}
}

// A repeat's search resumes where the last one of its slug ended, and
// gives the ids numbering from 1 gives: the numbered ids a page already
// has are skipped, once.
func TestRepeatsSkipTakenIDs(t *testing.T) {
	for _, c := range []struct {
		style      IDStyle
		texts, ids []string
	}{
		{GitHub, []string{"a-1", "a-2", "a", "a", "a", "a-4"}, []string{"a-1", "a-2", "a", "a-3", "a-4", "a-4-1"}},
		{MkDocs, []string{"a_1", "a", "a", "a", "b_7", "b_7"}, []string{"a_1", "a", "a_2", "a_3", "b_7", "b_8"}},
		{Docutils, []string{"x", "x", "y", "y", "", "id3"}, []string{"x", "id1", "y", "id2", "id3", "id4"}},
	} {
		s := c.style.NewSlugger()
		var got []string
		for _, text := range c.texts {
			got = append(got, s.Unique(text))
		}
		if strings.Join(got, " ") != strings.Join(c.ids, " ") {
			t.Errorf("%s: %q gave %q, want %q", c.style.Name, c.texts, got, c.ids)
		}
	}
}
