package mdscan

import (
	"bytes"
	"testing"
)

// Any bytes are a markdown page: reading one never panics, and every link
// is placed on a line the page has (of its text, once decoded: a UTF-16
// page has half as many bytes per line, never more lines).
func FuzzParseFile(f *testing.F) {
	for _, seed := range []string{
		"# A\n\n[a](a.md)\n", "- [x](b.md)\n- [ ]\n- [X] done\n", "\xef\xbb\xbf---\nt: x\n---\n# H {#id}\n",
		"\xff\xfe#\x00 \x00A\x00\n\x00", "<Tabs>\n  [x](y.md)\n</Tabs>\n{/* [no](z.md) */}\n", "[ref]\n\n[ref]: r.md#x\n",
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	f.Fuzz(func(t *testing.T, src []byte, mdx bool) {
		name := "page.md"
		if mdx {
			name = "page.mdx"
		}
		doc := ParseFile(name, src)
		lines := bytes.Count(Text(src), []byte("\n")) + 1
		for _, l := range doc.Links {
			if l.Line < 1 || l.Line > lines {
				t.Fatalf("link %q on line %d of a page of %d lines", l.Dest, l.Line, lines)
			}
		}
	})
}
