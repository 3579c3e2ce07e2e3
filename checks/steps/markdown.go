// Package steps is the work of each step of the gate, from a config to
// its findings and summary: the markdown check (Markdown, Staged), the link
// check of a built site (Links) and the browser's contract checks
// (Browser). The commands (checks/checkscmd) parse flags, load the
// config, call one of these and print; checks all calls several and joins
// their runs (checks/confirm).
package steps

import (
	"slices"
	"time"

	"github.com/devdocs-dev/devdocs/checks/changes"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/confirm"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
)

// Say writes a status line on stderr (the command's, unless --quiet).
type Say func(format string, args ...any)

// Markdown checks the markdown files under paths, as they are on disk,
// each by the rules of the project that reads it (config.Judges). With cf
// (checks all, after the links step), it reads only the files of the
// run's own project that the built site cannot vouch for, and says how
// many it left to the build.
func Markdown(paths []string, cfg *config.Config, cf *confirm.Confirmation, say Say) (diag.Run, error) {
	start := time.Now()
	files, err := MarkdownFiles(paths, cfg)
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
			if n := len(cf.Files()) - len(read); n > 0 {
				say("checks all: markdown: %d of %d pages not read again: their built pages, made since they last changed, show no problem their markdown wrote", n, len(cf.Files()))
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
	return diag.Counted(cfg.Apply(found), diag.Summary{Tool: "checks markdown", Pages: len(files), Links: links}, start), nil
}

// MarkdownFiles are the markdown files under paths that the
// markdown.exclude of their project leaves in.
func MarkdownFiles(paths []string, cfg *config.Config) ([]string, error) {
	if err := mdlinks.CheckExclude(cfg.Markdown.Exclude); err != nil {
		return nil, err
	}
	files, err := mdlinks.Files(paths)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(files, cfg.ExcludedHere), nil
}

// Staged checks the next commit as git's index holds it (changes.Staged).
func Staged(paths []string, cfg *config.Config, ix *gitindex.Index) (diag.Run, error) {
	start := time.Now()
	found, st, err := changes.Staged(paths, cfg, ix)
	if err != nil {
		return diag.Run{}, err
	}
	return diag.Counted(cfg.Apply(found), diag.Summary{Tool: "checks markdown", Pages: st.Files, Links: st.Links}, start), nil
}
