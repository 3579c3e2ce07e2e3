package cli

import (
	"errors"
	"io"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
)

func runMarkdown(args []string, stdout, stderr io.Writer, tty bool) int {
	start := time.Now()
	fs, c := newCommand("markdown", stderr, map[string]string{
		"on-broken-markdown-links": mdlinks.BrokenLink, "on-broken-markdown-anchors": mdlinks.BrokenAnchor,
		"on-missing-images": mdlinks.MissingImage,
	})
	public := fs.String("public", "", "folder served at the site root, for absolute image paths (default: markdown.public in checks.json)")
	staged := fs.Bool("staged", false, "check the next commit as git's index holds it, not the working tree: the named paths (default: the markdown files it adds or changes), and the pages that link to what it deletes, renames or changes")
	paths, err := parse(fs, args)
	if err != nil {
		return 2
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	if err := mdlinks.CheckExclude(cfg.Markdown.Exclude); err != nil {
		return usageError(stderr, "markdown", err)
	}
	o := mdlinks.Options{Public: firstNonEmpty(*public, cfg.Markdown.Public), Versions: cfg.Markdown.Versions}
	check := checkWorkingTree
	if *staged {
		check = checkStaged
	}
	found, st, err := check(paths, cfg.Markdown, o)
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	sum := diag.Summary{Tool: "checks markdown", Pages: st.Files, Links: st.Links}
	return finish(stdout, c, cfg.apply(found), sum, start, tty)
}

// checkWorkingTree checks the named folders and files as they are on disk.
func checkWorkingTree(paths []string, m Markdown, o mdlinks.Options) (diag.List, mdlinks.Stats, error) {
	if len(paths) == 0 {
		paths = m.Paths
	}
	if len(paths) == 0 {
		return nil, mdlinks.Stats{}, errors.New(`nothing to check: name folders or .md files (checks markdown docs), or list them under "markdown": {"paths": […]} in checks.json`)
	}
	files, err := mdlinks.Files(paths, m.Exclude)
	if err != nil {
		return nil, mdlinks.Stats{}, err
	}
	return mdlinks.Check(files, o)
}
