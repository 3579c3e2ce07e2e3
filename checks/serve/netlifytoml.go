package serve

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// NetlifyConfig is Netlify's file-based configuration. It lives in the
// base folder of the build (the repository's root unless set), not in the
// publish folder, and its [[redirects]] tables are rules as a _redirects
// line is, applied after that file's ("Redirects and rewrites": Syntax for
// the Netlify configuration file; the _redirects file is processed first).
const NetlifyConfig = "netlify.toml"

// netlifyRedirect is one [[redirects]] table: from, to, status (301 by
// default), force; query and conditions make it a rule for some requests
// only, which is left out as a _redirects line with them is.
type netlifyRedirect struct {
	From       string         `toml:"from"`
	To         string         `toml:"to"`
	Status     int            `toml:"status"`
	Force      bool           `toml:"force"`
	Query      map[string]any `toml:"query"`
	Conditions map[string]any `toml:"conditions"`
}

// ConfigTop is the folder a host's configuration file is looked up to
// (FindConfig's top): the repository's root, where Netlify reads
// netlify.toml from whichever folder the run starts in (a docs project's,
// as the Action's working-directory); outside a repository, the run's
// folder.
func ConfigTop() string {
	if root := gitindex.WorkTree("."); root != "" {
		return root
	}
	return "."
}

// FindConfig is the configuration file the host reads for the site's
// folder, as Netlify's build finds it (netlify/build, packages/config,
// path.ts and base.ts): the netlify.toml of top, the repository's root,
// when its [build] base names a folder, replaced by that folder's own
// netlify.toml if it has one; else the one nearest above the site (a base
// set in Netlify's UI, which the gate cannot see, is where the file
// beside the project is), never above top. "" for none.
func (h Host) FindConfig(site, top string) string {
	if h.ReadsRedirects == nil || h.ReadsRedirects.Config == "" {
		return ""
	}
	site, errS := filepath.Abs(site)
	top, errT := filepath.Abs(top)
	if errS != nil || errT != nil {
		return ""
	}
	name := h.ReadsRedirects.Config
	if root := filepath.Join(top, name); isRegular(root) {
		if b := readNetlifyBuild(root); b.Base != "" {
			if inBase := filepath.Join(top, b.Base, name); isRegular(inBase) {
				return inBase
			}
			return root
		}
	}
	for dir := filepath.Dir(site); ; dir = filepath.Dir(dir) {
		if p := filepath.Join(dir, name); isRegular(p) {
			return p
		}
		if dir == top || !strings.HasPrefix(dir, top+string(filepath.Separator)) {
			return ""
		}
	}
}

// PublishFolder is the folder the host publishes, as the netlify.toml of
// top (the repository's root) names it: [build] publish, from the base
// folder when [build] base names one (Netlify resolves it so, "relative
// to the base directory"); "" when it names none, or the host reads no
// such file.
func (h Host) PublishFolder(top string) string {
	if h.ReadsRedirects == nil || h.ReadsRedirects.Config == "" {
		return ""
	}
	root := filepath.Join(top, h.ReadsRedirects.Config)
	b := readNetlifyBuild(root)
	if inBase := filepath.Join(top, b.Base, h.ReadsRedirects.Config); b.Base != "" && isRegular(inBase) {
		b.Publish = readNetlifyBuild(inBase).Publish // that file replaces the root's, its base aside
	}
	if b.Publish == "" {
		return ""
	}
	return filepath.Join(top, b.Base, b.Publish)
}

// netlifyBuild is what [build] says of the folders: base, where the build
// runs, and publish, from base, what is served; each cleaned, "" for none
// or for one outside the repository (which Netlify refuses).
type netlifyBuild struct{ Base, Publish string }

// readNetlifyBuild reads [build] of a netlify.toml; one that cannot be
// read names no folder (WithConfig says what is wrong with it).
func readNetlifyBuild(file string) netlifyBuild {
	src, err := textfile.Read(file, textfile.MaxConfig)
	if err != nil {
		return netlifyBuild{}
	}
	var cfg struct {
		Build struct {
			Base    string `toml:"base"`
			Publish string `toml:"publish"`
		} `toml:"build"`
	}
	if toml.Unmarshal(src, &cfg) != nil {
		return netlifyBuild{}
	}
	return netlifyBuild{Base: inRepository(cfg.Build.Base), Publish: inRepository(cfg.Build.Publish)}
}

// inRepository is a path of netlify.toml made relative and clean: a
// leading "/" means the repository's root, "." none; "" for one leading
// out of it.
func inRepository(p string) string {
	p = filepath.Clean(strings.TrimLeft(filepath.FromSlash(strings.TrimSpace(p)), string(filepath.Separator)))
	if p == "." || p == ".." || strings.HasPrefix(p, ".."+string(filepath.Separator)) {
		return ""
	}
	return p
}

func isRegular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// WithConfig is h with the redirects of its configuration file (file, as
// found by FindConfig; name as the user would call it) after those of the
// site's _redirects; site is the site's folder, from which the rules'
// places are given. base is the path the site is served under.
func (h Host) WithConfig(file, name, site, base string) (Host, error) {
	if file == "" || h.ReadsRedirects == nil {
		return h, nil
	}
	src, err := textfile.Read(file, textfile.MaxConfig)
	if err != nil {
		return h, err
	}
	var cfg struct {
		Redirects []netlifyRedirect `toml:"redirects"`
	}
	if err := toml.Unmarshal(src, &cfg); err != nil {
		if de, ok := err.(*toml.DecodeError); ok {
			row, _ := de.Position()
			return h, fmt.Errorf("%s:%d: %v", name, row, strings.TrimPrefix(de.Error(), "toml: "))
		}
		return h, fmt.Errorf("%s: %v", name, err)
	}
	rel, err := filepath.Rel(site, file)
	if abs, errA := filepath.Abs(site); errA == nil {
		rel, err = filepath.Rel(abs, file)
	}
	if err != nil {
		rel = file
	}
	r := h.Redirects
	if r == nil {
		r = newRedirects(name, h.ReadsRedirects)
		if base != "" {
			r.Base = base
		}
	} else {
		r = r.clone()
	}
	lines := tableLines(string(src), "[[redirects]]")
	for i, t := range cfg.Redirects {
		line := 0
		if i < len(lines) {
			line = lines[i]
		}
		if t.From == "" || t.To == "" {
			return h, fmt.Errorf("%s:%d: a [[redirects]] table needs from and to", name, line)
		}
		if len(t.Query) > 0 || len(t.Conditions) > 0 {
			continue // for some requests only
		}
		f := []string{t.From, t.To}
		if t.Status != 0 || t.Force {
			status := strconv.Itoa(cmp.Or(t.Status, h.ReadsRedirects.Status))
			if t.Force {
				status += "!"
			}
			f = append(f, status)
		}
		rule, why, err := h.ReadsRedirects.parseRule(f)
		switch {
		case err != nil:
			return h, fmt.Errorf("%s:%d: %v", name, line, err)
		case why != "":
			r.Ignored = append(r.Ignored, IgnoredRule{File: filepath.ToSlash(rel), Line: line, From: t.From, Why: why})
		case rule.from != nil || rule.re != nil:
			rule.file, rule.line = filepath.ToSlash(rel), line
			r.add(rule, t.From)
		}
	}
	h.Redirects = r
	return h, nil
}

// tableLines are the lines (from 1) where each table header of an array of
// tables stands, in order: the TOML parser gives values, not places.
func tableLines(src, header string) []int {
	var out []int
	for i, l := range strings.Split(src, "\n") {
		if strings.TrimSpace(strings.SplitN(l, "#", 2)[0]) == header {
			out = append(out, i+1)
		}
	}
	return out
}
