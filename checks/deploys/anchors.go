package deploys

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// perBuild matches the ids a framework makes afresh on each build, which
// no reader can link to for long: React's useId, ":r1:" (":S1:" in a
// server component, ":R0H1:" for a second hook), "«r1»" since React 19.1
// and "_r_1_" since 19.2 (react.dev, "React 19.2": the default useId
// prefix), also inside a library's id ("radix-:r3:"). The 19.2 form is
// taken only as a whole id or a part between hyphens, since an underscore
// may be any id's. Every other id counts, generated or not, as long as it
// is the same on each build (Docusaurus's
// __docusaurus_skipToContent_fallback is).
var perBuild = regexp.MustCompile(`:[rRS][0-9a-zA-Z]*:|«[rRS][0-9a-zA-Z]*»|(^|-)_[rRS]_[0-9a-zA-Z]*_($|-)`)

// removedAnchors are the findings of the ids of the previous page (at
// URL u) that the new page answering u lacks. Each is placed on the new
// page, at the heading now nearest to where the id stood: that is where
// the old id is to be put back.
func (c *comparison) removedAnchors(prevFile string, prev *page, u, curFile string) diag.List {
	missing := c.missingIDs(prevFile, prev, curFile)
	if len(missing) == 0 {
		return nil
	}
	old, now := c.prevOutline(prevFile, prev), readOutline(c.cur, curFile)
	var out diag.List
	for _, id := range missing {
		d := diag.Diagnostic{Severity: diag.Warning, Check: registry.RemovedAnchor, File: joinPath(c.b.Current, curFile),
			Message: fmt.Sprintf("removed anchor %s#%s: the last deploy's page had the id %q, the new page has no such id", u, id, id)}
		h, rule := nearestHeading(old, now, id)
		if h >= 0 {
			nh := now.Headings[h]
			d.Line, d.Col = nh.Line, nh.Col
			d.Notes = append(d.Notes, fmt.Sprintf("nearest heading now: %q%s (%s)", nh.Text, idSaid(nh.ID), rule))
		}
		d.Notes = append(d.Notes, c.keepID(id, h >= 0))
		out = append(out, d)
	}
	return out
}

// missingIDs are the ids of the previous page, each once and in page
// order, that the new page lacks, those made per build aside.
func (c *comparison) missingIDs(prevFile string, prev *page, curFile string) []string {
	var was []string
	if prev.outline != nil {
		was = prev.outline.IDs
	}
	if prev.same {
		if curFile == prevFile {
			return nil // the very page
		}
		ids, _, _ := c.curPage(prevFile)
		was = ids.List()
	}
	now, _, _ := c.curPage(curFile)
	seen := map[string]bool{}
	var out []string
	for _, id := range was {
		if seen[id] || perBuild.MatchString(id) || now.Has(id) {
			continue
		}
		seen[id] = true
		out = append(out, id)
	}
	return out
}

func idSaid(id string) string {
	if id == "" {
		return ""
	}
	return " #" + id
}

// nearestHeading is the index of the new page's heading nearest to where
// id stood on the previous page, and the rule that found it: the heading
// with the same text as the one the id stood at (its id changed, its text
// did not), else the heading at the same place in the outline when both
// pages have as many (a heading renamed), else the heading of the most
// similar text, the first among equals. -1 when the id stood at no
// heading or the new page has none.
func nearestHeading(old, now *htmlsite.Outline, id string) (int, string) {
	at, ok := old.IDAt(id)
	if !ok || at < 0 || len(now.Headings) == 0 {
		return -1, ""
	}
	was := strings.ToLower(old.Headings[at].Text)
	for i, h := range now.Headings {
		if strings.ToLower(h.Text) == was {
			return i, "the same text"
		}
	}
	if len(old.Headings) == len(now.Headings) {
		return at, "the same place in the outline"
	}
	best, bestDist := 0, -1
	for i, h := range now.Headings {
		if d := editdist.Levenshtein(was, strings.ToLower(h.Text)); bestDist < 0 || d < bestDist {
			best, bestDist = i, d
		}
	}
	return best, "the most similar text"
}

// keepID says how to keep an old id: the generator's {#id} (or its
// like) where the markdown the pages are built from has that syntax, and
// an empty element with the id, which every generator passes through.
func (c *comparison) keepID(id string, atHeading bool) string {
	anchor := fmt.Sprintf(`<a id="%s"></a>`, id)
	switch syntax := c.o.IDs.KeepID(id); {
	case syntax != "" && atHeading:
		return fmt.Sprintf("keep it: %s after that heading's text in its markdown (the heading then has that id), or an empty %s just before the heading", syntax, anchor)
	case atHeading:
		return fmt.Sprintf("keep it: an empty %s just before that heading", anchor)
	}
	return fmt.Sprintf("keep it: an empty %s where the id stood", anchor)
}
