package report

import (
	"cmp"
	"container/heap"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"
)

// PlacesShown is how many places of one group the HTML report lists; the
// rest are counted ("and 99,900 more"). A navbar link broken on 100,000
// pages is one cause: its first places say where, the count says how much.
const PlacesShown = 100

// Group is one cause found in many places: a navbar link broken on every
// page is one group of 1,451 problems, read once with its first places
// beneath.
type Group struct {
	Severity, Check string
	// Message is the members' message when they share it; else "" and
	// each member keeps its own (relative hrefs that meet at one target).
	Message  string
	Target   string
	Total    int // members
	Pages    int // distinct pages (or files) it is on
	New      int // members new since the previous run
	Notes    []string
	Problems []Problem // the first PlacesShown members, in order

	// While the group is gathered: its places (a heap, the last first),
	// and which pages and notes it has seen. Pages are kept as hashes,
	// 8 bytes a page, and a group on one page (most are) keeps no set.
	kept      places
	firstPage uint64
	pageSeen  map[uint64]bool
	noteSeen  map[string]bool
}

// More is how many members the report does not list.
func (g Group) More() int { return g.Total - len(g.Problems) }

// Title is what the group says before its places.
func (g Group) Title() string {
	if g.Message != "" {
		return g.Message
	}
	return g.Check + " to " + g.Target
}

// grouper gathers problems of one check and severity that lead to one
// target (or, without a target, say the same thing), one at a time.
type grouper struct {
	index map[string]*Group
	order []*Group
	seed  maphash.Seed
}

func newGrouper() *grouper {
	return &grouper{index: map[string]*Group{}, seed: maphash.MakeSeed()}
}

func (gr *grouper) add(p Problem) {
	k := p.Severity + "\x00" + p.Check + "\x00"
	if p.Target != "" {
		k += "target\x00" + p.Target
	} else {
		k += "message\x00" + p.Message
	}
	g := gr.index[k]
	if g == nil {
		g = &Group{Severity: p.Severity, Check: p.Check, Message: p.Message, Target: p.Target}
		gr.index[k] = g
		gr.order = append(gr.order, g)
	}
	g.Total++
	if p.Message != g.Message {
		g.Message = ""
	}
	if p.New {
		g.New++
	}
	g.seePage(maphash.String(gr.seed, cmp.Or(p.Page, p.File)))
	for _, n := range p.Notes {
		if !g.noteSeen[n] && len(g.Notes) < PlacesShown {
			if g.noteSeen == nil {
				g.noteSeen = map[string]bool{}
			}
			g.noteSeen[n] = true
			g.Notes = append(g.Notes, n)
		}
	}
	g.kept.keep(p)
}

// seePage counts a member's page (its hash) among the group's pages.
func (g *Group) seePage(h uint64) {
	switch {
	case g.Total == 1:
		g.firstPage = h
	case g.pageSeen == nil && h != g.firstPage:
		g.pageSeen = map[uint64]bool{g.firstPage: true, h: true}
	case g.pageSeen != nil:
		g.pageSeen[h] = true
	}
}

// groups are the gathered groups, worst first, then largest first: the
// fix that clears most comes first.
func (gr *grouper) groups() []Group {
	out := make([]Group, len(gr.order))
	for i, g := range gr.order {
		g.Pages = max(1, len(g.pageSeen))
		g.Problems = g.kept.sorted()
		g.kept, g.pageSeen, g.noteSeen = places{}, nil, nil
		out[i] = *g
	}
	slices.SortStableFunc(out, func(a, b Group) int {
		return cmp.Or(cmp.Compare(rank[b.Severity], rank[a.Severity]), cmp.Compare(b.Pages, a.Pages),
			cmp.Compare(b.Total, a.Total), order(a.Problems[0], b.Problems[0]))
	})
	return out
}

// groups groups problems already in memory.
func groups(ps []Problem) []Group {
	gr := newGrouper()
	for _, p := range ps {
		gr.add(p)
	}
	return gr.groups()
}

// places keeps the first PlacesShown problems in place order (before) of
// all it is given: a heap whose top is the last kept, so a problem that
// comes before it replaces it in O(log PlacesShown).
type places []Problem

func (h places) Len() int           { return len(h) }
func (h places) Less(i, j int) bool { return before(h[j], h[i]) }
func (h places) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *places) Push(x any)        { *h = append(*h, x.(Problem)) }
func (h *places) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (h *places) keep(p Problem) {
	switch {
	case len(*h) < PlacesShown:
		heap.Push(h, p)
	case before(p, (*h)[0]):
		(*h)[0] = p
		heap.Fix(h, 0)
	}
}

func (h places) sorted() []Problem {
	out := slices.Clone([]Problem(h))
	slices.SortStableFunc(out, order)
	return out
}

// order is before as a comparison.
func order(a, b Problem) int {
	switch {
	case before(a, b):
		return -1
	case before(b, a):
		return 1
	}
	return 0
}

// thousands writes n with commas between groups of three digits: 1,451.
func thousands(n int) string {
	s := strings.TrimPrefix(strconv.Itoa(n), "-")
	var b strings.Builder
	if n < 0 {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
