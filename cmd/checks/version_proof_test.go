//go:build proof

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checks --version names what was built, as Go stamps it: a checkout at a
// release tag is that release; a commit after it is "devel" and the
// commit, with "(modified)" for uncommitted changes. (A `go install …@v1.2.3`
// is stamped like the tag: the unit test of the version logic has it.)
// It builds the gate three times, in a copy of this repository: a proof,
// run by make release-check.
func TestVersionOfABuild(t *testing.T) {
	tmp := t.TempDir()
	// As a user's Go builds: whatever GOFLAGS this machine sets, stamp VCS facts.
	env := append(hookEnv(t, tmp), "GOFLAGS=-buildvcs=auto")
	src, _ := hookRepo(t, filepath.Join(tmp, "devdocs"), env)
	in := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = src, env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%v: %s", args, out)
		return strings.TrimSpace(string(out))
	}
	bin := filepath.Join(tmp, "checks")
	version := func() string {
		in("go", "build", "-o", bin, "./cmd/checks")
		return in(bin, "--version")
	}

	in("git", "tag", "v1.2.3")
	assert.Equal(t, "checks v1.2.3", version())

	in("git", "commit", "-q", "--allow-empty", "-m", "after the release")
	rev := in("git", "rev-parse", "--short=12", "HEAD")
	assert.Equal(t, "checks devel "+rev, version())

	require.NoError(t, os.WriteFile(filepath.Join(src, "README.md"), []byte("changed\n"), 0o644))
	assert.Regexp(t, regexp.MustCompile(`^checks devel `+rev+` \(modified\)$`), version())
}
