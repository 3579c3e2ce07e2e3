package preset

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A page that imports one partial twice under one name (Docusaurus's own
// docs do, showing the import in an example) takes it in once at each use:
// the two imports' matches of one element overlap, which ran expand past
// its slice and took the whole markdown check down.
func TestAPartialImportedTwiceIsTakenInOnceAtEachUse(t *testing.T) {
	page := "import P from './_p.mdx';\n\n<P />\n\n```js\nimport P from './_p.mdx';\n```\n\n<P />\n"
	read := func(name string) ([]byte, error) {
		if name == "docs/_p.mdx" {
			return []byte("## From the partial\n"), nil
		}
		return nil, os.ErrNotExist
	}
	got := string(docusaurusIncludes(".").expand("docs/page.mdx", []byte(page), read))
	assert.Equal(t, "import P from './_p.mdx';\n\n## From the partial\n\n\n```js\nimport P from './_p.mdx';\n```\n\n## From the partial\n\n", got)
}

// Directives an includer finds inside one another are taken in once, by
// the outer one, whatever order they come in.
func TestOverlappingIncludesTakeTheFirst(t *testing.T) {
	in := includer(func(string, []byte, func(string) ([]byte, error)) []included {
		return []included{{0, 6, []byte("A")}, {2, 4, []byte("B")}, {4, 9, []byte("C")}, {7, 9, []byte("D")}}
	})
	got := in.expand("p.md", []byte("0123456789"), nil)
	assert.Equal(t, "A6D9", string(got))
}
