package changes

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/routes"
)

// Pages are the pages of the site in dir (files relative to it)
// that what changed since ref builds, and a line saying which and why:
//   - a markdown page: the page it builds (none if it builds none: a
//     README beside the docs);
//   - a page file of the site itself, when git tracks the site (a site
//     written by hand): that page;
//   - anything else (a theme, a stylesheet, the generator's config, a
//     script of the site): every page, since any may show it.
//
// Files of the site git does not track are the build's output, not a change.
func Pages(c *config.Config, dir string, pages []string, ref string) ([]string, string, error) {
	changed, untracked, err := gitindex.Changed(ref)
	if err != nil {
		return nil, "", fmt.Errorf("--changed-since: %v", err)
	}
	built, unknown, err := builtFiles(c, dir)
	if err != nil {
		return nil, "", err
	}
	isPage := make(map[string]bool, len(pages))
	for _, p := range pages {
		isPage[p] = true
	}
	all := func(f, why string) ([]string, string, error) {
		return pages, fmt.Sprintf("all %s: %s changed since %s, and %s", diag.Plural(len(pages), "page"), diag.Name(f), ref, why), nil
	}
	keep := map[string]bool{}
	for i, f := range append(changed, untracked...) {
		if inSite, ok := within(dir, f); ok {
			switch {
			case i >= len(changed): // untracked: the build's output
			case isPage[inSite]:
				keep[inSite] = true
			default:
				return all(f, "it is a file of the site that every page may load")
			}
			continue
		}
		if !mdscan.IsMarkdownFile(f) {
			return all(f, "it is not one page's source")
		}
		if built == nil {
			return all(f, unknown)
		}
		for _, b := range built(filepath.ToSlash(filepath.Clean(f))) {
			if isPage[b] {
				keep[b] = true
			}
		}
	}
	var out []string
	for _, p := range pages {
		if keep[p] {
			out = append(out, p)
		}
	}
	return out, fmt.Sprintf("%s of %d built from what changed since %s", diag.Plural(len(out), "page"), len(pages), ref), nil
}

// within is f as a slash-separated name relative to dir, if it is in dir.
func within(dir, f string) (string, bool) {
	rel, err := filepath.Rel(dir, f)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// builtFiles maps a markdown file (a clean, slash-separated name) to the
// files of the site it may be built as: by routes.json where the generator
// writes one, else as markdownOutputs says; nil when neither knows, with
// the words that say why.
func builtFiles(c *config.Config, site string) (built func(file string) []string, unknown string, err error) {
	if c.Routes != "" {
		t, err := routes.Load(c.Routes)
		if err != nil {
			return nil, "", err
		}
		bySource := map[string][]string{}
		for _, r := range t.Routes {
			src := path.Clean(r.Source)
			bySource[src] = append(bySource[src], r.File())
		}
		return func(file string) []string { return bySource[file] }, "", nil
	}
	built, err = c.MarkdownOutputs(site)
	if err != nil {
		return nil, fmt.Sprintf("which page a markdown file builds is not known: %v", err), nil
	}
	return built, "which page a markdown file builds is not known for this generator", nil
}
