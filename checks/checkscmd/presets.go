package checkscmd

import (
	"fmt"
	"io"

	"github.com/devdocs-dev/devdocs/checks/config"
)

// runPresets lists the presets, what each assumes and the config files
// that name it; given a folder, it lists the docs projects found there.
func runPresets(args []string, stdout, stderr io.Writer) int {
	fs := flagSet("presets", stderr)
	pos, err := parse(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 1 {
		return usageError(stderr, "presets", fmt.Errorf("want at most one folder, not %d: checks presets [DIR]", len(pos)))
	}
	if len(pos) == 1 {
		if err := config.IsDir(pos[0]); err != nil {
			return usageError(stderr, "presets", err)
		}
		config.ListProjects(stdout, pos[0])
		return 0
	}
	config.ListPresets(stdout)
	return 0
}
