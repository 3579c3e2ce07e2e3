// Command linkbench measures `checks links` against the floor and peer
// link checkers on generated sites with known faults (make bench).
package main

import (
	"os"

	"github.com/devdocs-dev/devdocs/checks/bench"
)

func main() { os.Exit(bench.Main(os.Args[1:], os.Stdout, os.Stderr)) }
