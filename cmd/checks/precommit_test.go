package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// The hook as a user installs it: Debian's pre-commit framework reads this
// repository's .pre-commit-hooks.yaml, builds the commands with
// `language: golang`, and runs them on `git commit` in a plain repository
// (a docs/ folder, no checks.json). The module cache is shared, so the
// build needs no network once `go test` has run.
func TestPreCommitFramework(t *testing.T) {
	framework, err := exec.LookPath("pre-commit")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pre-commit is not installed, and CI must run this test: make test installs it (apt-get install pre-commit)")
		}
		t.Skip("pre-commit is not installed (apt-get install pre-commit; make test installs it)")
	}
	tmp := t.TempDir()
	env := hookEnv(t, tmp)
	hooks, rev := hookRepo(t, filepath.Join(tmp, "devdocs"), env)

	repo := filepath.Join(tmp, "project")
	unpackTxtar(t, "../../testdata/hook/docs.txtar", repo)
	// A hung framework fails its step, not the whole package at go test's timeout.
	ctx, cancel := context.WithTimeout(t.Context(), 8*time.Minute)
	defer cancel()
	run := func(args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	must := func(args ...string) {
		t.Helper()
		out, err := run(args...)
		require.NoError(t, err, "%v: %s", args, out)
	}
	must("git", "init", "-q", "-b", "main")
	must("git", "add", ".")
	must("git", "commit", "-q", "-m", "docs before the hook")
	config := "repos:\n  - repo: " + hooks + "\n    rev: " + rev + "\n    hooks:\n      - id: checks-markdown\n"
	require.NoError(t, os.WriteFile(filepath.Join(repo, ".pre-commit-config.yaml"), []byte(config), 0o644))
	must(framework, "install")

	commit := func(t *testing.T, wantOK bool, contains ...string) {
		t.Helper()
		out, err := run("git", "commit", "-q", "-m", t.Name())
		if wantOK {
			require.NoError(t, err, out)
		} else {
			require.Error(t, err, "the commit must fail: %s", out)
			must("git", "reset", "-q", "--hard", "HEAD")
			must("git", "clean", "-qfd")
		}
		for _, c := range contains {
			assert.Contains(t, out, c)
		}
	}
	edit := func(name, text string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(repo, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(repo, name), []byte(text), 0o644))
	}

	t.Run("good change", func(t *testing.T) {
		edit("docs/install.md", "# Install\n\nThen go on with [the guide](./guide.md#setup).\n")
		must("git", "add", "-A")
		commit(t, true, "docs markdown links", "Passed")
	})
	t.Run("broken link staged, fixed only in the working tree", func(t *testing.T) {
		edit("docs/install.md", "# Install\n\nSee [the FAQ](faq.md).\n")
		must("git", "add", "docs/install.md")
		edit("docs/install.md", "# Install\n")
		commit(t, false, "Failed", "docs/install.md\n  3:5    error   broken markdown link \"faq.md\": docs/faq.md does not exist [markdown-link]")
	})
	t.Run("link to a file that is not staged", func(t *testing.T) {
		edit("docs/faq.md", "# FAQ\n")
		edit("docs/install.md", "# Install\n\nSee [the FAQ](faq.md).\n")
		must("git", "add", "docs/install.md")
		commit(t, false, "Failed", `broken markdown link "faq.md": docs/faq.md does not exist`)
	})
	t.Run("git rm of a linked page", func(t *testing.T) {
		must("git", "rm", "-q", "docs/guide.md")
		commit(t, false, "Failed",
			"docs/index.md\n  4:3    error   broken markdown link \"guide.md#setup\": docs/guide.md does not exist",
			"README.md\n  3:10   error   broken markdown link \"docs/guide.md\"")
	})
	t.Run("rename of a linked page", func(t *testing.T) {
		must("git", "mv", "docs/install.md", "docs/setup.md")
		commit(t, false, "Failed", "docs/index.md\n  3:3    error   broken markdown link \"install.md\": docs/install.md does not exist")
	})
	t.Run("fixtures broken on purpose, excluded in checks.json", func(t *testing.T) {
		edit("fixtures/broken.md", "Still broken on purpose: [nowhere](nowhere.md).\n")
		must("git", "add", "fixtures/broken.md")
		commit(t, false, "fixtures/broken.md\n  1:26")
		edit("fixtures/broken.md", "Still broken on purpose: [nowhere](nowhere.md).\n")
		edit("checks.json", `{"markdown": {"exclude": ["fixtures/**"]}}`)
		must("git", "add", "fixtures/broken.md", "checks.json")
		commit(t, true, "Passed")
	})
}

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
