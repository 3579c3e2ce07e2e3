package mdscan

import (
	"bytes"
	"regexp"
	"strconv"
)

// Blocks are the indented blocks of Python-Markdown's extensions, which
// MkDocs sites are made of: admonitions (!!! note), collapsible ones
// (??? note, ???+ note) and content tabs (=== "Title"). Their body is
// markdown indented four columns, which CommonMark reads as code: without
// taking the indentation off, no link in an admonition would be checked.
type Blocks struct {
	// TabSlug, when set, makes a tab's id from its title (pymdownx.tabbed's
	// slugify); nil: tabs are numbered __tabbed_<set>_<tab>.
	TabSlug func(title string) string
	// TabHeading: a tab's id is the id of the heading above it, "-", and
	// its own (combine_header_slug).
	TabHeading bool
}

// blockOpener is a line opening an indented block: its marks, and a
// content tab's quoted title.
var blockOpener = regexp.MustCompile(`^(!!!|\?\?\?\+?|===[!+]{0,2})[ \t]+(?:[^"\n]*?"([^"\n]*)")?`)

// tab is a content tab: its title, the line it opens on, and its set.
type tab struct {
	title     string
	line, set int
	index     int // in its set, from 1
}

// dedentBlocks takes the four columns of each open block off its lines,
// and says how many bytes each line, by number, lost, and which tabs the
// page has.
func dedentBlocks(src []byte) (out []byte, shift map[int]int, tabs []tab) {
	shift = map[int]int{}
	out = make([]byte, 0, len(src))
	var open []int // the indentation of each open block's body
	var fence []byte
	sets, lastTab := 0, -1 // the tab set count, and the indentation of the last tab's body
	for i, line := range bytes.SplitAfter(src, []byte("\n")) {
		n := indentOf(line)
		blank := len(bytes.TrimSpace(line)) == 0
		if fence == nil && !blank {
			for len(open) > 0 && n < open[len(open)-1] {
				open = open[:len(open)-1]
			}
		}
		cut := 0
		if len(open) > 0 {
			cut = min(open[len(open)-1], n)
		}
		body := line[cut:]
		if marks := fenceMarks(bytes.TrimLeft(body, " \t")); fence == nil && marks != nil {
			fence = marks
		} else if fence != nil && marks != nil && marks[0] == fence[0] && len(marks) >= len(fence) {
			fence = nil
		} else if m := blockOpener.FindSubmatch(body[n-cut:]); fence == nil && m != nil {
			open = append(open, n+4)
			if m[1][0] == '=' {
				if lastTab != n+4 || bytes.Contains(m[1], []byte("!")) {
					sets++
				}
				lastTab = n + 4
				tabs = append(tabs, tab{title: string(m[2]), line: i + 1, set: sets})
			}
		} else if !blank && n < lastTab {
			lastTab = -1 // text between two tabs ends their set
		}
		shift[i+1] = cut
		out = append(out, body...)
	}
	for i := range tabs {
		if i > 0 && tabs[i-1].set == tabs[i].set {
			tabs[i].index = tabs[i-1].index + 1
		} else {
			tabs[i].index = 1
		}
	}
	return out, shift, tabs
}

// indentOf is how many bytes of space and tab a line starts with.
func indentOf(line []byte) int {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return n
}

// tabIDs are the ids of a page's content tabs, as pymdownx.tabbed gives
// them: unique among the tabs, Python-Markdown's way (_1, _2 …).
func (b *Blocks) tabIDs(tabs []tab, headings []Heading) []string {
	seen := map[string]bool{}
	var ids []string
	for _, t := range tabs {
		if b.TabSlug == nil {
			ids = append(ids, "__tabbed_"+strconv.Itoa(t.set)+"_"+strconv.Itoa(t.index))
			continue
		}
		id := b.TabSlug(t.title)
		if b.TabHeading {
			if h := headingAbove(headings, t.line); h != "" {
				id = h + "-" + id
			}
		}
		if seen[id] {
			id, _ = pythonMarkdownUnique(id, 1, func(s string) bool { return seen[s] })
		}
		seen[id] = true
		ids = append(ids, id)
	}
	return ids
}

// headingAbove is the id of the last heading before a line.
func headingAbove(headings []Heading, line int) string {
	id := ""
	for _, h := range headings {
		if h.Line < line && h.Level > 0 {
			id = h.ID
		}
	}
	return id
}
