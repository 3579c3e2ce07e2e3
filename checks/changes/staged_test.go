package changes

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/internal/testfiles"
	"github.com/devdocs-dev/devdocs/checks/preset"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// The next commit deletes a page another links to, and edits a third's
// text: the linking page is judged for its link into what the commit
// deletes, though the commit does not touch it; the working tree (where
// the page is back) is not what is judged.
func TestStagedJudgesTheLinksIntoWhatTheCommitDeletes(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{
		"checks.json":   `{"markdown": {"paths": ["docs"]}}`,
		"docs/index.md": "# Home\n\n[guide](guide.md)\n",
		"docs/guide.md": "# Guide\n",
		"docs/other.md": "# Other\n",
	})
	testfiles.Repo(t, true)
	git(t, "rm", "-q", "--cached", "docs/guide.md")
	write(t, map[string]string{"docs/other.md": "# Other\n\nMore words.\n"})
	git(t, "add", "docs/other.md")

	ix, err := gitindex.Open()
	require.NoError(t, err)
	defer ix.Close()
	cfg, err := config.Load(config.Source{File: config.Name, Files: func(root string) []string { return ix.Under(root, preset.Listed) }})
	require.NoError(t, err)
	found, st, err := Staged(nil, cfg, ix)
	require.NoError(t, err)
	require.Len(t, found, 1, "%v", found)
	assert.Equal(t, "docs/index.md", found[0].File)
	assert.Equal(t, registry.MarkdownLink, found[0].Check)
	assert.Equal(t, 2, st.Files, "the page the commit changes, and the one linking into what it deletes")
}
