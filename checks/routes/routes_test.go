package routes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A problem on a built page names the markdown line it came from, also when
// the compiler rewrote the link from a .md path to a route.
func TestSourceFindsTheMarkdownLine(t *testing.T) {
	t.Chdir(t.TempDir())
	md := "# Receipts\n\nSee [the journal](../zkvm/receipts.md#the-journal).\nAnd [setup](/api/zkvm/install).\n[home](/)\n"
	require.NoError(t, os.MkdirAll("content", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("content", "page.md"), []byte(md), 0o644))
	require.NoError(t, os.WriteFile("routes.json", []byte(`[{"path":"/api/page","kind":"doc","source":"content/page.md"}]`), 0o644))
	table, err := Load("routes.json")
	require.NoError(t, err)
	file := OutputFile("/api/page")
	assert.Equal(t, "content/page.md:3", table.Source(file, "/api/1.2/zkvm/receipts#the-journal"), "rewritten from .md")
	assert.Equal(t, "content/page.md:4", table.Source(file, "/api/zkvm/install"), "written as a route")
	assert.Equal(t, "content/page.md:5", table.Source(file, "/"), "a short href matches the whole link target, not any slash")
	assert.Equal(t, "content/page.md", table.Source(file, "/nowhere"), "file without line when the href is not in it")
	assert.Equal(t, "", table.Source("other/index.html", "/x"), "no source for a page routes.json does not know")
}
