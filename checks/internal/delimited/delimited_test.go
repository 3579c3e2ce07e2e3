package delimited

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Records longer than the buffer come whole, and the last one without
// its delimiter comes with io.EOF.
func TestNext(t *testing.T) {
	long := strings.Repeat("x", 100)
	r := bufio.NewReaderSize(strings.NewReader("a\x00"+long+"\x00\x00last"), 16)
	var got []string
	var err error
	for err == nil {
		var rec []byte
		rec, err = Next(r, 0)
		got = append(got, string(rec))
	}
	assert.Equal(t, io.EOF, err)
	assert.Equal(t, []string{"a\x00", long + "\x00", "\x00", "last"}, got)
}
