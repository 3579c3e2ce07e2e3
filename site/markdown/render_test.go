package markdown

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Each testdata/render/X.md renders to X.html; links are rewritten with a
// marker so the golden shows which destinations the compiler may replace.
func TestRenderGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/render/*.md")
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			doc, diags := Parse(f, src)
			require.Empty(t, diags)
			html, _, err := doc.Render(func(dest string) string { return "rewritten:" + dest })
			require.NoError(t, err)
			golden := strings.TrimSuffix(f, ".md") + ".html"
			if *update {
				require.NoError(t, os.WriteFile(golden, html, 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./site/markdown -update to create %s", golden)
			assert.Equal(t, string(want), string(html))
		})
	}
}

func TestHeadingsAndTOC(t *testing.T) {
	src, _ := os.ReadFile("testdata/render/headings.md")
	doc, _ := Parse("headings.md", src)
	var ids []string
	for _, h := range doc.TOC() {
		ids = append(ids, h.ID)
	}
	// Levels 2-3 only; the h4 is not in the TOC but still has an id.
	assert.Equal(t, []string{"install-the-toolchain", "the-envread-function", "install-the-toolchain-1", "my-anchor"}, ids)
	assert.True(t, doc.HasID("deep-heading"))
	assert.Equal(t, "The env::read function", doc.TOC()[1].Text)
}

func TestLinksCarryLines(t *testing.T) {
	src, _ := os.ReadFile("testdata/render/links.md")
	doc, _ := Parse("links.md", src)
	got := map[string]int{}
	for _, l := range doc.Links {
		got[l.Dest] = l.Line
	}
	assert.Equal(t, map[string]int{
		"../zkvm/receipts.md#the-journal": 5, "./install.md": 5, "/terminology#receipt": 6,
		"#links": 6, "https://risczero.com": 7, "/img/favicon.svg": 7, "../zkvm/quickstart.md": 10,
	}, got)
}

// Render names each link as the built HTML has it, with its markdown line:
// the gate reads these (routes.json "links") to place a problem it finds on
// the built page.
func TestRenderNamesEachHrefAsTheHTMLHasIt(t *testing.T) {
	src := "---\ntitle: T\n---\n\nSee [x](./x.md#y) and ![i](<img/a b.png>).\n\n[c](/p?q=1&amp;r=ü)\n"
	doc, diags := Parse("page.md", []byte(src))
	require.Empty(t, diags)
	html, hrefs, err := doc.Render(func(dest string) string { return strings.Replace(dest, "./x.md", "/api/x", 1) })
	require.NoError(t, err)
	assert.Equal(t, []Link{
		{Dest: "/api/x#y", Line: 5, Col: 5},
		{Dest: "img/a%20b.png", Line: 5, Col: 23, Image: true},
		{Dest: "/p?q=1&r=%C3%BC", Line: 7, Col: 1},
	}, hrefs)
	for _, h := range hrefs {
		assert.Contains(t, string(html), strings.ReplaceAll(h.Dest, "&", "&amp;"), "the HTML holds the href as listed")
	}
}
