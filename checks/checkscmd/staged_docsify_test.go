package checkscmd

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/internal/testfiles"
)

// The hook on a Docsify site: deleting a page breaks the links that name
// it as a route (guide/setup, guide/), which need not hold its file's
// name; the pages holding them are checked, and only those links said.
func TestStagedDocsifyDeleteFailsOnTheRoutes(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{
		"docs/index.html":      "<script>window.$docsify = { loadSidebar: true }</script>\n",
		"docs/README.md":       "# Home\n\n[Setup](guide/setup#run) and [the guide](guide/).\n\n[Gone long ago](gone.md)\n",
		"docs/_sidebar.md":     "- [Guide](guide/)\n",
		"docs/guide/README.md": "# Guide\n",
		"docs/guide/setup.md":  "# Setup\n\n## Run\n",
	})
	testfiles.Repo(t, true)
	git(t, "rm", "-q", "docs/guide/setup.md", "docs/guide/README.md")

	var stdout, stderr bytes.Buffer
	code := Run([]string{"markdown", "--staged"}, &stdout, &stderr, false)
	out := elapsed.ReplaceAllString(stdout.String(), "in X.XXs")
	assert.Equal(t, 1, code, out)
	assert.Equal(t, "checks: the docsify preset, for docs/index.html\n", stderr.String())
	assert.Equal(t, `docs/README.md
  3:1    error   broken markdown link "guide/setup#run": docsify renders #/guide/setup?id=run from docs/guide/setup.md, which does not exist [markdown-link]
  3:30   error   broken markdown link "guide/": docsify renders #/guide/ from docs/guide/README.md, which does not exist [markdown-link]

docs/_sidebar.md
  1:3    error   broken markdown link "guide/": docsify renders #/guide/ from docs/guide/README.md, which does not exist [markdown-link]

checks markdown: 2 pages, 4 links checked in X.XXs: 3 errors
`, out)
}
