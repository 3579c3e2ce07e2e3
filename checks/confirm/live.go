package confirm

import (
	"fmt"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// LiveAnchors carries the ids that checks all's links and markdown steps
// found missing to the crawl, which looks each up in its page once the page
// has settled (a script may make the id: tabs, headings drawn on the
// client), and the answer back to those steps: each such anchor withdrawn,
// or confirmed by a note. A nil *LiveAnchors (checks browser --crawl alone,
// with no links step) does nothing.
type LiveAnchors struct {
	missing map[string][]string // page file → fragments its built file lacks
	// Found are, by page file, those its settled DOM had
	// (browser.Crawled.Anchors), once the crawl has run.
	Found map[string][]string
}

// Heard keeps the missing ids of a step's diagnostics: the links step's
// broken anchors, and the markdown step's, by the pages built from their
// targets (cf, when checks all has both).
func (la *LiveAnchors) Heard(l diag.List, cf *Confirmation) {
	if la.missing == nil {
		la.missing = map[string][]string{}
	}
	for _, d := range l {
		pages, frag := idsOf(d, cf)
		for _, p := range pages {
			if !slices.Contains(la.missing[p], frag) {
				la.missing[p] = append(la.missing[p], frag)
			}
		}
	}
}

// idsOf are the built pages a diagnostic says lack an id, and the id: a
// broken anchor's target page, or the pages built from the markdown file a
// markdown-anchor warning's link leads to; none for any other.
func idsOf(d diag.Diagnostic, cf *Confirmation) (pages []string, frag string) {
	if file, frag, ok := links.MissingID(d); ok {
		return []string{file}, frag
	}
	return cf.builtAnchors(d)
}

// Pages are the pages the crawl opens: the sample, and every page of the
// site that has a missing id, sample or not (they are few, and only the
// running page can settle them), in the sorted order of all.
func (la *LiveAnchors) Pages(sample, all []string) []string {
	if la == nil || len(la.missing) == 0 {
		return sample
	}
	return slices.DeleteFunc(slices.Clone(all), func(p string) bool {
		return la.missing[p] == nil && !slices.Contains(sample, p)
	})
}

// Anchors are the fragments to look up, by page; nil for none.
func (la *LiveAnchors) Anchors() map[string][]string {
	if la == nil {
		return nil
	}
	return la.missing
}

// Settle withdraws from each run (the links step's and the markdown
// step's) each missing id its running page had, and notes on each whose
// settled page had not; what was withdrawn is said as a hint of its run, so
// no format loses it. An id of a page that did not settle stays as it was.
func (la *LiveAnchors) Settle(cf *Confirmation, runs ...*diag.Run) {
	if la == nil || len(la.Found) == 0 {
		return
	}
	for _, run := range runs {
		if run != nil {
			la.settleRun(run, cf)
		}
	}
}

func (la *LiveAnchors) settleRun(run *diag.Run, cf *Confirmation) {
	kept := run.Diagnostics[:0]
	var withdrawn []string // what they led to, each once
	n, check := 0, ""
	for _, d := range run.Diagnostics {
		switch la.look(idsOf(d, cf)) {
		case madeByScript:
			n, check = n+1, d.Check
			to := d.Target // the page file and fragment of a broken anchor
			if d.Check == registry.MarkdownAnchor {
				to = d.Href // the markdown's own link
			}
			if !slices.Contains(withdrawn, to) {
				withdrawn = append(withdrawn, to)
			}
			continue
		case lackedToo:
			d.Notes = append(d.Notes, "the running page has no such element either, once it settled (checks browser --crawl looked)")
		}
		kept = append(kept, d)
	}
	run.Diagnostics = kept
	recount(run)
	if n > 0 {
		slices.Sort(withdrawn) // the links step's order is its workers'
		run.Summary.Hints = append(run.Summary.Hints, diag.Hint{Check: check, Count: n,
			Message: fmt.Sprintf("%s withdrawn: the running page made the id (%s)", diag.Plural(n, strings.ReplaceAll(check, "-", " ")), shortList(withdrawn, 5))})
	}
}

// What the running pages said of a missing id.
const (
	notLooked    = iota // no page of it settled, or it names none
	madeByScript        // a page had it
	lackedToo           // a page was looked at, and none had it
)

func (la *LiveAnchors) look(pages []string, frag string) int {
	looked := false
	for _, p := range pages {
		found, settled := la.Found[p]
		if slices.Contains(found, frag) {
			return madeByScript
		}
		// Asked of it and not there; the other pages are candidates the
		// site does not have (a.html for a/index.html), or did not settle.
		looked = looked || settled && slices.Contains(la.missing[p], frag)
	}
	if looked {
		return lackedToo
	}
	return notLooked
}

// shortList is the first n of items, and how many more.
func shortList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + fmt.Sprintf(" and %d more", len(items)-n)
}
