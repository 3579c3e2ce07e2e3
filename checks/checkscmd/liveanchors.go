package checkscmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// liveAnchors carries the ids that checks all's links step found missing
// to the crawl, which looks each up in its page once the page has settled
// (a script may make the id: tabs, headings drawn on the client), and the
// answer back to the links step: each such broken anchor withdrawn, or
// confirmed by a note. A nil *liveAnchors (checks browser --crawl alone,
// with no links step) does nothing.
type liveAnchors struct {
	missing map[string][]string // page file → fragments its built file lacks
	found   map[string][]string // page file → those its settled DOM had (browser.Crawled.Anchors)
}

// heard keeps the missing ids of the links step's diagnostics.
func (la *liveAnchors) heard(l diag.List) {
	la.missing = map[string][]string{}
	for _, d := range l {
		if file, frag, ok := links.MissingID(d); ok && !slices.Contains(la.missing[file], frag) {
			la.missing[file] = append(la.missing[file], frag)
		}
	}
}

// pages are the pages the crawl opens: the sample, and every page of the
// site that has a missing id, sample or not (they are few, and only the
// running page can settle them), in the sorted order of all.
func (la *liveAnchors) pages(sample, all []string) []string {
	if la == nil || len(la.missing) == 0 {
		return sample
	}
	return slices.DeleteFunc(slices.Clone(all), func(p string) bool {
		return la.missing[p] == nil && !slices.Contains(sample, p)
	})
}

// anchors are the fragments to look up, by page; nil for none.
func (la *liveAnchors) anchors() map[string][]string {
	if la == nil {
		return nil
	}
	return la.missing
}

// settle withdraws from run (the links step's) each broken anchor whose
// running page had the id, and notes on each whose settled page was looked
// at that it had not; what was withdrawn is said as a hint of the run, so
// no format loses it. An anchor of a page that did not settle stays as it
// was.
func (la *liveAnchors) settle(run *diag.Run) {
	if la == nil || run == nil || len(la.found) == 0 {
		return
	}
	kept := run.Diagnostics[:0]
	var withdrawn []string // their targets, each once
	n := 0
	for _, d := range run.Diagnostics {
		file, frag, ok := links.MissingID(d)
		found, looked := la.found[file]
		switch {
		case !ok || !looked:
		case slices.Contains(found, frag):
			n++
			if !slices.Contains(withdrawn, d.Target) {
				withdrawn = append(withdrawn, d.Target)
			}
			continue
		default:
			d.Notes = append(d.Notes, "the running page has no such element either, once it settled (checks browser --crawl looked)")
		}
		kept = append(kept, d)
	}
	run.Diagnostics = kept
	run.Summary.Errors, run.Summary.Warnings = kept.Count(diag.Error), kept.Count(diag.Warning)
	if n > 0 {
		slices.Sort(withdrawn) // the links step's order is its workers'
		run.Summary.Hints = append(run.Summary.Hints, diag.Hint{Check: registry.BrokenAnchor, Count: n,
			Message: fmt.Sprintf("%s withdrawn: the running page made the id (%s)", diag.Plural(n, "broken anchor"), shortList(withdrawn, 5))})
	}
}

// shortList is the first n of items, and how many more.
func shortList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + fmt.Sprintf(" and %d more", len(items)-n)
}
