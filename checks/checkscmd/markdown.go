package checkscmd

import (
	"cmp"
	"errors"
	"flag"
	"io"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/steps"
)

func runMarkdown(args []string, stdout, stderr io.Writer, tty bool) int {
	fs, c := newCommand("markdown", stderr, registry.Of(registry.Markdown))
	mf := markdownFlags(fs)
	staged := fs.Bool("staged", false, "check the next commit as git's index holds it, not the working tree: the named paths (default: the markdown files it adds or changes), and the pages that link to what it deletes, renames or changes")
	paths, err := parse(fs, args)
	if err != nil {
		return 2
	}
	c.named = paths
	if *staged { // opened first: the docs projects are found among its files
		ix, err := gitindex.Open()
		if err != nil {
			return usageError(stderr, "markdown", err)
		}
		defer ix.Close()
		c.index = ix
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	mf.apply(cfg)
	check := func(paths []string, cfg *config.Config) (diag.Run, error) {
		return steps.Markdown(paths, cfg, nil, c.sayer(stderr))
	}
	if *staged {
		check = func(paths []string, cfg *config.Config) (diag.Run, error) { return steps.Staged(paths, cfg, c.index) }
	} else if len(paths) == 0 {
		paths = cfg.Markdown.Paths
		if cfg.NoPresetMarkdown() != "" {
			return usageError(stderr, "markdown", errors.New(cfg.NoPresetMarkdown()))
		}
		// Docs projects found whose folders hold no markdown (reST only)
		// are a run of 0 pages, said on stderr; nothing found is an error.
		if len(paths) == 0 && !cfg.HasProjects() {
			return usageError(stderr, "markdown", errors.New(`nothing to check: name folders or .md/.mdx files (checks markdown docs), or list them under "markdown": {"paths": […]} in checks.json`))
		}
	}
	run, err := check(paths, cfg)
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

func (m markdownOptions) apply(cfg *config.Config) {
	cfg.Markdown.Public = cmp.Or(*m.public, cfg.Markdown.Public)
}
