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
	paths, err := parse(fs, args)
	if err != nil {
		return 2
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	if len(paths) == 0 {
		paths = cfg.Markdown.Paths
	}
	if len(paths) == 0 {
		return usageError(stderr, "markdown", errors.New(`nothing to check: name folders or .md files (checks markdown docs), or list them under "markdown": {"paths": […]} in checks.json`))
	}
	files, err := mdlinks.Files(paths)
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	o := mdlinks.Options{Public: firstNonEmpty(*public, cfg.Markdown.Public), Versions: cfg.Markdown.Versions}
	found, st, err := mdlinks.Check(files, o)
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	sum := diag.Summary{Tool: "checks markdown", Pages: st.Files, Links: st.Links}
	return finish(stdout, c, cfg.apply(found), sum, start, tty)
}
