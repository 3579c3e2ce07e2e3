package mdscan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goldenStyles names the style that must give, on testdata/slugs/headings.md,
// the ids a real build recorded in each golden file (its first line says
// which generator, version and settings built it). A golden of a setting no
// preset uses is listed with why, so that no recording is left unread.
var goldenStyles = map[string]IDStyle{
	"gfm.txt":                     GFM,
	"docusaurus.txt":              Docusaurus,
	"rspress.txt":                 GitHub,
	"nextra.txt":                  Nextra,
	"hugo.txt":                    Hugo,
	"hugo-github-ascii.txt":       HugoGitHubASCII,
	"hugo-blackfriday.txt":        HugoBlackfriday,
	"mkdocs.txt":                  MkDocs,
	"mkdocs-material.txt":         MkDocsAttrList,
	"mkdocs-pymdownx-lower.txt":   PyMdownSlugs("lower", false, false),
	"mkdocs-pymdownx-none.txt":    PyMdownSlugs("", false, false),
	"jekyll.txt":                  Kramdown,
	"starlight.txt":               Astro,
	"sphinx-myst.txt":             Docutils,
	"sphinx-myst-anchors.txt":     GFM,
	"eleventy.txt":                None,
	"vitepress.txt":               VitePress,
	"vuepress.txt":                VuePress,
	"docsify.txt":                 Docsify,
	"eleventy-anchor.txt":         EleventyAnchor,
	"eleventy-idattribute.txt":    EleventyIDAttribute,
	"eleventy-anchor-default.txt": MarkdownItAnchor,
	"hexo.txt":                    Hexo(0, true),
	"hexo-lower.txt":              Hexo(1, true),
}

var goldenUnused = map[string]string{
	"jekyll-nogfm.txt": "kramdown's own input, where neither Jekyll nor GitHub Pages defaults to it",
}

func TestIDsAsRealBuildsGaveThem(t *testing.T) {
	src, err := os.ReadFile("../../testdata/slugs/headings.md")
	require.NoError(t, err)
	goldens, _ := filepath.Glob("../../testdata/slugs/*.txt")
	require.NotEmpty(t, goldens)
	for _, g := range goldens {
		name := filepath.Base(g)
		style, ok := goldenStyles[name]
		if !ok {
			assert.Contains(t, goldenUnused, name, "a golden no style is held to")
			continue
		}
		t.Run(strings.TrimSuffix(name, ".txt"), func(t *testing.T) {
			raw, err := os.ReadFile(g)
			require.NoError(t, err)
			var want []string
			for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
				if !strings.HasPrefix(line, "#") {
					want = append(want, line)
				}
			}
			var got []string
			for _, h := range ParseStyled(src, style).Headings {
				if h.Level != 2 {
					continue
				}
				if h.ID == "" {
					h.ID = "-"
				}
				got = append(got, h.ID)
			}
			require.Len(t, got, len(want))
			for i := range want {
				assert.Equal(t, want[i], got[i], "heading %d of headings.md, in style %s", i+1, style.Name)
			}
		})
	}
}

// Nextra's "[#id]" and its untitled h1, as a build of Nextra 4.6.1 gave
// them (content/reference/api.mdx of proofs/nextra.sh): the custom
// id is slugged, and counted with the texts' slugs.
func TestNextraIDs(t *testing.T) {
	src := "# API\n\n## Prove and verify\n\n## Error codes [#errors]\n\n## Another [#My Custom_ID]\n\n## Usage\n\n## Usage\n\n## Errors\n\n## Code `[#x]`\n"
	var got []string
	for _, h := range ParseStyled([]byte(src), Nextra).Headings {
		got = append(got, h.ID)
	}
	assert.Equal(t, []string{"", "prove-and-verify", "errors", "my-custom_id", "usage", "usage-1", "errors-1", "code-x"}, got)
	assert.Equal(t, "Error codes", ParseStyled([]byte(src), Nextra).Headings[2].Text)
}

// Docusaurus 3 takes an MDX comment at a heading's end whose first word
// starts with "#" as the heading's id (its remark headings plugin), in .mdx
// and .md alike (both are MDX unless markdown.format says otherwise), and
// the template's own markdown-features.mdx uses it: a real build gave
// "## Headings {/* #my-heading-id */}" the id my-heading-id. Every link
// after it keeps its place.
func TestDocusaurusCommentIDs(t *testing.T) {
	src := "## Headings {/* #my-heading-id */}\n\n### Ids {/* #custom note */} \n\n[a](#my-heading-id) [b](#custom)\n"
	for _, name := range []string{"p.mdx", "p.md"} {
		d := ParseFileStyled(name, []byte(src), Docusaurus)
		var ids []string
		for _, h := range d.Headings {
			ids = append(ids, h.ID)
		}
		assert.Equal(t, []string{"my-heading-id", "custom"}, ids, name)
		require.Len(t, d.Links, 2, name)
		assert.Equal(t, [2]int{5, 1}, [2]int{d.Links[0].Line, d.Links[0].Col}, name)
		assert.Equal(t, [2]int{5, 21}, [2]int{d.Links[1].Line, d.Links[1].Col}, name)
	}
	// GitHub's style (Rspress) reads no such id: the comment is no text.
	d := ParseFileStyled("p.mdx", []byte(src), GitHub)
	assert.Equal(t, "headings", d.Headings[0].ID)
}
