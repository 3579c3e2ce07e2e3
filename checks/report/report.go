// Package report turns the JSON of the gate's commands into what docs
// maintainers read: one self-contained HTML page and a markdown summary
// for a pull-request comment. Building the model is pure; html.go and
// markdown.go only render it.
package report

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/routes"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Options says where pages live and what to compare with.
type Options struct {
	Dist     string         // the built site's directory as the diagnostics name it ("site/dist")
	SiteURL  string         // pages are linked at SiteURL + path; no links when empty
	Routes   []routes.Route // routes.json, for the version × page matrix
	Previous *diag.Results  // the last report's input, for new and fixed problems
	// PreviousFiles are that input as JSON files, read as they are used.
	PreviousFiles []string
	Generated     time.Time // shown in the report (fixed in tests)
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
	Total            int     // problems (not passes)
	Groups           []Group // the problems, one group per cause, each with its first places
	Fixed            []Problem
	FixedTotal       int // Fixed lists the first PlacesShown of them
	New              int
	HasPrevious      bool
	BrowserRan       bool // no browser run is "not run", not "0 passed"
	CrawlPages       int  // pages the crawl (checks browser --crawl) opened; 0: it did not run
	// Failed are the runs of checks all's tools that could not run, each
	// saying why: a report of the rest is no clean run.
	Failed   []diag.Summary
	Matrix   Matrix
	Timings  []diag.Summary
	Artifact string
	HTMLPath string
	Hints    []diag.Hint // the runs' likely causes behind many problems, each once
}

// SinceDeploy says what the new build lost of the last deploy
// (checks links --previous): the URLs it served that answer 404 now and
// the ids gone from its pages; "" when the run compared with none, or
// lost nothing.
func (r Report) SinceDeploy() string {
	var urls, ids int
	for _, c := range r.Counts {
		switch c.Check {
		case registry.RemovedURL:
			urls = c.Errors + c.Warnings + c.Logs
		case registry.RemovedAnchor:
			ids = c.Errors + c.Warnings + c.Logs
		}
	}
	var said []string
	if urls > 0 {
		said = append(said, fmt.Sprintf("%s it served %s 404 now (%s)", diag.Plural(urls, "URL"), agree(urls, "answers", "answer"), registry.RemovedURL))
	}
	if ids > 0 {
		said = append(said, fmt.Sprintf("%s of its pages %s gone (%s)", diag.Plural(ids, "id"), agree(ids, "is", "are"), registry.RemovedAnchor))
	}
	if len(said) == 0 {
		return ""
	}
	return strings.Join(said, "; ") + ". Each is listed with the page it most likely moved to, or the heading nearest to where it stood, and how to keep it."
}

func agree(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}

// FixedMore is how many fixed problems the report does not list.
func (r Report) FixedMore() int { return r.FixedTotal - len(r.Fixed) }

// Headline is the report's verdict (diag.Verdict).
func (r Report) Headline() string { return diag.Verdict(r.Failed, r.Errors, r.Warnings) }

// Build makes the report of results in memory.
func Build(res diag.Results, o Options) Report {
	r, _ := build(inMemory(res), o) // results in memory give no error
	return r
}

// BuildFiles makes the report of the results in JSON files (or folders of
// them), read one diagnostic at a time: a million problems cost what their
// causes cost, plus 8 bytes a problem with a previous run to compare.
func BuildFiles(paths []string, o Options) (Report, error) {
	return build(fromFiles(paths), o)
}

func build(current results, o Options) (Report, error) {
	r := Report{Generated: o.Generated.UTC().Format("2006-01-02 15:04 UTC"), Artifact: o.Artifact, HTMLPath: o.HTMLPath}
	b := newBuilder(o)
	previous := o.previous()
	var before, now map[uint64]bool
	if previous != nil {
		r.HasPrevious = true
		before, now = map[uint64]bool{}, map[uint64]bool{}
		err := previous(func(d diag.Diagnostic) {
			if p, ok := b.problem(d); ok {
				before[b.key(p)] = true
			}
		}, func(diag.Summary) {})
		if err != nil {
			return r, err
		}
	}
	gr := newGrouper()
	seenHint := map[string]bool{}
	err := current(func(d diag.Diagnostic) {
		b.count(d)
		p, ok := b.problem(d)
		if !ok {
			return
		}
		r.Total++
		if before != nil {
			k := b.key(p)
			now[k] = true
			if p.New = !before[k]; p.New {
				r.New++
			}
		}
		if b.routed[p.Page] {
			b.perPage[p.Page]++
		}
		gr.add(p)
	}, func(s diag.Summary) {
		for _, h := range s.Hints {
			if !seenHint[h.Message] { // the same run read twice says it once
				seenHint[h.Message] = true
				r.Hints = append(r.Hints, h)
			}
		}
		if s.Failed != "" {
			r.Failed = append(r.Failed, s)
			return
		}
		r.Timings = append(r.Timings, s)
		r.BrowserRan = r.BrowserRan || s.Tool == "checks browser"
		if s.Tool == "checks browser --crawl" {
			r.CrawlPages += s.Pages
		}
	})
	if err != nil {
		return r, err
	}
	if previous != nil {
		var fixed places
		err := previous(func(d diag.Diagnostic) {
			if p, ok := b.problem(d); ok && !now[b.key(p)] {
				r.FixedTotal++
				fixed.keep(p)
			}
		}, func(diag.Summary) {})
		if err != nil {
			return r, err
		}
		r.Fixed = fixed.sorted()
	}
	r.Groups = gr.groups()
	r.Counts, r.Passed = b.counts()
	for _, c := range r.Counts {
		r.Errors += c.Errors
		r.Warnings += c.Warnings
	}
	r.Matrix = matrix(o.Routes, b.perPage, o.SiteURL)
	return r, nil
}

// previous is the earlier run to compare with, nil when there is none.
func (o Options) previous() results {
	switch {
	case o.Previous != nil:
		return inMemory(*o.Previous)
	case len(o.PreviousFiles) > 0:
		return fromFiles(o.PreviousFiles)
	}
	return nil
}

// builder keeps, while the results are read, what does not grow with
// them: counts per check, problems per page of the route table.
type builder struct {
	o        Options
	bySource map[string]string // markdown source → the page built from it
	routed   map[string]bool   // the pages of the route table
	perPage  map[string]int
	byCheck  map[string]*Count
	passed   int
	seed     maphash.Seed
}

func newBuilder(o Options) *builder {
	b := &builder{o: o, bySource: map[string]string{}, routed: map[string]bool{}, perPage: map[string]int{},
		byCheck: map[string]*Count{}, seed: maphash.MakeSeed()}
	for _, r := range o.Routes {
		b.bySource[r.Source] = r.Path
		b.routed[r.Path] = true
	}
	return b
}

// problem is a diagnostic as the report shows it; ok is false for a pass.
func (b *builder) problem(d diag.Diagnostic) (Problem, bool) {
	if d.Passed() {
		return Problem{}, false
	}
	// Files are named as every format names them (diag.Name): a name that
	// is not UTF-8 stays that name, not U+FFFD.
	named := d.Named()
	p := Problem{Severity: d.Severity.String(), Check: d.Check, Message: d.Message, Location: named.Location(),
		File: d.File, Line: d.Line, Col: d.Col, Target: named.Target, Source: named.Source, Notes: d.Notes}
	if page, ok := pagePath(d.File, b.o.Dist); ok {
		p.Page, p.Link = diag.Name(page), link(b.o.SiteURL, page)
	} else if page, ok := b.bySource[d.File]; ok { // a markdown file: the page built from it
		p.Page, p.Link = diag.Name(page), link(b.o.SiteURL, page)
	}
	return p, true
}

// key is the hash of a problem's identity across runs (key).
func (b *builder) key(p Problem) uint64 { return maphash.String(b.seed, key(p)) }

// count tallies a diagnostic by its check and severity.
func (b *builder) count(d diag.Diagnostic) {
	c := b.byCheck[d.Check]
	if c == nil {
		c = &Count{Check: d.Check}
		b.byCheck[d.Check] = c
	}
	switch {
	case d.Passed():
		c.Passed++
		b.passed++
	case d.Severity == diag.Error:
		c.Errors++
	case d.Severity == diag.Warning:
		c.Warnings++
	default:
		c.Logs++
	}
}

// counts are each check's problems by severity, and its passes.
func (b *builder) counts() ([]Count, int) {
	out := make([]Count, 0, len(b.byCheck))
	for _, c := range b.byCheck {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Check < out[j].Check })
	return out, b.passed
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
