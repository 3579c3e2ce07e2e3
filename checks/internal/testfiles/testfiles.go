// Package testfiles writes the files a test's project holds, for the
// gate's packages whose tests run on a folder of their own.
package testfiles

import (
	"os"
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
