//go:build proof

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hook as a user installs it: Debian's pre-commit framework reads this
// repository's .pre-commit-hooks.yaml, builds the commands with
// `language: golang`, and runs them on `git commit` in a plain repository
// (a docs/ folder, no checks.json). The module cache is shared, so the
// build needs no network once `go test` has run. A build of the module
// through the framework, about 30 s: make precommit-check runs it (-tags
// proof), a step of make proofs; what each commit here must do is held
// without the framework in make test (checks/checkscmd's TestStaged*).
func TestPreCommitFramework(t *testing.T) {
	framework, err := exec.LookPath("pre-commit")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pre-commit is not installed, and CI must run this test: make precommit-check installs it (apt-get install pre-commit)")
		}
		t.Skip("pre-commit is not installed (apt-get install pre-commit; make precommit-check installs it)")
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
