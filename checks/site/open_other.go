//go:build !unix

package site

import (
	"io"
	"os"
)

func open(name string) (io.ReadCloser, error) { return os.Open(name) }
