// Package report turns the JSON of the gate's commands into what docs
// maintainers read: one self-contained HTML page and a markdown summary
// for a pull-request comment. Building the model is pure; html.go and
// markdown.go only render it.
package report

import (
	"cmp"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Options says where pages live and what to compare with.
type Options struct {
	Dist      string         // the built site's directory as the diagnostics name it ("site/dist")
	SiteURL   string         // pages are linked at SiteURL + path; no links when empty
	Routes    []routes.Route // routes.json, for the version × page matrix
	Previous  *diag.Results  // the last report's input, for new and fixed problems
	Generated time.Time      // shown in the report (fixed in tests)
	// Where a reader of the summary finds the full report: the name of the
	// CI artifact that holds it, or else the HTML file's path.
	Artifact, HTMLPath string
}

// Problem is one diagnostic as the report shows it.
type Problem struct {
	Severity, Check, Message string
	Page                     string // URL path of the built page, "" for a markdown file
	Location                 string // file:line of the diagnostic
	File                     string
	Line, Col                int
	Target                   string // what a link leads to, when the check knows
	Source                   string // markdown source file:line, when known
	Link                     string
	Notes                    []string
	New                      bool
}

// Count is one check's problems by severity.
type Count struct {
	Check                  string
	Errors, Warnings, Logs int
	Passed                 int
}

// Report is everything the HTML and markdown show.
type Report struct {
	Generated        string
	Errors, Warnings int
	Passed           int
	Counts           []Count
	Problems         []Problem
	Groups           []Group // Problems, one group per cause
	Fixed            []Problem
	New              int
	HasPrevious      bool
	BrowserRan       bool // no browser run is "not run", not "0 passed"
	Matrix           Matrix
	Timings          []diag.Summary
	Artifact         string
	HTMLPath         string
	Hints            []diag.Hint // the runs' likely causes behind many problems, each once
}

// Build makes the report of results.
func Build(res diag.Results, o Options) Report {
	r := Report{Generated: o.Generated.UTC().Format("2006-01-02 15:04 UTC"), Artifact: o.Artifact, HTMLPath: o.HTMLPath}
	current := problems(res, o)
	var before map[string]bool
	if o.Previous != nil {
		r.HasPrevious = true
		prev := problems(*o.Previous, o)
		before = keys(prev)
		now := keys(current)
		for _, p := range prev {
			if !now[key(p)] {
				r.Fixed = append(r.Fixed, p)
			}
		}
	}
	for i, p := range current {
		current[i].New = before != nil && !before[key(p)]
		if current[i].New {
			r.New++
		}
	}
	r.Problems = current
	r.Groups = groups(current)
	r.Counts, r.Passed = counts(res)
	for _, c := range r.Counts {
		r.Errors += c.Errors
		r.Warnings += c.Warnings
	}
	seen := map[string]bool{}
	for _, run := range res.Runs {
		for _, h := range run.Summary.Hints {
			if !seen[h.Message] { // the same run read twice says it once
				seen[h.Message] = true
				r.Hints = append(r.Hints, h)
			}
		}
		r.Timings = append(r.Timings, run.Summary)
		r.BrowserRan = r.BrowserRan || run.Summary.Tool == "checks browser"
	}
	r.Matrix = matrix(o.Routes, current, o.SiteURL)
	return r
}

// problems lists every diagnostic that is not a pass, worst first.
func problems(res diag.Results, o Options) []Problem {
	bySource := map[string]string{}
	for _, r := range o.Routes {
		bySource[r.Source] = r.Path
	}
	var out []Problem
	for _, run := range res.Runs {
		for _, d := range run.Diagnostics {
			if d.Passed() {
				continue
			}
			// Files are named as every format names them (diag.Name): a
			// name that is not UTF-8 stays that name, not U+FFFD.
			named := d.Named()
			p := Problem{Severity: d.Severity.String(), Check: d.Check, Message: d.Message, Location: named.Location(),
				File: d.File, Line: d.Line, Col: d.Col, Target: named.Target, Source: named.Source, Notes: d.Notes}
			if page, ok := pagePath(d.File, o.Dist); ok {
				p.Page, p.Link = diag.Name(page), link(o.SiteURL, page)
			} else if page, ok := bySource[d.File]; ok { // a markdown file: the page built from it
				p.Page, p.Link = diag.Name(page), link(o.SiteURL, page)
			}
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Severity != b.Severity {
			return rank[a.Severity] > rank[b.Severity]
		}
		return before(a, b)
	})
	return out
}

// before orders problems by place, lines as numbers (page.md:9 before
// page.md:10), then by message.
func before(a, b Problem) bool {
	return cmp.Or(strings.Compare(a.Page, b.Page), strings.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), strings.Compare(a.Message, b.Message)) < 0
}

var rank = map[string]int{"error": 2, "warning": 1, "info": 0}

// pagePath is the route a built file shows:
// site/dist/api/zkvm/index.html → /api/zkvm.
func pagePath(file, dist string) (string, bool) {
	rel, ok := strings.CutPrefix(file, strings.TrimSuffix(dist, "/")+"/")
	if !ok {
		return "", false
	}
	return serve.FileRoute(rel)
}

func link(siteURL, page string) string {
	if siteURL == "" {
		return ""
	}
	return strings.TrimSuffix(siteURL, "/") + page
}

var digits = regexp.MustCompile(`\d+`)

// key identifies a problem across runs: line numbers shift with every
// edit and browser timings change every run, so neither is part of it.
func key(p Problem) string {
	return p.Check + "\x00" + p.Page + "\x00" + strings.SplitN(p.Location, ":", 2)[0] + "\x00" + digits.ReplaceAllString(p.Message, "#")
}

func keys(ps []Problem) map[string]bool {
	m := map[string]bool{}
	for _, p := range ps {
		m[key(p)] = true
	}
	return m
}

// counts tallies each check's problems by severity, and its passes.
func counts(res diag.Results) ([]Count, int) {
	byCheck := map[string]*Count{}
	passed := 0
	for _, run := range res.Runs {
		for _, d := range run.Diagnostics {
			c := byCheck[d.Check]
			if c == nil {
				c = &Count{Check: d.Check}
				byCheck[d.Check] = c
			}
			switch {
			case d.Passed():
				c.Passed++
				passed++
			case d.Severity == diag.Error:
				c.Errors++
			case d.Severity == diag.Warning:
				c.Warnings++
			default:
				c.Logs++
			}
		}
	}
	out := make([]Count, 0, len(byCheck))
	for _, c := range byCheck {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Check < out[j].Check })
	return out, passed
}
