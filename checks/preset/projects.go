package preset

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/devdocs-dev/devdocs/checks/internal/delimited"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// Project is one docs project found in a repository: a generator's config
// file and the layout it gives, every path of Layout joined to the
// project's root (Generator.Root).
type Project struct {
	Preset    Preset
	Generator Generator
	Layout    Layout
}

// Config is the project's config file, named from where root was.
func (p Project) Config() string { return filepath.Join(p.Generator.Root, p.Generator.Config) }

// Repo is what Discover found in a folder: every docs project at or below
// it, and every markdown file there that git does not ignore (or, outside
// a git work tree, every one outside dependency and dot folders).
type Repo struct {
	Root     string
	Projects []Project
	Markdown []string
	// Fixtures are the config files in test and template folders, which
	// are no docs projects (a generator's own test sites, a scaffold).
	Fixtures []string
	// Unmodelled are the config files of generators with no preset.
	Unmodelled []OtherConfig
}

// Discover finds every docs project at or below root: each config file a
// preset names, anchored at any folder, that its preset claims. What git
// ignores, node_modules and dot folders (but .vitepress, .vuepress) are skipped: a
// config there is a dependency's or a tool's, not the repository's site.
// Projects come in the order of their config files' paths, and within one
// folder in the order of All.
func Discover(root string) Repo { return DiscoverIn(root, repoFiles(root)) }

// DiscoverIn is Discover of a list of the files at or below root (slash
// paths relative to it): git's index, for a hook that checks the commit to
// be, which has it read already.
func DiscoverIn(root string, files []string) Repo {
	r := Repo{Root: root}
	seen := map[string]bool{} // preset and root: one project each
	markdown := map[string]bool{}
	for _, rel := range files {
		if isMarkdown(rel) {
			markdown[rel] = true
		}
	}
	listed := func(rel string) bool { return markdown[rel] }
	for _, rel := range files {
		if !Listed(rel) {
			continue
		}
		if inFixtures(rel) {
			if mayBeConfig(rel) {
				if _, _, ok := claim(root, rel, listed); ok {
					r.Fixtures = append(r.Fixtures, filepath.Join(root, rel))
				}
			}
			continue
		}
		if isMarkdown(rel) {
			r.Markdown = append(r.Markdown, filepath.Join(root, rel))
			continue
		}
		if !mayBeConfig(rel) {
			continue
		}
		p, g, ok := claim(root, rel, listed)
		if !ok {
			if f, ok := recognise(root, rel); ok {
				r.Unmodelled = append(r.Unmodelled, f)
			}
			continue
		}
		if seen[p.Name+"\x00"+g.Root] {
			continue
		}
		seen[p.Name+"\x00"+g.Root] = true
		r.Projects = append(r.Projects, Project{Preset: p, Generator: g, Layout: p.Layout(g)})
	}
	slices.SortStableFunc(r.Projects, func(a, b Project) int {
		if c := strings.Compare(filepath.Dir(a.Config()), filepath.Dir(b.Config())); c != 0 {
			return c
		}
		return order(a.Preset) - order(b.Preset)
	})
	return r
}

// claim is the preset whose config glob names rel (a path under root) with
// the most folders, so that config/_default/hugo.toml is Hugo's config in
// the folder above config/, and the preset claims the file's content.
// Of two presets whose globs name it with as many folders (Hexo's and
// Jekyll's _config.yml), the first in All that claims its content has it.
// listed says whether the repository holds a file (a preset's Beside).
func claim(root, rel string, listed func(rel string) bool) (Preset, Generator, bool) {
	segs := strings.Split(rel, "/")
	type candidate struct {
		p    Preset
		root string
		n    int
	}
	var found []candidate
	for _, p := range All {
		best := candidate{p: p}
		for _, glob := range p.Configs {
			n := strings.Count(glob, "/") + 1
			if n > len(segs) || n <= best.n {
				continue
			}
			if ok, _ := doublestar.Match(glob, strings.Join(segs[len(segs)-n:], "/")); ok {
				best.root, best.n = path.Join(segs[:len(segs)-n]...), n
			}
		}
		if best.n > 0 && (p.Beside == "" || listed(path.Join(path.Dir(rel), p.Beside))) {
			found = append(found, best)
		}
	}
	if len(found) == 0 {
		return Preset{}, Generator{}, false
	}
	slices.SortStableFunc(found, func(a, b candidate) int { return b.n - a.n })
	file := filepath.Join(root, filepath.FromSlash(rel))
	src, err := textfile.Read(file, textfile.MaxConfig) // a pipe or device is no config
	if err != nil {
		return Preset{}, Generator{}, false
	}
	for _, c := range found {
		if c.n < found[0].n {
			break // a glob naming more folders is the file's, claimed or not
		}
		if c.p.Claims == nil || c.p.Claims(file, withoutComments(file, src)) {
			dir := filepath.Join(root, filepath.FromSlash(c.root))
			config, _ := filepath.Rel(dir, file)
			return c.p, newGenerator(dir, config, src), true
		}
	}
	return Preset{}, Generator{}, false
}

// configNames are the starts of the names of the files a preset's config
// globs can match: a cheap test before the globs.
var configNames = func() []string {
	var globs, out []string
	for _, p := range All {
		globs = append(globs, p.Configs...)
	}
	for _, u := range Unmodelleds {
		globs = append(globs, u.Configs...)
	}
	for _, glob := range globs {
		for _, name := range expandBraces(path.Base(glob)) {
			if i := strings.IndexAny(name, "*?["); i >= 0 {
				name = name[:i]
			}
			if name == "" {
				panic("preset: config glob " + glob + " names any file") // every file of a repository would be read
			}
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}()

// expandBraces spells out the first {a,b} of a glob: "{hugo,config}.toml"
// is hugo.toml and config.toml.
func expandBraces(glob string) []string {
	i := strings.IndexByte(glob, '{')
	j := strings.IndexByte(glob, '}')
	if i < 0 || j < i {
		return []string{glob}
	}
	var out []string
	for _, alt := range strings.Split(glob[i+1:j], ",") {
		out = append(out, glob[:i]+alt+glob[j+1:])
	}
	return out
}

func mayBeConfig(rel string) bool {
	name := path.Base(rel)
	for _, n := range configNames {
		if strings.HasPrefix(name, n) {
			return true
		}
	}
	return false
}

func isMarkdown(rel string) bool {
	return strings.HasSuffix(rel, ".md") || strings.HasSuffix(rel, ".mdx")
}

// repoFiles lists the files under root that belong to the repository, as
// slash paths relative to root: git's list of tracked files and of
// untracked ones it does not ignore, else a walk of the disk. Either way
// only what Listed keeps is listed.
func repoFiles(root string) []string {
	if out, err := gitFiles(root); err == nil {
		return out
	}
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder holds no project we can read
		}
		if d.IsDir() {
			if p != root && skippedDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if rel, err := filepath.Rel(root, p); err == nil && Listed(filepath.ToSlash(rel)) {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// gitFiles reads git's list as it comes: a large repository's is
// megabytes, most of it files that are neither markdown nor a config,
// which are passed over before they cost a string each.
func gitFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var out []string
	r := bufio.NewReaderSize(pipe, 1<<16)
	for {
		name, err := delimited.Next(r, 0)
		name = bytes.TrimSuffix(name, []byte{0})
		if len(name) > 0 && mayBeListed(name) {
			if rel := string(name); Listed(rel) {
				out = append(out, rel)
			}
		}
		if err != nil {
			break
		}
	}
	if err := cmd.Wait(); err != nil {
		return nil, err
	}
	slices.Sort(out)
	return slices.Compact(out), nil // a file with merge conflicts is listed once per stage
}

// mayBeListed is Listed's first, cheap look, at the bytes git lists: a
// markdown file, or a name that may be a config.
func mayBeListed(name []byte) bool {
	if bytes.HasSuffix(name, []byte(".md")) || bytes.HasSuffix(name, []byte(".mdx")) {
		return true
	}
	base := name[bytes.LastIndexByte(name, '/')+1:]
	for _, n := range configNames {
		if bytes.HasPrefix(base, []byte(n)) {
			return true
		}
	}
	return false
}

// Listed reports whether Discover looks at a file: markdown, or what may
// be a config, outside node_modules and dot folders (but .vitepress, .vuepress).
// Only these are kept: a repository holds many more files, and each costs.
func Listed(rel string) bool {
	if !isMarkdown(rel) && !mayBeConfig(rel) {
		return false
	}
	for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
		if skippedDir(path.Base(dir)) {
			return false
		}
	}
	return true
}

// fixtureDirs are the folder names under which a config is a test's or a
// scaffold's, and markdown is no page of the repository's docs: found in
// the repositories of the generators themselves, whose test sites break
// links on purpose.
var fixtureDirs = []string{"test", "tests", "__tests__", "testdata", "fixtures", "__fixtures__", "e2e", "__e2e__", "template", "templates"}

// inFixtures reports whether a file lies in a test or template folder.
func inFixtures(rel string) bool {
	for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
		seg := strings.ToLower(path.Base(dir))
		if slices.Contains(fixtureDirs, seg) || strings.HasSuffix(seg, "_template") {
			return true
		}
	}
	return false
}

func skippedDir(name string) bool {
	return name == "node_modules" || (strings.HasPrefix(name, ".") && name != "." && name != ".vitepress" && name != ".vuepress")
}

// order is a preset's place in All: the first of two presets that claim
// one folder from one config folder is the one that applies.
func order(p Preset) int {
	return slices.IndexFunc(All, func(q Preset) bool { return q.Name == p.Name })
}

// Owner is the project whose pages a file is among: of those whose
// markdown folders hold it, the one whose folder is deepest (the nearer
// config owns a folder two configs claim), then the first in order. It
// is -1 for a file no project reads, which GitHub's rules judge.
func Owner(projects []Project, file string) int { return NewOwners(projects).Of(file) }

// Owners answers Owner for many files: the folders made absolute once, and
// the current folder read once (a hook asks of every staged page).
type Owners struct {
	projects []Project
	dirs     [][]string // each project's markdown folders, absolute
	wd       string
}

// NewOwners readies Owner's answers for projects.
func NewOwners(projects []Project) *Owners {
	o := &Owners{projects: projects}
	o.wd, _ = os.Getwd()
	for _, p := range projects {
		var dirs []string
		for _, d := range p.Layout.Markdown {
			dirs = append(dirs, o.abs(d))
		}
		o.dirs = append(o.dirs, dirs)
	}
	return o
}

func (o *Owners) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(o.wd, p)
}

// Of is Owner of file.
func (o *Owners) Of(file string) int {
	abs := o.abs(file)
	best, depth := -1, -1
	for i, dirs := range o.dirs {
		for _, d := range dirs {
			if !within(d, abs) {
				continue
			}
			if n := len(d); n > depth || (n == depth && order(o.projects[i].Preset) < order(o.projects[best].Preset)) {
				best, depth = i, n
			}
		}
	}
	return best
}

// Holding are the folders of dirs that hold a markdown file of the
// repository; a folder outside the repository's root, which Discover did
// not list, is kept.
func (r Repo) Holding(dirs []string) []string {
	o := &Owners{}
	o.wd, _ = os.Getwd()
	root := o.abs(r.Root)
	md := make([]string, len(r.Markdown))
	for i, f := range r.Markdown {
		md[i] = o.abs(f)
	}
	var out []string
	for _, d := range dirs {
		abs := o.abs(d)
		if !within(root, abs) || slices.ContainsFunc(md, func(f string) bool { return f != abs && within(abs, f) }) {
			out = append(out, d)
		}
	}
	return out
}

// within reports whether file is dir or below it (both absolute, clean).
func within(dir, file string) bool {
	return file == dir || strings.HasPrefix(file, dir+string(filepath.Separator)) || dir == string(filepath.Separator)
}

// Shadow sets aside the projects that read no page of their own: each of
// their markdown folders that is there, another, nearer or first in order,
// owns (a mkdocs.yml beside docs/.vitepress, both reading docs/). kept are
// the others; under[i] are the projects kept[i] shadows, for the run to name.
func Shadow(projects []Project) (kept []Project, under [][]Project) {
	by := make([]int, len(projects)) // the owner of each project's folders, or itself
	for i, p := range projects {
		by[i] = i
		owns, owner := false, -1
		for _, dir := range p.Layout.Markdown {
			if !isDir(dir) {
				continue
			}
			switch o := Owner(projects, dir); {
			case o == i:
				owns = true
			case owner < 0:
				owner = o
			}
		}
		if !owns && owner >= 0 {
			by[i] = owner
		}
	}
	at := map[int]int{}
	for i, p := range projects {
		if by[i] == i {
			at[i] = len(kept)
			kept = append(kept, p)
			under = append(under, nil)
		}
	}
	for i, p := range projects {
		if o := by[i]; o != i {
			for by[o] != o { // the owner may itself be shadowed
				o = by[o]
			}
			under[at[o]] = append(under[at[o]], p)
		}
	}
	return kept, under
}
