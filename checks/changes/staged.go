// Package changes is what a change to a repository touches: the pages of
// the next commit that git's index holds, and the links into what it
// deletes, renames or changes (checks markdown --staged, staged.go); the
// built pages that the files changed since a git revision build (the
// crawl's --changed-since, changed.go).
package changes

import (
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// Staged checks the next commit as git's index holds it: the named
// paths (default: the markdown files the commit adds or changes), and
// the links of every other staged page that lead to a file the commit
// deletes, renames away or changes. Pages are those under markdown.paths
// (the whole repository when unset), less markdown.exclude.
func Staged(paths []string, cfg *config.Config, ix *gitindex.Index) (diag.List, mdlinks.Stats, error) {
	if err := mdlinks.CheckExclude(cfg.Markdown.Exclude); err != nil {
		return nil, mdlinks.Stats{}, err
	}
	changes, err := ix.Changes()
	if err != nil {
		return nil, mdlinks.Stats{}, err
	}
	s := &stagedScope{ix: ix, cfg: cfg}
	files, err := s.named(paths)
	if len(paths) == 0 {
		files = s.changedPages(changes)
	}
	if err != nil {
		return nil, mdlinks.Stats{}, err
	}
	// Each page by its own project's rules (projects.go): the pages the
	// commit touches, and the others' links into what it changes.
	targets := s.targets(changes)
	var others []string
	if len(targets) > 0 {
		others = s.others(files)
	}
	var found diag.List
	var st mdlinks.Stats
	for _, w := range stagedWork(cfg, files, others) {
		o := w.cfg.MarkdownOptions()
		o.Tree = ix
		l, wst, err := mdlinks.Check(w.files, o)
		if err == nil && len(w.others) > 0 {
			var inbound diag.List
			var ist mdlinks.Stats
			inbound, ist, err = mdlinks.Inbound(w.others, targets, o)
			l, wst.Files, wst.Links = append(l, inbound...), wst.Files+ist.Files, wst.Links+ist.Links
		}
		if err != nil {
			return nil, mdlinks.Stats{}, err
		}
		found, st.Files, st.Links = append(found, l...), st.Files+wst.Files, st.Links+wst.Links
	}
	found.Sort()
	return found, st, nil
}

// work is what one project's rules judge in a commit: its pages the commit
// touches, and its other pages, for their links into what it changes.
type work struct {
	cfg           *config.Config
	files, others []string
}

// stagedWork splits the commit's pages and the others among the Configs
// that judge them, the run's own first.
func stagedWork(cfg *config.Config, files, others []string) []*work {
	var out []*work
	at := map[*config.Config]*work{}
	add := func(j config.Judged) *work {
		if at[j.Config] == nil {
			at[j.Config] = &work{cfg: j.Config}
			out = append(out, at[j.Config])
		}
		return at[j.Config]
	}
	for _, j := range cfg.Judges(files) {
		add(j).files = j.Files
	}
	for _, j := range cfg.Judges(others) {
		add(j).others = j.Files
	}
	return out
}

// stagedScope says which staged files are pages to check.
type stagedScope struct {
	ix    *gitindex.Index
	cfg   *config.Config
	roots map[string]bool // markdown.paths, as paths from the top
}

// page reports whether p (a path from the top) is a markdown page to check.
func (s *stagedScope) page(p string) bool {
	if !mdscan.IsMarkdownFile(p) || s.cfg.ExcludedHere(s.ix.Name(p)) {
		return false
	}
	if len(s.cfg.Markdown.Paths) == 0 {
		return true
	}
	if s.roots == nil { // markdown.paths from the top, named once
		s.roots = map[string]bool{}
		for _, root := range s.cfg.Markdown.Paths {
			s.roots[s.ix.Path(root)] = true
		}
	}
	if s.roots["."] {
		return true
	}
	for dir := p; ; dir = path.Dir(dir) {
		if s.roots[dir] {
			return true
		}
		if dir == "." || dir == "/" {
			return false
		}
	}
}

// named lists the pages of the named files and folders, as staged.
func (s *stagedScope) named(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		switch {
		case s.ix.IsFile(p):
			if !s.cfg.ExcludedHere(p) {
				files = append(files, filepath.Clean(p))
			}
		case s.ix.IsDir(p):
			for _, f := range s.ix.Files(p, mdscan.IsMarkdownFile) {
				if !s.cfg.ExcludedHere(f) {
					files = append(files, f)
				}
			}
		case s.ix.IsLink(p): // staged, but what it points to is not
			_, err := s.ix.ReadFile(p)
			return nil, err
		default:
			return nil, fmt.Errorf("%s: not in git's index (stage it with git add, or check the working tree without --staged)", p)
		}
	}
	sort.Strings(files)
	return slices.Compact(files), nil
}

// changedPages lists the pages the commit adds, copies, changes or
// renames (a moved page's relative links may no longer lead anywhere).
func (s *stagedScope) changedPages(changes []gitindex.Change) []string {
	var files []string
	for _, c := range changes {
		if c.Status != 'D' && s.page(c.Path) {
			files = append(files, s.ix.Name(c.Path))
		}
	}
	return files
}

// targets lists the files whose links elsewhere the commit may break: the
// deleted, the old names of the renamed, and the changed (their headings
// are anchors).
func (s *stagedScope) targets(changes []gitindex.Change) []string {
	var out []string
	for _, c := range changes {
		switch c.Status {
		case 'M':
			if !s.keepsAnchors(c.Path) {
				out = append(out, s.ix.Name(c.Path))
			}
		case 'D', 'T':
			out = append(out, s.ix.Name(c.Path))
		case 'R':
			out = append(out, s.ix.Name(c.From))
		}
	}
	return out
}

// keepsAnchors reports whether a file the commit changes (p, from the
// top) breaks no link into it: a file other than a page is still there,
// and a page that keeps its front matter (which may move it) and every id
// it had, as the check reads its page (with what it includes), is too.
// Most commits edit a page's text, and the pages linking to it then need
// no second look, which costs reading them all.
func (s *stagedScope) keepsAnchors(p string) bool {
	name := s.ix.Name(p)
	if !mdscan.IsMarkdownFile(p) {
		return true
	}
	before, err := s.ix.ReadHead(name)
	if err != nil {
		return false
	}
	after, err := s.ix.ReadFile(name)
	if err != nil || !bytes.Equal(mdscan.FrontBlock(before), mdscan.FrontBlock(after)) {
		return false
	}
	o := s.cfg.Judge(name).MarkdownOptions()
	o.Tree = s.ix
	k := mdlinks.New(o)
	had, kept := k.Page(name, before), k.Page(name, after)
	ids := had.IDs
	for _, h := range had.Headings {
		ids = append(ids, h.ID)
	}
	for _, id := range ids {
		if id != "" && !kept.HasID(id) {
			return false
		}
	}
	return true
}

// others lists the staged pages not among checked, which were checked whole.
func (s *stagedScope) others(checked []string) []string {
	done := map[string]bool{}
	for _, f := range checked {
		done[s.ix.Path(f)] = true
	}
	var out []string
	for _, f := range s.ix.Files(s.ix.Name("."), mdscan.IsMarkdownFile) {
		if p := s.ix.Path(f); !done[p] && s.page(p) {
			out = append(out, f)
		}
	}
	return out
}
