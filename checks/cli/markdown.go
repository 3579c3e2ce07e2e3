package cli

import (
	"errors"
	"flag"
	"io"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

func runMarkdown(args []string, stdout, stderr io.Writer, tty bool) int {
	fs, c := newCommand("markdown", stderr, registry.Of(registry.Markdown))
	mf := markdownFlags(fs)
	paths, err := parse(fs, args)
	if err != nil {
		return 2
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	mf.apply(cfg)
	if len(paths) == 0 {
		paths = cfg.Markdown.Paths
	}
	if len(paths) == 0 {
		return usageError(stderr, "markdown", errors.New(`nothing to check: name folders or .md files (checks markdown docs), or list them under "markdown": {"paths": […]} in checks.json`))
	}
	run, err := checkMarkdown(paths, cfg)
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	return finish(stdout, c, run, tty)
}

// markdownOptions are the flags of checks markdown that checks all takes too.
type markdownOptions struct{ public *string }

func markdownFlags(fs *flag.FlagSet) markdownOptions {
	return markdownOptions{fs.String("public", "", "folder served at the site root, for absolute image paths (default: markdown.public in checks.json)")}
}

func (m markdownOptions) apply(cfg *Config) {
	cfg.Markdown.Public = firstNonEmpty(*m.public, cfg.Markdown.Public)
}

// checkMarkdown checks the markdown files under paths.
func checkMarkdown(paths []string, cfg *Config) (diag.Run, error) {
	start := time.Now()
	files, err := mdlinks.Files(paths)
	if err != nil {
		return diag.Run{}, err
	}
	found, st, err := mdlinks.Check(files, mdlinks.Options{Public: cfg.Markdown.Public, Versions: cfg.Markdown.Versions})
	if err != nil {
		return diag.Run{}, err
	}
	return counted(cfg.apply(found), diag.Summary{Tool: "checks markdown", Pages: st.Files, Links: st.Links}, start), nil
}
