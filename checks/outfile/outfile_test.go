package outfile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// listing is the folder's file names.
func listing(t *testing.T, dir string) []string {
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteReplacesWholeOrNotAtAll(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "report.html")
	require.NoError(t, Write(name, func(w io.Writer) error { _, err := io.WriteString(w, "good"); return err }))
	err := Write(name, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("disk full")
	})
	assert.EqualError(t, err, "disk full")
	got, _ := os.ReadFile(name)
	assert.Equal(t, "good", string(got), "the last good file stays")
	assert.Equal(t, []string{"report.html"}, listing(t, dir), "no temporary file left")
	st, _ := os.Stat(name)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())
}

// A Ctrl-C in the middle of a write removes the temporary file, leaves the
// last good file as it was, and ends the process by the signal. The
// process is this test binary run again as a writer that never finishes.
func TestInterruptLeavesNoTemporaryFile(t *testing.T) {
	if dir := os.Getenv("OUTFILE_TEST_WRITER"); dir != "" {
		Write(filepath.Join(dir, "report.html"), func(w io.Writer) error {
			io.WriteString(w, "half a rep")
			select {}
		})
		return
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "report.html")
	require.NoError(t, os.WriteFile(name, []byte("good"), 0o644))
	cmd := exec.Command(os.Args[0], "-test.run=^TestInterruptLeavesNoTemporaryFile$")
	cmd.Env = append(os.Environ(), "OUTFILE_TEST_WRITER="+dir)
	require.NoError(t, cmd.Start())
	for deadline := time.Now().Add(10 * time.Second); len(listing(t, dir)) < 2; time.Sleep(5 * time.Millisecond) {
		require.True(t, time.Now().Before(deadline), "the writer never made its temporary file")
	}
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err := cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	ws, ok := exit.Sys().(syscall.WaitStatus)
	require.True(t, ok)
	assert.True(t, ws.Signaled() && ws.Signal() == syscall.SIGINT, "ended by SIGINT: %v", err)
	assert.Equal(t, []string{"report.html"}, listing(t, dir), "the temporary file is gone")
	got, _ := os.ReadFile(name)
	assert.Equal(t, "good", string(got))
}
