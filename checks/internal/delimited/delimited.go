// Package delimited reads records that end at a delimiter (a NUL of git's
// -z lists, a newline of a deploy record), however long, without a copy
// of each one that fits the reader's buffer.
package delimited

import (
	"bufio"
	"bytes"
)

// Next is the next record of r, its delimiter included: the reader's own
// buffer when it fits there (valid until the next read), else a copy. As
// bufio.Reader.ReadSlice, io.EOF comes with the last record when no
// delimiter ends it, and alone after it.
func Next(r *bufio.Reader, delim byte) ([]byte, error) {
	rec, err := r.ReadSlice(delim)
	if err == bufio.ErrBufferFull { // longer than the buffer: read the rest
		rec = bytes.Clone(rec) // before the reads that refill the buffer it is in
		var rest []byte
		rest, err = r.ReadBytes(delim)
		rec = append(rec, rest...)
	}
	return rec, err
}
