package checkscmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/devdocs-dev/devdocs/checks/internal/testfiles"
)

// The installed hook checks the staged markdown files and nothing else:
// a commit of a clean file passes beside an unstaged broken one, and a
// staged broken file stops the commit.
func TestInstalledHookChecksStagedFilesOnly(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "checks")
	build := exec.Command("go", "build", "-o", bin, "github.com/devdocs-dev/devdocs/cmd/checks")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))

	abs, _ := filepath.Abs("../../testdata/sites/broken-links.txtar")
	ar, err := txtar.ParseFile(abs)
	require.NoError(t, err)
	unpack(t, ar)
	git(t, "init", "-q")
	git(t, "config", "user.email", "hook@test")
	git(t, "config", "user.name", "hook test")

	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, Run([]string{"install-hook", "--checks", bin}, &stdout, &stderr, false), stderr.String())
	assert.Contains(t, stdout.String(), ".git/hooks/pre-commit")

	git(t, "add", "content/api/next/index.md")
	start := time.Now()
	_, err = commit(t)
	t.Logf("hook on one staged file: %s", time.Since(start))
	assert.NoError(t, err, "a clean staged file commits even though content/api/1.0/index.md is broken")

	git(t, "add", "content/api/1.0/index.md")
	msg, err := commit(t)
	assert.Error(t, err, "a broken staged file stops the commit")
	assert.Contains(t, msg, `broken markdown link "./zkvm/missing.md"`)
}

func TestInstallHookKeepsSomeoneElsesHook(t *testing.T) {
	t.Chdir(t.TempDir())
	git(t, "init", "-q")
	require.NoError(t, os.WriteFile(".git/hooks/pre-commit", []byte("#!/bin/sh\nlint\n"), 0o755))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, Run([]string{"install-hook"}, &stdout, &stderr, false))
	assert.Contains(t, stderr.String(), "was not written by checks: pass --force")
	assert.Equal(t, 0, Run([]string{"install-hook", "--force"}, &stdout, &stderr, false))
	// Ours can be rewritten freely (a new binary path, say).
	assert.Equal(t, 0, Run([]string{"install-hook", "--checks", "/opt/checks"}, &stdout, &stderr, false))
}

func git(t *testing.T, args ...string) { testfiles.Git(t, args...) }

func commit(t *testing.T) (string, error) {
	out, err := exec.Command("git", "commit", "-q", "-m", "docs").CombinedOutput()
	return string(out), err
}
