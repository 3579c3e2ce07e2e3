package checkscmd

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/preset"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/routes"
)

// The markdown check judges the sources by what the gate knows of the
// generator; the links check judges what the generator really built. When
// checks all has both, each confirms the other: a broken link of a built
// page is placed at the markdown line that wrote it (the file a pull
// request changes), a problem both found is said once, and an anchor the
// sources cannot vouch for is no warning when the built page has it.

// confirmation is what the two steps of checks all share: the markdown
// step fills sources, the links step the site's ids.
type confirmation struct {
	built   func(file string) []string // the built files a markdown page may be
	sources *routes.Sources
	// site is the folder checked, and hasAnchor its ids, held by the links
	// step (the site is not read twice).
	site      string
	hasAnchor func(file, fragment string) (has, known bool)
	// keepAnchors: a fragment the sources write is not the id it becomes
	// (MyST resolves "#changes" to a heading's own id, or to nothing), so
	// a built page with id="changes" says nothing of the markdown's
	// #changes: those warnings stay.
	keepAnchors bool
}

// newConfirmation is nil when the markdown pages cannot be mapped to the
// built ones: routes.json then says it (this repository's compiler), or
// the preset knows no output names (Docusaurus's come from doc ids and
// slugs).
func (c *Config) newConfirmation() *confirmation {
	if c.Routes != "" {
		return nil
	}
	cf := &confirmation{sources: routes.NewSources(sourceLinks), keepAnchors: c.rules.DocLinks}
	switch {
	case c.preset != nil && c.rules.Output == nil:
		return nil
	case c.preset != nil:
		rules := c.rules
		cf.built = func(file string) []string {
			if b, ok := rules.Built(file); ok {
				return []string{b}
			}
			return nil
		}
	default:
		// No generator named or found: each markdown folder is taken to be
		// built at the site's root, under either usual page name.
		var dirs []string
		for _, p := range c.Markdown.Paths {
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				dirs = append(dirs, filepath.Clean(p))
			}
		}
		cf.built = func(file string) []string {
			for _, d := range dirs {
				if rel, err := filepath.Rel(d, file); err == nil && !strings.HasPrefix(rel, "..") {
					return preset.Outputs(filepath.ToSlash(rel))
				}
			}
			return nil
		}
	}
	return cf
}

// read records a markdown page under the built files it may be.
func (cf *confirmation) read(file string) {
	if built := cf.built(file); len(built) > 0 {
		cf.sources.Add(file, built)
	}
}

// sourceLinks are the links of a markdown page, read as the markdown
// check reads them (the places it reports are the same).
func sourceLinks(file string, src []byte) []routes.Link {
	doc := mdscan.ParseFile(file, src)
	out := make([]routes.Link, len(doc.Links))
	for i, l := range doc.Links {
		out[i] = routes.Link{Href: l.Dest, Line: l.Line, Col: l.Col}
	}
	return out
}

// apply joins the markdown run and the links run of checks all: a problem
// both found stays once, in the markdown (with the built page that
// confirms it as a note), and a markdown anchor the built page has is
// dropped. Their counts are made again.
func (cf *confirmation) apply(md, site *diag.Run) {
	if cf == nil || md == nil || site == nil || cf.hasAnchor == nil {
		return
	}
	at := map[string]int{} // a markdown problem's place → its index
	for i, d := range md.Diagnostics {
		at[d.Location()] = i
	}
	var kept diag.List
	for _, d := range site.Diagnostics {
		if i, ok := at[d.Source]; ok && d.Source != "" && sameProblem(md.Diagnostics[i].Check, d.Check) {
			m := &md.Diagnostics[i]
			m.Severity = max(m.Severity, d.Severity) // said once, never less severely
			m.Notes = append(m.Notes, fmt.Sprintf("the build confirms it: %s: %s", d.Location(), d.Message))
			continue
		}
		kept = append(kept, d)
	}
	site.Diagnostics = kept
	if !cf.keepAnchors {
		md.Diagnostics = cf.withoutBuiltAnchors(md.Diagnostics)
	}
	for _, r := range []*diag.Run{md, site} {
		r.Summary.Errors, r.Summary.Warnings = r.Diagnostics.Count(diag.Error), r.Diagnostics.Count(diag.Warning)
	}
}

// sameProblem: a link no file answers is one problem whether the source
// or the build says so, and so is an anchor no element has; a broken link
// and a missing anchor at one place are two.
func sameProblem(markdownCheck, siteCheck string) bool {
	switch siteCheck {
	case registry.BrokenLink:
		return markdownCheck == registry.MarkdownLink || markdownCheck == registry.MarkdownImage
	case registry.BrokenAnchor:
		return markdownCheck == registry.MarkdownAnchor
	}
	return false
}

// withoutBuiltAnchors drops each markdown-anchor warning whose fragment
// the built page of its target has: the gate's heading ids are its best
// guess at the generator's, and a theme or plugin may add ids it does not
// know of. The built page is the truth.
func (cf *confirmation) withoutBuiltAnchors(l diag.List) diag.List {
	out := l[:0]
	for _, d := range l {
		if d.Check == registry.MarkdownAnchor && cf.builtHas(d) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// builtHas reports whether a built page of the anchor's target page has
// its fragment (as written or percent-decoded, as a browser looks it up).
func (cf *confirmation) builtHas(d diag.Diagnostic) bool {
	_, frag, ok := strings.Cut(d.Href, "#")
	if !ok || frag == "" {
		return false
	}
	target := d.Target // "" for "#anchor" alone: the page itself
	if target == "" {
		target = d.File
	}
	for _, b := range cf.sources.Built(path.Clean(target)) {
		if has, known := cf.hasAnchor(b, frag); known {
			return has
		}
	}
	return false
}
