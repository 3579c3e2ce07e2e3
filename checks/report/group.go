package report

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// Group is one cause found in many places: a navbar link broken on every
// page is one group of 1,451 problems, read once with its pages beneath.
type Group struct {
	Severity, Check string
	// Message is the members' message when they share it; else "" and
	// each member keeps its own (relative hrefs that meet at one target).
	Message  string
	Target   string
	Pages    int // distinct pages (or files) it is on
	New      int // members new since the previous run
	Notes    []string
	Problems []Problem
}

// Title is what the group says before its places.
func (g Group) Title() string {
	if g.Message != "" {
		return g.Message
	}
	return g.Check + " to " + g.Target
}

// groups gathers problems of one check and severity that lead to one
// target (or, without a target, say the same thing). Groups go worst
// first, then largest first: the fix that clears most comes first.
func groups(ps []Problem) []Group {
	index := map[string]int{}
	var out []Group
	for _, p := range ps {
		k := p.Severity + "\x00" + p.Check + "\x00"
		if p.Target != "" {
			k += "target\x00" + p.Target
		} else {
			k += "message\x00" + p.Message
		}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, Group{Severity: p.Severity, Check: p.Check, Message: p.Message, Target: p.Target})
		}
		out[i].Problems = append(out[i].Problems, p)
	}
	for i := range out {
		out[i].settle()
	}
	slices.SortStableFunc(out, func(a, b Group) int {
		return cmp.Or(cmp.Compare(rank[b.Severity], rank[a.Severity]), cmp.Compare(b.Pages, a.Pages),
			cmp.Compare(len(b.Problems), len(a.Problems)))
	})
	return out
}

// settle sorts a group's places and works out what its members share.
func (g *Group) settle() {
	slices.SortStableFunc(g.Problems, func(a, b Problem) int {
		if before(a, b) {
			return -1
		}
		if before(b, a) {
			return 1
		}
		return 0
	})
	pages := map[string]bool{}
	seen := map[string]bool{}
	for _, p := range g.Problems {
		pages[cmp.Or(p.Page, p.File)] = true
		if p.Message != g.Message {
			g.Message = ""
		}
		if p.New {
			g.New++
		}
		for _, n := range p.Notes {
			if !seen[n] {
				seen[n] = true
				g.Notes = append(g.Notes, n)
			}
		}
	}
	g.Pages = len(pages)
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
