package checkscmd

import (
	"fmt"
	"io"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/preset"
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
	for _, p := range preset.All {
		fmt.Fprintf(stdout, "%s\n%s", p.Name, wrap(p.About, "  ", 100))
		if len(p.Configs) > 0 {
			fmt.Fprintf(stdout, "  found by: %s\n", strings.Join(p.Configs, ", "))
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "With no preset named (--preset, or \"preset\" in %s), each docs project whose config file is\nin the project's folder or below it judges its own pages, and checks says which on stderr;\nchecks presets DIR lists them.\n", config.Name)
	return 0
}

// wrap breaks text into lines of at most width bytes, each indented.
func wrap(text, indent string, width int) string {
	var b, line strings.Builder
	for _, w := range strings.Fields(text) {
		if line.Len() > 0 && len(indent)+line.Len()+1+len(w) > width {
			b.WriteString(indent + line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	if line.Len() > 0 {
		b.WriteString(indent + line.String() + "\n")
	}
	return b.String()
}
