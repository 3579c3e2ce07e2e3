package checkscmd

import (
	"fmt"
	"io"
	"os"

	"github.com/devdocs-dev/devdocs/checks/hook"
)

func runInstallHook(args []string, stdout, stderr io.Writer) int {
	fs := flagSet("install-hook", stderr)
	bin := fs.String("checks", "", "the checks binary the hook runs, relative to the repository root or absolute (default: this one)")
	force := fs.Bool("force", false, "replace a pre-commit hook that checks did not write")
	if _, err := parse(fs, args); err != nil {
		return 2
	}
	if *bin == "" {
		self, err := os.Executable()
		if err != nil {
			return usageError(stderr, "install-hook", err)
		}
		*bin = self
	}
	file, err := hook.Install(*bin, *force)
	if err != nil {
		return usageError(stderr, "install-hook", err)
	}
	fmt.Fprintf(stdout, "checks install-hook: %s runs `%s markdown --staged` before each commit\n", file, *bin)
	return 0
}
