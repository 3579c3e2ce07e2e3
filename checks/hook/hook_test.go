package hook

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hook runs the binary named, quoted for the shell; someone else's
// hook is kept unless forced; checks' own is written over freely.
func TestInstall(t *testing.T) {
	t.Chdir(t.TempDir())
	out, err := exec.Command("git", "init", "-q").CombinedOutput()
	require.NoError(t, err, "%s", out)
	file, err := Install("/opt/it's/checks", false)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(".git", "hooks", "pre-commit"), file)
	script, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(script), `checks='/opt/it'\''s/checks'`)
	assert.Contains(t, string(script), `exec "$checks" markdown --staged`)
	st, err := os.Stat(file)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o755), st.Mode().Perm())

	_, err = Install("/opt/checks", false)
	assert.NoError(t, err, "ours is written over")
	require.NoError(t, os.WriteFile(file, []byte("#!/bin/sh\nmine\n"), 0o755))
	_, err = Install("/opt/checks", false)
	assert.EqualError(t, err, file+" exists and was not written by checks: pass --force to replace it")
	_, err = Install("/opt/checks", true)
	assert.NoError(t, err)
}
