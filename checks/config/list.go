package config

import (
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/preset"
)

// ListProjects says which docs projects are at and below dir, and where
// each reads its pages, serves its static files from, is served under and
// builds into: what checks markdown run there judges, and by which rules.
func ListProjects(w io.Writer, dir string) {
	repo := preset.Discover(dir)
	kept, under := preset.Shadow(repo.Projects)
	for _, u := range repo.Unmodelled {
		fmt.Fprintf(w, "%s: %s (no preset: its markdown is read by GitHub's rules)\n", u.Name, Relative(u.Config))
	}
	if len(kept) == 0 && len(repo.Unmodelled) == 0 {
		fmt.Fprintf(w, "%s: no generator's config file here or below; checks reads markdown by GitHub's rules, with {#id} headings (--preset gfm: without)\n", dir)
		return
	}
	for i, p := range kept {
		l := p.Layout
		base := cmp.Or(l.Base, "/")
		if l.Base == "" && p.Preset.BaseURL != nil {
			base = "read from the build"
		}
		fmt.Fprintf(w, "%s: %s\n", p.Preset.Name, p.Config())
		fmt.Fprintf(w, "  markdown: %s\n", projectDirs(l.Markdown))
		if in := inside(kept, i); len(in) > 0 {
			var names []string
			for _, n := range in {
				names = append(names, fmt.Sprintf("%s (%s)", filepath.ToSlash(n.dir), n.by.Config()))
			}
			fmt.Fprintf(w, "  except:   %s: a nearer config reads them\n", strings.Join(names, ", "))
		}
		if l.Public != "" {
			fmt.Fprintf(w, "  static:   %s\n", filepath.ToSlash(l.Public))
		}
		fmt.Fprintf(w, "  base:     %s\n", base)
		if l.Site != "" {
			fmt.Fprintf(w, "  site:     %s\n", filepath.ToSlash(l.Site))
		}
		if l.Unreadable != "" {
			fmt.Fprintf(w, "  unread:   %s\n", l.Unreadable)
		}
		if len(l.Unread) > 0 {
			fmt.Fprintf(w, "  computed: %s, taken as unset\n", strings.Join(l.Unread, ", "))
		}
		for _, o := range under[i] {
			fmt.Fprintf(w, "  also:     %s (%s) reads the same folders; this one is nearer or first, --preset %s chooses the other\n", o.Config(), o.Preset.Name, o.Preset.Name)
		}
	}
	outside, owners := 0, preset.NewOwners(kept)
	for _, f := range repo.Markdown {
		if owners.Of(f) < 0 {
			outside++
		}
	}
	if outside > 0 {
		files := "files"
		if outside == 1 {
			files = "file"
		}
		fmt.Fprintf(w, "elsewhere: %d markdown %s that no project reads, judged by GitHub's rules\n", outside, files)
	}
}

// projectDirs names the markdown folders of a project for checks presets.
func projectDirs(dirs []string) string {
	var out []string
	for _, d := range dirs {
		if IsDir(d) == nil {
			out = append(out, filepath.ToSlash(d))
		}
	}
	if len(out) == 0 {
		return "none here (" + strings.Join(dirs, ", ") + ")"
	}
	return strings.Join(out, ", ")
}

// ListPresets lists the presets, what each assumes and the config files
// that name it (checks presets).
func ListPresets(w io.Writer) {
	for _, p := range preset.All {
		fmt.Fprintf(w, "%s\n%s", p.Name, wrap(p.About, "  ", 100))
		if len(p.Configs) > 0 {
			fmt.Fprintf(w, "  found by: %s\n", strings.Join(p.Configs, ", "))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "With no preset named (--preset, or \"preset\" in %s), each docs project whose config file is\nin the project's folder or below it judges its own pages, and checks says which on stderr;\nchecks presets DIR lists them.\n", Name)
}

// wrap breaks text into lines of at most width bytes, each indented.
func wrap(text, indent string, width int) string {
	var b, line strings.Builder
	for _, w := range strings.Fields(text) {
		if line.Len() > 0 && len(indent)+line.Len()+1+len(w) > width {
			b.WriteString(indent + line.String() + "\n")
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	if line.Len() > 0 {
		b.WriteString(indent + line.String() + "\n")
	}
	return b.String()
}
