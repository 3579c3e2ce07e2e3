package markdown

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The placeholder carries the source exactly (the build reads it back to
// draw it) and is readable as it is: the source as code, the title as caption.
func TestDiagramPlaceholder(t *testing.T) {
	src := "# T\n\n```mermaid title=\"A <b> & c\"\nflowchart LR\n  a -->|\"x < y\"| b\n```\n\n```rust\nfn main() {}\n```\n"
	doc, diags := Parse("a.md", []byte(src))
	require.Empty(t, diags)
	html, _, err := doc.Render(nil)
	require.NoError(t, err)
	out := string(html)
	assert.Contains(t, out, `<figure class="diagram" data-line="3"><div class="code-block diagram-source">`)
	assert.Contains(t, out, "<code>flowchart LR\n  a --&gt;|&quot;x &lt; y&quot;| b\n</code>")
	assert.Contains(t, out, `<figcaption>A &lt;b&gt; &amp; c</figcaption></figure>`)
	assert.NotContains(t, out, `code-block-title`, "the title is the caption, not a code title")
	assert.Equal(t, 1, strings.Count(out, "<figure"), "only mermaid blocks are diagrams")
}

func TestDiagramProblemsNameTheLine(t *testing.T) {
	for src, want := range map[string]string{
		"\n```mermaid\nflowchart LR\n  a --> b\n```\n":               `a.md:2: error: a mermaid diagram needs a text alternative for readers who cannot see it: add title="…" to the fence (it is also the caption) or an accTitle: line to the diagram [code-block]`,
		"\n\n```mermaid {1} title=x\nflowchart LR\n  a --> b\n```\n": "a.md:3: error: a mermaid diagram has no lines to highlight: remove the {…} [code-block]",
	} {
		doc, diags := Parse("a.md", []byte(src))
		require.NotNil(t, doc)
		assert.Equal(t, want, strings.TrimSpace(diags.Error()))
	}
	_, diags := Parse("a.md", []byte("```mermaid\nflowchart LR\n  accTitle: A to B\n  a --> b\n```\n"))
	assert.Empty(t, diags, "accTitle is a text alternative")
}
