//go:build unix

package htmlsite

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A named pipe in a page's place is listed as a problem and never opened:
// an open would wait for a writer that never comes.
func TestLoadSkipsNamedPipes(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "pipe.html"), 0o644))
	require.NoError(t, os.Symlink("pipe.html", filepath.Join(root, "alias.html")))
	s, err := Load(root)
	require.NoError(t, err)
	assert.Empty(t, s.HTML)
	want := "not a regular file (a named pipe); not read, links to it count as broken"
	assert.Equal(t, []Problem{{"alias.html", want}, {"pipe.html", want}}, s.Problems)
}
