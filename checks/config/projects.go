package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/preset"
)

// Several docs projects in one repository. With no preset named, the gate
// finds every generator's config at and below the project root (a site in
// website/, a second one in packages/x/docs, a Sphinx tree beside them),
// and each markdown file is judged by the rules of the project that reads
// it: the one whose markdown folder holding it is nearest. A file that no
// project reads (a README, CONTRIBUTING.md) is judged as GitHub shows it.
// The Config of the run is the project at the root, when there is one: its
// site is the one checks links and the browser checks take.

// projectSet is what the discovery found; the zero value is one project or
// none, judged by the run's Config alone.
type projectSet struct {
	found    []preset.Project
	owners   *preset.Owners // of found
	projects []*Config      // by found's index; the primary's is the run's Config
	outside  *Config        // the run's settings with no generator's
	primary  int            // the project at the root, or -1
}

// discover finds the docs projects at and below the project root (and
// above the paths named) and gives each its Config. Markdown paths the file
// left unset become every project's markdown folders and the markdown no
// project reads.
// unmodelledNote names a generator's config that no preset models.
func unmodelledNote(u preset.OtherConfig) string {
	return fmt.Sprintf("%s is %s's config, which no preset of checks models: its markdown is read by GitHub's rules, not %s's (name its folders, or --preset, to choose)", Relative(u.Config), u.Name, u.Name)
}

// discoverAt finds the docs projects at or below root, among the files
// the run checks.
func (c *Config) discoverAt(root string) preset.Repo {
	if c.files != nil {
		return preset.DiscoverIn(root, c.files(root))
	}
	return preset.Discover(root)
}

func (c *Config) discover(named []string) error {
	roots := c.projectRoots()
	root := roots[0]
	var repo preset.Repo
	for _, root = range roots {
		if repo = c.discoverAt(root); len(repo.Projects) > 0 {
			break
		}
	}
	for _, u := range repo.Unmodelled {
		c.notes = append(c.notes, unmodelledNote(u))
	}
	found := append(repo.Projects, above(repo.Projects, named)...)
	if len(found) == 0 {
		if len(repo.Unmodelled) > 0 && len(c.Markdown.Paths) == 0 {
			c.Markdown.Paths = repo.Markdown // as the notes say: by GitHub's rules
		}
		return nil
	}
	base := c.clone()
	set, missing := c.projectConfigs(base, root, repo, found)
	for _, p := range named { // a folder named in no project's: said, as the rules differ
		if set.owners.Of(p) < 0 {
			c.notes = append(c.notes, fmt.Sprintf("%s is in no docs project's markdown folders: judged by GitHub's rules", p))
		}
	}
	if set.primary >= 0 { // the run's Config is the project at the root's, with the run's notes
		notes := c.notes
		*c = *set.projects[set.primary]
		c.notes = notes
	}
	c.noPresetMarkdown = ""
	if len(base.Markdown.Paths) == 0 {
		c.Markdown.Paths = markdownScope(set, repo.Markdown)
		if len(missing) > 0 { // no clean run of what is left
			c.noPresetMarkdown = missing[0] + ": run in the project's folder, or name the folders in " + Name + ` ("markdown": {"paths": […]})`
		}
	}
	if n := len(repo.Fixtures); n > 0 {
		c.notes = append(c.notes, fmt.Sprintf("%d %s in test and template folders (%s) taken for fixtures, not docs projects: name a folder to check it", n, plural(n, "config", "configs"), repo.Fixtures[0]))
	}
	c.set = set
	return nil
}

// projectConfigs gives each project found its Config, the run's settings
// (base) with its generator's layout; missing says of each project whose
// markdown folders are not there what it reads.
func (c *Config) projectConfigs(base *Config, root string, repo preset.Repo, found []preset.Project) (set projectSet, missing []string) {
	found, under := preset.Shadow(found)
	set = projectSet{found: found, owners: preset.NewOwners(found), outside: base, primary: -1}
	for i, p := range found {
		if SameDir(p.Generator.Root, root) && set.primary < 0 {
			set.primary = i
		}
		note := fmt.Sprintf("the %s preset, for %s", p.Preset.Name, p.Config())
		for _, other := range under[i] {
			note += fmt.Sprintf(" (%s is here too: --preset %s chooses it)", other.Config(), other.Preset.Name)
		}
		c.notes = append(c.notes, note)
		pc := base.clone()
		pc.useLayout(&found[i].Preset, p.Generator, p.Layout)
		c.notes = append(c.notes, pc.notes...)
		if len(base.Markdown.Paths) == 0 {
			// A folder with no markdown is left out; a project with none
			// is said, and is an error only when nothing else is checked.
			there := len(pc.Markdown.Paths) > 0
			pc.Markdown.Paths = repo.Holding(pc.Markdown.Paths)
			switch {
			case !there: // the config names folders that are not there
				missing = append(missing, fmt.Sprintf("the %s preset of %s reads markdown from %s, and none of it is here", p.Preset.Name, p.Config(), strings.Join(p.Layout.Markdown, ", ")))
			case len(pc.Markdown.Paths) == 0: // reST only, say
				c.notes = append(c.notes, fmt.Sprintf("the %s preset of %s reads markdown from %s, and it holds none", p.Preset.Name, p.Config(), strings.Join(existing(p.Layout.Markdown), ", ")))
			}
		}
		set.projects = append(set.projects, pc)
	}
	c.notes = append(c.notes, nested(found)...)
	if set.primary < 0 && len(found) == 1 {
		set.primary = 0
	}
	return set, missing
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// nested says of each markdown folder of a project inside another
// project's that the nearer config owns it.
func nested(found []preset.Project) []string {
	var out []string
	for i, outer := range found {
		for _, n := range inside(found, i) {
			out = append(out, fmt.Sprintf("%s is read by the %s preset, for %s, which is nearer to it than %s (%s)", n.dir, n.by.Preset.Name, n.by.Config(), outer.Config(), outer.Preset.Name))
		}
	}
	return out
}

// nearer is a markdown folder of project by.
type nearer struct {
	dir string
	by  preset.Project
}

// inside are the markdown folders of the other projects that lie in one of
// project i's: the nearer config owns them.
func inside(projects []preset.Project, i int) []nearer {
	var out []nearer
	for j, p := range projects {
		if j == i {
			continue
		}
		for _, dir := range existing(p.Layout.Markdown) {
			if preset.Owner([]preset.Project{projects[i]}, dir) == 0 && !slices.ContainsFunc(projects[i].Layout.Markdown, func(d string) bool { return SameDir(d, dir) }) {
				out = append(out, nearer{dir, p})
			}
		}
	}
	return out
}

// above are the projects whose config is above a named path that none of
// found reads: checks markdown ../site/docs names its project's pages.
func above(found []preset.Project, named []string) []preset.Project {
	var out []preset.Project
	for _, p := range named {
		if preset.Owner(found, p) >= 0 || preset.Owner(out, p) >= 0 {
			continue
		}
		for _, dir := range namedRoots([]string{p}) {
			var here []preset.Project
			for _, f := range preset.Detect(dir) {
				here = append(here, preset.Project{Preset: f.Preset, Generator: f.Generator, Layout: f.Preset.Layout(f.Generator)})
			}
			if preset.Owner(here, p) >= 0 {
				out = append(out, here...)
				break
			}
		}
	}
	return out
}

// markdownScope is what checks markdown reads when nothing is named: the
// markdown folders of every project, and the markdown files no project
// reads.
func markdownScope(set projectSet, markdown []string) []string {
	var out []string
	for _, pc := range set.projects {
		out = append(out, pc.Markdown.Paths...)
	}
	for _, f := range markdown {
		if set.owners.Of(f) < 0 {
			out = append(out, Relative(f))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// clone is a copy whose slices are its own, with no notes.
func (c *Config) clone() *Config {
	d := *c
	d.Markdown.Paths = slices.Clone(c.Markdown.Paths)
	d.Markdown.Exclude = slices.Clone(c.Markdown.Exclude)
	d.Markdown.Versions = slices.Clone(c.Markdown.Versions)
	d.notes = nil
	return &d
}

// Judge is the Config whose rules judge a markdown file: its project's,
// or the settings alone for a file no project reads.
func (c *Config) Judge(file string) *Config {
	if c.set.found == nil {
		return c
	}
	switch i := c.set.owners.Of(file); i {
	case -1:
		return c.set.outside
	case c.set.primary:
		return c
	default:
		return c.set.projects[i]
	}
}

// Judged are files and the Config that judges them.
type Judged struct {
	Config *Config
	Files  []string
}

// Judges splits files among the Configs that judge them, the run's own
// first.
func (c *Config) Judges(files []string) []Judged {
	var out []Judged
	at := map[*Config]int{c: 0}
	out = append(out, Judged{Config: c})
	for _, f := range files {
		j := c.Judge(f)
		i, ok := at[j]
		if !ok {
			i = len(out)
			at[j] = i
			out = append(out, Judged{Config: j})
		}
		out[i].Files = append(out[i].Files, f)
	}
	return out
}

// ExcludedHere reports whether the markdown.exclude of the file's own
// project leaves it out.
func (c *Config) ExcludedHere(file string) bool { return c.Judge(file).excluded(file) }
