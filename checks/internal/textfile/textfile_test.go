package textfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file over the limit is refused, also one whose size says 0 (procfs).
func TestReadLimit(t *testing.T) {
	f := filepath.Join(t.TempDir(), "ten.md")
	require.NoError(t, os.WriteFile(f, []byte("0123456789"), 0o644))
	b, err := Read(f, 10)
	require.NoError(t, err)
	assert.Equal(t, "0123456789", string(b))
	_, err = Read(f, 9)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.EqualError(t, err, "read "+f+": file too large: over 9 bytes, the most read of such a file")

	if st, err := os.Stat("/proc/self/status"); err == nil && st.Size() == 0 {
		_, err = Read("/proc/self/status", 16)
		assert.ErrorIs(t, err, ErrTooLarge, "a file that says it is empty is still read only up to the limit")
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err = Read("/dev/zero", MaxSource)
		assert.ErrorIs(t, err, ErrNotRegular)
	}
}

// An offset is named by its 1-based line and byte column; one past the
// end is taken as the end.
func TestLineCol(t *testing.T) {
	src := []byte("ab\ncd")
	for _, c := range []struct{ off, line, col int }{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {4, 2, 2}, {99, 2, 3}, {-1, 1, 1}} {
		line, col := LineCol(src, c.off)
		if line != c.line || col != c.col {
			t.Errorf("LineCol(%q, %d) = %d:%d, want %d:%d", src, c.off, line, col, c.line, c.col)
		}
	}
}
