// Package testfiles writes the files a test's project holds, and makes
// them a git repository, for the gate's packages whose tests run on a
// folder of their own.
package testfiles

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Write writes each file (a path from the current folder) with its body,
// making the folders it is in.
func Write(t testing.TB, files map[string]string) {
	t.Helper()
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Git runs git with args in the current folder; its failure fails the test,
// with what git said.
func Git(t testing.TB, args ...string) {
	t.Helper()
	if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v: %s", args, err, out)
	}
}

// Repo makes the current folder a git repository on branch main with every
// file in it staged, and committed once when commit is set.
func Repo(t testing.TB, commit bool) {
	t.Helper()
	Git(t, "init", "-q", "-b", "main")
	Git(t, "config", "user.email", "test@devdocs.test")
	Git(t, "config", "user.name", "devdocs test")
	Git(t, "add", ".")
	if commit {
		Git(t, "commit", "-q", "-m", "docs")
	}
}
