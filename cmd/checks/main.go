// Command checks is the docs gate: it fails a build on broken links.
package main

import (
	"os"

	"devdocs/checks/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr, cli.IsTerminal(os.Stdout)))
}
