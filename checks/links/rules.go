package links

import (
	"fmt"
	"path"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// ruled is where a path leads once the host's _redirects rules are
// applied as the host applies them (serve.Host.Rule) and their redirects
// followed as a browser follows them.
type ruled struct {
	file File // the file that answers at the end; 0 none
	// away: a rule sends the reader to another site, or out of the base
	// path: the external check's to judge, not this one's.
	away    bool
	problem string // why no file answers, naming the rules passed; "" when one does
}

// lookup is the file that answers path p (under the site's root), through
// the rules of the host's _redirects when there are any.
func (c *checker) lookup(p string) ruled {
	h := c.opts.Host
	if h.Redirects == nil {
		return ruled{file: c.index.Lookup(p)}
	}
	var passed []string
	seen := map[string]bool{}
	for {
		f := c.index.Lookup(p)
		if f != 0 && h.Hides(c.index.Name(f)) {
			f = 0
		}
		r, ok := h.Rule(p, f != 0)
		switch {
		case !ok && f == 0 && len(passed) > 0:
			return ruled{problem: fmt.Sprintf("%s, which no file answers", strings.Join(passed, ", then "))}
		case !ok:
			return ruled{file: f}
		}
		where := fmt.Sprintf("%s line %d", path.Base(r.File), r.Line)
		to, away := h.RuleTarget(r.To)
		switch {
		case r.Status >= 400:
			return ruled{problem: strings.Join(append(passed, fmt.Sprintf("%s answers %s with %d", where, c.full(p), r.Status)), ", then ")}
		case away:
			return ruled{away: true}
		case r.Status == 200: // a rewrite: the host answers from the files, applying no rule again
			if f := c.index.Lookup(to); f != 0 && !serve.AppShell(p, c.index.Name(f)) {
				return ruled{file: f}
			} else if f != 0 {
				return ruled{problem: strings.Join(append(passed, fmt.Sprintf("no file answers %s: %s serves a single-page app's shell, /index.html, there (200), whose router the check does not run", c.full(p), where)), ", then ")}
			}
			return ruled{problem: strings.Join(append(passed, fmt.Sprintf("%s serves %s from %s (200), which no file answers", where, c.full(p), c.full(to))), ", then ")}
		}
		passed = append(passed, fmt.Sprintf("%s sends %s on to %s (%d)", where, c.full(p), c.full(to), r.Status))
		seen[p] = true
		switch {
		case seen[to]:
			return ruled{problem: "redirect loop: " + strings.Join(passed, ", then ")}
		case len(passed) > MaxRedirects:
			return ruled{problem: fmt.Sprintf("more than %d redirects: %s", MaxRedirects, strings.Join(passed, ", then "))}
		}
		p = to
	}
}

// ruleProblems are the rules of the host's _redirects that lead nowhere,
// each at its line: a target (with no placeholder, so one path) that no
// file answers, a redirect loop, a line the host ignores.
func (c *checker) ruleProblems() diag.List {
	h := c.opts.Host
	if h.Redirects == nil {
		return nil
	}
	var out diag.List
	at := func(file string, line int, href, why string) {
		d := diag.Diagnostic{Severity: diag.Error, File: file, Line: line, Col: 1, Href: href, Target: href}
		out = append(out, named(d, registry.BrokenLink, why))
	}
	for _, ig := range h.Redirects.Ignored {
		out = append(out, diag.Diagnostic{Severity: diag.Error, Check: registry.BrokenLink, File: ig.File, Line: ig.Line, Col: 1,
			Target: ig.From, Message: fmt.Sprintf("the rule for %s is not applied: %s", ig.From, ig.Why)})
	}
	for _, r := range h.Redirects.Rules() {
		to, away := h.RuleTarget(r.To)
		if away || serve.HasPlaceholder(r.To) {
			continue
		}
		if r.Status == 200 || r.Status >= 400 { // the host serves the target's file, applying no rule
			if c.index.Lookup(to) == 0 {
				at(r.File, r.Line, r.To, "no file answers "+c.full(to))
			}
			continue
		}
		if a := c.lookup(to); a.problem != "" {
			at(r.File, r.Line, r.To, a.problem)
		} else if a.file == 0 && !a.away && !h.Routes.Answers(to) {
			at(r.File, r.Line, r.To, "no file answers "+c.full(to))
		}
	}
	return out
}

// full is a path under the site's root as readers see it, under the base
// path.
func (c *checker) full(p string) string {
	if c.opts.BasePath == "" {
		return p
	}
	return c.opts.BasePath + strings.TrimPrefix(p, "/")
}
