package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// hookEnv is the environment of the framework and git: its own pre-commit
// home, and Go's module cache shared with this test's, so the framework's
// `go install ./...` downloads nothing and compiles only this module.
func hookEnv(t *testing.T, tmp string) []string {
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	require.NoError(t, err)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "PRE_COMMIT") {
			env = append(env, kv)
		}
	}
	return append(env, "PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit-home"),
		"GOMODCACHE="+strings.TrimSpace(string(modcache)),
		"GIT_AUTHOR_NAME=hook test", "GIT_AUTHOR_EMAIL=hook@test", "GIT_COMMITTER_NAME=hook test", "GIT_COMMITTER_EMAIL=hook@test",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
}

// hookRepo commits this checkout as it is (uncommitted changes too, as
// `pre-commit try-repo` would) into a repository of its own at dir, and
// returns its path and commit: what a user's `repo:` and `rev:` name.
func hookRepo(t *testing.T, dir string, env []string) (string, string) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	list, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	require.NoError(t, err)
	for _, name := range strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		src := filepath.Join(root, name)
		st, err := os.Lstat(src)
		if err != nil || !st.Mode().IsRegular() { // deleted in the checkout, or a link such as node_modules
			continue
		}
		data, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, st.Mode().Perm()))
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "."}, {"commit", "-q", "-m", "devdocs as checked out"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	cmd := exec.Command("git", "rev-parse", "HEAD")
	cmd.Dir, cmd.Env = dir, env
	rev, err := cmd.Output()
	require.NoError(t, err)
	return dir, strings.TrimSpace(string(rev))
}

func unpackTxtar(t *testing.T, archive, dir string) {
	ar, err := txtar.ParseFile(archive)
	require.NoError(t, err)
	for _, f := range ar.Files {
		name := filepath.Join(dir, f.Name)
		require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
		require.NoError(t, os.WriteFile(name, f.Data, 0o644))
	}
}
