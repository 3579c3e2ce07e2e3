package mdscan

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHeadingIDs(t *testing.T) {
	doc := Parse([]byte("---\ntitle: x\n---\n# Intro {#start}\n\n## Snake_case and _emphasis_\n\n## `a::b` [link](x.md)\n\nSetext\n---\n\n## Intro\n\n## Start\n"))
	var ids []string
	for _, h := range doc.Headings {
		ids = append(ids, h.ID)
	}
	// "Start" avoids the explicit id of the first heading, as on GitHub.
	assert.Equal(t, []string{"start", "snake_case-and-emphasis", "ab-link", "setext", "intro", "start-1"}, ids)
}

// A URL in a heading is part of its text, written bare or as <autolink>.
func TestHeadingIDsKeepURLs(t *testing.T) {
	doc := Parse([]byte("## Get it from https://example.com/x\n\n## See <https://a.b>\n"))
	assert.Equal(t, "get-it-from-httpsexamplecomx", doc.Headings[0].ID)
	assert.Equal(t, "see-httpsab", doc.Headings[1].ID)
}

func TestLinkPositions(t *testing.T) {
	doc := Parse([]byte("Text [a](a.md \"t\") ![b](<b c.png>)\n`[no](x.md)` [ref]\n\n[ref]: r.md#part\n"))
	assert.Equal(t, []Link{
		{Dest: "a.md", Line: 1, Col: 6, Title: "t"},
		{Dest: "b c.png", Line: 1, Col: 20, Image: true},
		{Dest: "r.md#part", Line: 2, Col: 14},
	}, doc.Links)
}

// A task list item's "[ ]" or "[x]" is a checkbox only when whitespace
// follows it, as GitHub reads GFM: "- [x](b.md)" is a link.
func TestTaskListMarkerOrLink(t *testing.T) {
	doc := Parse([]byte("- [x] done, see [a](a.md)\n- [X](b.md)\n- [ ](c.md)\n- [ ] to do\n- [ ]\n"))
	assert.Equal(t, []Link{
		{Dest: "a.md", Line: 1, Col: 17},
		{Dest: "b.md", Line: 2, Col: 3},
		{Dest: "c.md", Line: 3, Col: 3},
	}, doc.Links)
}

// A UTF-8 byte order mark before the first heading or the front matter
// is not text: the heading keeps its id, links their columns.
func TestByteOrderMark(t *testing.T) {
	for _, name := range []string{"a.md", "a.mdx"} {
		doc := ParseFile(name, []byte("\xef\xbb\xbf# Intro\n\n[a](a.md)\n"))
		require.Len(t, doc.Headings, 1, name)
		assert.Equal(t, "intro", doc.Headings[0].ID, name)
		assert.Equal(t, []Link{{Dest: "a.md", Line: 3, Col: 1}}, doc.Links, name)
		doc = ParseFile(name, []byte("\xef\xbb\xbf---\ntitle: x\n---\n# Intro\n"))
		require.Len(t, doc.Headings, 1, name)
		assert.Equal(t, "intro", doc.Headings[0].ID, name)
	}
}

// A carriage return alone ends a line (old Mac files), as it does for
// CommonMark: headings and links keep their lines.
func TestCarriageReturnLines(t *testing.T) {
	src := []byte("# Intro\r\r[a](a.md)\r\n\r\n## Next\r")
	doc := ParseFile("a.md", src)
	require.Len(t, doc.Headings, 2)
	assert.Equal(t, "next", doc.Headings[1].ID)
	assert.Equal(t, []Link{{Dest: "a.md", Line: 3, Col: 1}}, doc.Links)
	assert.Equal(t, "# Intro\r\r[a](a.md)\r\n\r\n## Next\r", string(src), "the caller's bytes are not changed")
}

// A page saved as UTF-16 (its byte order mark says which) is read as the
// text it is, not as a page with no markdown in it.
func TestUTF16Page(t *testing.T) {
	le := []byte{0xff, 0xfe}
	be := []byte{0xfe, 0xff}
	for _, r := range "# Café\n\n[a](a.md)\n" {
		le = append(le, byte(r), byte(r>>8))
		be = append(be, byte(r>>8), byte(r))
	}
	for _, src := range [][]byte{le, be} {
		doc := ParseFile("a.md", src)
		require.Len(t, doc.Headings, 1)
		assert.Equal(t, "café", doc.Headings[0].ID)
		assert.Equal(t, []Link{{Dest: "a.md", Line: 3, Col: 1}}, doc.Links)
	}
}

func TestHeadingText(t *testing.T) {
	doc := Parse([]byte("# The `env::read` function\n\n## **Bold** and *it* [text](url_with_under)\n"))
	var texts []string
	for _, h := range doc.Headings {
		texts = append(texts, h.Text)
	}
	assert.Equal(t, []string{"The env::read function", "Bold and it text"}, texts)
}

// Destinations are what the browser asks for; a link without text is placed
// at its block's line.
func TestLinkDestinations(t *testing.T) {
	doc := Parse([]byte("See [x](a\\_b.md) and [](empty.md) and [**b**](caf&eacute;.md).\n"))
	assert.Equal(t, []Link{
		{Dest: "a_b.md", Line: 1, Col: 5},
		{Dest: "empty.md", Line: 1},
		{Dest: "café.md", Line: 1, Col: 39},
	}, doc.Links)
}

func TestFrontMatter(t *testing.T) {
	block, body, open, closed := FrontMatter([]byte("---\r\ntitle: x\r\n---\r\n# H\n"))
	assert.Equal(t, "title: x\r\n", string(block))
	assert.Equal(t, "\n\n\n# H\n", string(body), "lines keep their numbers")
	assert.True(t, open && closed)
	_, body, open, closed = FrontMatter([]byte("---\ntitle: x\n"))
	assert.Equal(t, "---\ntitle: x\n", string(body), "never closed: no front matter")
	assert.True(t, open && !closed)
	_, _, open, _ = FrontMatter([]byte("# No front matter\n"))
	assert.False(t, open)
}

// FrontValue reads a top-level scalar of YAML or TOML front matter, and
// nothing it cannot be sure of.
func TestFrontValue(t *testing.T) {
	yaml := []byte("---\ntitle: \"A: b\"\npermalink: /team/ # moved\nnested:\n  slug: inner\nslug: 'x y'\nlist: [a]\n---\n# Body\nslug: body\n")
	assert.Equal(t, "/team/", FrontValue(yaml, "permalink"))
	assert.Equal(t, "x y", FrontValue(yaml, "slug"))
	assert.Equal(t, "A: b", FrontValue(yaml, "title"))
	assert.Equal(t, "", FrontValue(yaml, "list"))
	assert.Equal(t, "", FrontValue(yaml, "missing"))
	toml := []byte("+++\ntitle = \"Moved\"\nurl = \"/elsewhere/\"\n+++\n# Moved\n")
	assert.Equal(t, "/elsewhere/", FrontValue(toml, "url"))
	assert.Equal(t, "", FrontValue([]byte("# No front matter\nslug: x\n"), "slug"))
	assert.Equal(t, "", FrontValue([]byte("---\nslug: x\n"), "slug"), "never closed")
}

// In MDX a fenced code block inside a list item keeps its lines' indentation
// (found on Starlight's docs): a line indented deeper than the item, taken
// for text indented inside JSX, ended the item, and the closing fence then
// opened a block that hid the rest of the page.
func TestMDXFencedCodeInAListKeepsTheRest(t *testing.T) {
	src := []byte("# T\n\n1. Tell:\n\n   ```js\n   a\n     b\n   ```\n\n## After the list\n\n[x](#after-the-list) [y](./nope.md)\n")
	d := ParseFileStyled("b.mdx", src, GitHub)
	var ids []string
	for _, h := range d.Headings {
		ids = append(ids, h.ID)
	}
	assert.Equal(t, []string{"t", "after-the-list"}, ids)
	require.Len(t, d.Links, 2)
	assert.Equal(t, 12, d.Links[1].Line)
	assert.Equal(t, 22, d.Links[1].Col)
}

// Raw HTML in a page marks places too: an element's id, an <a>'s name, in
// a block or inline; a renderer that leaves raw HTML out has none of them.
func TestRawHTMLIDs(t *testing.T) {
	src := []byte("# Page\n\n<div id=\"legacy\"></div>\n\nText <a name='old-name'></a> and <span data-id=\"no\">x</span>.\n\n<section class=a id=bare>\n</section>\n")
	doc := Parse(src)
	assert.Equal(t, []string{"legacy", "old-name", "bare"}, doc.IDs)
	assert.True(t, doc.HasID("legacy"))
	assert.Empty(t, ParseStyled(src, Hugo.WithoutHTML()).IDs)
}

// Docusaurus takes the fences of ```mdx-code-block (three or four
// backticks, closed by the first line of as many alone) away before it
// parses a page; every line stays where it was, so links keep their lines.
func TestUnwrapMDXCodeBlocks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"```mdx-code-block\n<Tabs>\n```\n", "                 \n<Tabs>\n   \n"},
		{"a\n````mdx-code-block\n```js\nx\n```\n````\nb", "a\n                  \n```js\nx\n```\n    \nb"},
		{"```mdx-code-block\nx\n```js\n", "```mdx-code-block\nx\n```js\n"},     // never closed
		{"  ```mdx-code-block\nx\n  ```\n", "  ```mdx-code-block\nx\n  ```\n"}, // indented: not unwrapped
		{"```md\n```mdx-code-block\nx\n```\n```\n", "```md\n                 \nx\n   \n```\n"},
	} {
		if got := string(UnwrapMDXCodeBlocks([]byte(c.in))); got != c.want {
			t.Errorf("UnwrapMDXCodeBlocks(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
