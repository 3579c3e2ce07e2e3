//go:build unix

package checkscmd

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runWithin runs the command, failing the test if it has not ended within
// 10 s: a named pipe opened for reading waits for a writer forever.
func runWithin(t *testing.T, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut bytes.Buffer
		code := Run(args, &out, &errOut, false)
		done <- result{code, errOut.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.stderr
	case <-time.After(10 * time.Second):
		t.Fatalf("checks %s hung", strings.Join(args, " "))
		return 0, ""
	}
}

// A named pipe or a device where a file is expected (a markdown page, the
// generator's config, a results file, the pre-commit hook) is refused with
// its name, not opened: opening a pipe waits for a writer that never
// comes, and /dev/zero fills memory.
func TestSpecialFilesAreRefusedNotRead(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{"docs/a.md": "# A\n", "site/index.html": `<a href="/">home</a>`})
	require.NoError(t, syscall.Mkfifo("docs/pipe.md", 0o644))
	require.NoError(t, os.Symlink("/dev/zero", "docs/zero.md"))

	code, stderr := runWithin(t, "markdown", "docs/a.md", "docs/pipe.md")
	assert.Equal(t, 2, code)
	assert.Equal(t, "checks markdown: open docs/pipe.md: not a regular file (a named pipe)\n", stderr)
	code, stderr = runWithin(t, "markdown", "docs/zero.md")
	assert.Equal(t, 2, code)
	assert.Equal(t, "checks markdown: open docs/zero.md: not a regular file (a device)\n", stderr)

	// A page over 32 MiB is no page a person wrote: refused by name, not
	// parsed (goldmark would take some 26 times its size in memory).
	f, err := os.Create("docs/huge.md")
	require.NoError(t, err)
	require.NoError(t, f.Truncate(32<<20+1)) // sparse: no disk used
	require.NoError(t, f.Close())
	code, stderr = runWithin(t, "markdown", "docs/huge.md")
	assert.Equal(t, 2, code)
	assert.Equal(t, "checks markdown: read docs/huge.md: file too large: over 32 MiB, the most read of such a file\n", stderr)
	require.NoError(t, os.Remove("docs/huge.md"))

	// A pipe where a generator's config would be is no config: the site
	// is checked with none.
	require.NoError(t, syscall.Mkfifo("mkdocs.yml", 0o644))
	code, stderr = runWithin(t, "links", "site")
	assert.Equal(t, 0, code, stderr)

	require.NoError(t, os.Mkdir("results", 0o755))
	require.NoError(t, syscall.Mkfifo("results/b.json", 0o644))
	code, stderr = runWithin(t, "report", "--in", "results", "--out", "r.html")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "open results/b.json: not a regular file (a named pipe)")

	git(t, "init", "-q")
	require.NoError(t, syscall.Mkfifo(".git/hooks/pre-commit", 0o755))
	code, stderr = runWithin(t, "install-hook")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "was not written by checks: pass --force")
	code, stderr = runWithin(t, "install-hook", "--force")
	assert.Equal(t, 0, code, stderr)
	st, err := os.Stat(".git/hooks/pre-commit")
	require.NoError(t, err)
	assert.True(t, st.Mode().IsRegular(), "the pipe replaced by the hook")
}
