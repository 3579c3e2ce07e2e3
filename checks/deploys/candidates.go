package deploys

import (
	"cmp"
	"hash/maphash"
	"slices"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
)

// candidate is a page of the new build a removed URL may have moved to
// (its file), as the rules see it: its URL, the URL's last segment and
// the page's gist.
type candidate struct {
	file, url, last string
	gist            htmlsite.Gist
}

// candidates are the new build's pages, redirect pages and 404 pages
// aside, with their keys: a page's URL's last segment (hashed), title,
// first h1 and each heading's text, each looked up in its postings.
type candidates struct {
	list                         []candidate
	all                          []int32 // every candidate's index: the nearest URL is sought among them
	segment, title, h1, headings postings
	shared                       []int32 // sharingMost's counts, by candidate; all 0 between calls
}

// readCandidates lists the new build's candidates, and their URLs, gists
// and keys: once, when a URL is first missing.
func (c *comparison) readCandidates() *candidates {
	if c.candidates != nil {
		return c.candidates
	}
	cs := &candidates{list: make([]candidate, 0, len(c.cur.HTML))}
	for _, f := range c.cur.HTML {
		if _, r, ok := c.curPage(f); ok && r.Href == "" && !isNotFoundPage(f) {
			cs.list = append(cs.list, candidate{file: f})
		}
	}
	par.For(len(cs.list), func(i int) {
		k := &cs.list[i]
		k.url = c.fileURL(k.file)
		k.last, k.gist = lastSegment(k.url), c.gistOf(k.file)
	})
	cs.shared = make([]int32, len(cs.list))
	for i, k := range cs.list {
		at := int32(i)
		cs.all = append(cs.all, at)
		cs.segment = append(cs.segment, posting{segmentKey(k.last), at})
		if k.gist.Title() != 0 {
			cs.title = append(cs.title, posting{k.gist.Title(), at})
		}
		if k.gist.H1() != 0 {
			cs.h1 = append(cs.h1, posting{k.gist.H1(), at})
		}
		for _, t := range k.gist.Texts() {
			cs.headings = append(cs.headings, posting{t, at})
		}
	}
	for _, p := range []postings{cs.segment, cs.title, cs.h1, cs.headings} {
		slices.SortFunc(p, func(a, b posting) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.at, b.at)) })
	}
	c.candidates = cs
	return cs
}

// bySegment are the candidates whose URL's last segment is last.
func (cs *candidates) bySegment(last string) []int32 {
	var out []int32
	for _, at := range cs.segment.of(segmentKey(last)) {
		if cs.list[at].last == last { // the hash aside: the segment itself
			out = append(out, at)
		}
	}
	return out
}

// sharingMost are the candidates sharing at least minShared and at
// least half of the headings' texts of g, counted through the postings
// of each text of g. A text on many pages (common) is not counted: like
// one heading alone, "Parameters" on every page of an API reference
// says nothing of where a page went, and counting it would weigh every
// page against every removed one.
func (cs *candidates) sharingMost(g htmlsite.Gist) []int32 {
	var touched, out []int32
	for _, t := range g.Texts() {
		pages := cs.headings.of(t)
		if cs.common(len(pages)) {
			continue
		}
		for _, at := range pages {
			if cs.shared[at] == 0 {
				touched = append(touched, at)
			}
			cs.shared[at]++
		}
	}
	for _, at := range touched {
		if n := int(cs.shared[at]); n >= minShared && 2*n >= g.Headings() {
			out = append(out, at)
		}
		cs.shared[at] = 0
	}
	return out
}

// common: a heading's text on so many pages (at least minCommon, and
// one in commonShare of the site's) that it tells them apart no more
// than the site's template does.
func (cs *candidates) common(pages int) bool {
	return pages >= minCommon && pages*commonShare >= len(cs.list)
}

const (
	minCommon   = 100
	commonShare = 100
)

// nearestAmong is the candidate of matches keep takes, u itself aside (a
// page whose URL a forced rule sends elsewhere), nearest to u, the first
// in byte order among equals: a rule's few, or every page's (all).
func (cs *candidates) nearestAmong(u string, matches []int32, keep func(candidate) bool) (candidate, bool) {
	var rows editdist.Rows
	best, bestDist := -1, 0
	for _, at := range matches {
		k := cs.list[at]
		if k.url == u || !keep(k) {
			continue
		}
		d := rows.Levenshtein(u, k.url)
		if best < 0 || d < bestDist || d == bestDist && k.url < cs.list[best].url {
			best, bestDist = int(at), d
		}
	}
	if best < 0 {
		return candidate{}, false
	}
	return cs.list[best], true
}

// postings are candidates by a key: pairs sorted by key, eight bytes a
// pair, where maps of lists would cost several times that for a site's
// pages.
type postings []posting

type posting struct {
	key uint32
	at  int32 // the candidate's index
}

// of are the candidates with the key.
func (p postings) of(key uint32) []int32 {
	i, _ := slices.BinarySearchFunc(p, key, func(e posting, k uint32) int { return cmp.Compare(e.key, k) })
	var out []int32
	for ; i < len(p) && p[i].key == key; i++ {
		out = append(out, p[i].at)
	}
	return out
}

// segmentKey is a last segment's key in the postings.
func segmentKey(last string) uint32 { return uint32(maphash.String(segmentSeed, last)) }

var segmentSeed = maphash.MakeSeed()
