package checkscmd

import (
	"cmp"
	"errors"
	"flag"
	"github.com/devdocs-dev/devdocs/checks/changes"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/confirm"
	"io"
	"slices"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/registry"
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
		return checkMarkdown(paths, cfg, nil, stderr, c)
	}
	if *staged {
		check = func(paths []string, cfg *config.Config) (diag.Run, error) { return checkStaged(paths, cfg, c.index) }
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

// checkMarkdown checks the markdown files under paths, as they are on disk,
// each by the rules of the project that reads it (projects.go). With cf
// (checks all, after the links step), it reads only the files of the
// run's own project that the built site cannot vouch for, and says how
// many it left to the build.
func checkMarkdown(paths []string, cfg *config.Config, cf *confirm.Confirmation, stderr io.Writer, c *common) (diag.Run, error) {
	start := time.Now()
	files, err := markdownFiles(paths, cfg)
	if err != nil {
		return diag.Run{}, err
	}
	var found diag.List
	links := 0
	for _, j := range cfg.Judges(files) {
		var md *mdlinks.Checker
		read := j.Files
		if cf != nil && j.Config == cfg {
			read = cf.ToRead(cf.Files())
			if n := len(cf.Files()) - len(read); n > 0 && c != nil {
				c.say(stderr, "checks all: markdown: %d of %d pages not read again: their built pages, made since they last changed, show no problem their markdown wrote", n, len(cf.Files()))
			}
			md = cf.Checker()
		} else {
			o := j.Config.MarkdownOptions()
			o.Files = files
			md = mdlinks.New(o)
		}
		if len(read) == 0 {
			continue
		}
		l, st, err := md.Check(read)
		if err != nil {
			return diag.Run{}, err
		}
		found = append(found, l...)
		links += st.Links
	}
	found.Sort()
	return counted(cfg.Apply(found), diag.Summary{Tool: "checks markdown", Pages: len(files), Links: links}, start), nil
}

// markdownFiles are the markdown files under paths that the
// markdown.exclude of their project leaves in.
func markdownFiles(paths []string, cfg *config.Config) ([]string, error) {
	if err := mdlinks.CheckExclude(cfg.Markdown.Exclude); err != nil {
		return nil, err
	}
	files, err := mdlinks.Files(paths)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(files, cfg.ExcludedHere), nil
}

// checkStaged checks the next commit as git's index holds it (changes.Staged).
func checkStaged(paths []string, cfg *config.Config, ix *gitindex.Index) (diag.Run, error) {
	start := time.Now()
	found, st, err := changes.Staged(paths, cfg, ix)
	if err != nil {
		return diag.Run{}, err
	}
	return counted(cfg.Apply(found), diag.Summary{Tool: "checks markdown", Pages: st.Files, Links: st.Links}, start), nil
}
