// Command gen writes internal/formats/formats.d.ts (go generate ./internal/formats).
package main

import (
	"fmt"
	"os"

	"github.com/devdocs-dev/devdocs/internal/formats"
)

func main() {
	if err := os.WriteFile("formats.d.ts", []byte(formats.TypeScript()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
