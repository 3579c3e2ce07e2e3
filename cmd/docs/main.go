// Command docs compiles content/ for the site and serves the built site.
package main

import (
	"os"

	"github.com/devdocs-dev/devdocs/site/cli"
)

func main() { os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr)) }
