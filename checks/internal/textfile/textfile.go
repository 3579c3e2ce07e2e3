// Package textfile reads the files a user names or a project holds
// (markdown sources, config files, results, hooks) as the gate reads any
// input: a named pipe, socket or device is refused before it is opened
// (opening a pipe waits for a writer that may never come; /dev/zero never
// ends), and so is a file larger than the caller's limit, which would
// otherwise be read whole into memory.
package textfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// The limits of Read for the gate's inputs: a markdown page no person wrote
// (goldmark takes some 26 times a file's size in memory), and config files.
const (
	MaxSource = 32 << 20
	MaxConfig = 4 << 20
	MaxData   = 256 << 20 // routes.json, the external-link cache
)

// ErrNotRegular is wrapped by the error for a file that is no regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the error for a file over the limit.
var ErrTooLarge = errors.New("file too large")

// Read reads name whole, following symlinks, if it is a regular file of at
// most limit bytes.
func Read(name string, limit int64) ([]byte, error) {
	f, err := Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > limit {
		return nil, tooLarge(name, limit)
	}
	// A file may say it is smaller than it is (procfs says 0).
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, tooLarge(name, limit)
	}
	return b, nil
}

// Open opens name for reading if it is a regular file.
func Open(name string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() && !st.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w (%s)", ErrNotRegular, Kind(st.Mode()))}
	}
	return os.Open(name) // a folder fails on reading, as os.ReadFile's does
}

func tooLarge(name string, limit int64) error {
	size := fmt.Sprintf("%d bytes", limit)
	if limit >= 1<<20 {
		size = fmt.Sprintf("%d MiB", limit>>20)
	}
	return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: over %s, the most read of such a file", ErrTooLarge, size)}
}

// Kind names the sort of special file a mode is, as "a named pipe".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// LineCol is the 1-based line and byte column of offset off in src (an
// offset out of range is taken as the nearest end).
func LineCol(src []byte, off int) (line, col int) {
	off = max(0, min(off, len(src)))
	return bytes.Count(src[:off], []byte("\n")) + 1, off - bytes.LastIndexByte(src[:off], '\n')
}
