//go:build !unix

package htmlsite

import (
	"io"
	"os"
)

func open(name string) (io.ReadCloser, error) { return os.Open(name) }
