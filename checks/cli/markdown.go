package cli

import (
	"io"
	"path/filepath"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/site/compile"
)

func runMarkdown(args []string, stdout, stderr io.Writer, tty bool) int {
	start := time.Now()
	fs, c := newCommand("markdown", stderr, map[string]string{
		"on-broken-markdown-links": "markdown-link", "on-broken-markdown-anchors": "markdown-anchor",
		"on-missing-images": mdlinks.MissingImage,
	})
	content := fs.String("content", "content", "content directory")
	public := fs.String("public", "site/public", "directory served at the site root (for absolute image paths)")
	files, err := parse(fs, args)
	if err != nil {
		return 2
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return usageError(stderr, "markdown", err)
	}
	// The whole tree is parsed even for one staged file: its links may point
	// anywhere in its version. Parsing (no rendering) takes well under a second.
	s, loadDiags := compile.Load(*content)
	if s == nil {
		return finish(stdout, c, loadDiags, diag.Summary{Tool: "checks markdown"}, start, tty)
	}
	only := map[string]bool{}
	for _, f := range files {
		only[filepath.Clean(f)] = true
	}
	found, pages, links := mdlinks.Check(s, *public, only)
	found = append(found, keepFiles(loadDiags, only)...)
	sum := diag.Summary{Tool: "checks markdown", Pages: pages, Links: links}
	return finish(stdout, c, cfg.apply(found), sum, start, tty)
}

// keepFiles keeps load problems of the named files (all when none are named).
func keepFiles(l diag.List, only map[string]bool) diag.List {
	var out diag.List
	for _, d := range l {
		if len(only) == 0 || only[filepath.Clean(d.File)] {
			out = append(out, d)
		}
	}
	return out
}
