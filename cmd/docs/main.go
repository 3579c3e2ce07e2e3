// Command docs compiles content/ for the site and serves the built site.
package main

import (
	"os"

	"github.com/devdocs-dev/devdocs/site/docscmd"
)

func main() { os.Exit(docscmd.Run(os.Args[1:], os.Stdout, os.Stderr)) }
