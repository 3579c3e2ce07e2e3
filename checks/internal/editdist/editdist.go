// Package editdist measures how far apart two strings are, for the
// suggestions the gate makes (a misspelt key, the page a URL moved to).
package editdist

import (
	"slices"
	"strings"
)

// Levenshtein is the number of byte insertions, deletions and
// substitutions that turn a into b.
func Levenshtein(a, b string) int { return new(Rows).Levenshtein(a, b) }

// Rows are the two rows of Levenshtein's table, kept by a caller that
// measures many pairs (a URL against every page of a site), so that no
// measure allocates.
type Rows struct {
	prev, cur []int
	// peq has, for each byte, the bits of the places it holds in the
	// shorter string: Myers' bit-parallel measure, used when that string
	// fits in a word; all zero between measures.
	peq [256]uint64
}

// Levenshtein is the package's Levenshtein, in r's rows.
func (r *Rows) Levenshtein(a, b string) int {
	// A common start and end cost nothing: only what lies between is
	// measured (two URLs of a site share most of theirs).
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(b) < len(a) {
		a, b = b, a // the measure is symmetric: the shorter in a word
	}
	if len(a) <= 64 {
		return r.bits(a, b)
	}
	r.prev, r.cur = grown(r.prev, len(b)+1), grown(r.cur, len(b)+1)
	prev, cur := r.prev, r.cur
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func grown(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// Closest is the known word nearest a misspelt one, if any is near: the
// one of another letter case, else the one fewest edits away, within a
// third of the word's length and two more (ties: the first in sorted
// order). "" when none is.
func Closest(word string, known []string) string {
	best, bestDist := "", len(word)/3+2
	for _, k := range slices.Sorted(slices.Values(known)) {
		if strings.EqualFold(k, word) {
			return k
		}
		if d := Levenshtein(strings.ToLower(word), strings.ToLower(k)); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// bits is the distance of a (at most 64 bytes) and b by Myers's
// bit-vector algorithm (as Hyyrö states it for the whole of both
// strings): a column of the table is kept as two words, where each cell
// is one more (vp) or one less (vn) than the one above it, and each byte
// of b computes the next column in a few word operations, not len(a)
// cells: a URL against every page of a large site for each one lost.
func (r *Rows) bits(a, b string) int {
	if len(a) == 0 {
		return len(b)
	}
	for i := 0; i < len(a); i++ {
		r.peq[a[i]] |= 1 << i
	}
	vp, vn := ^uint64(0), uint64(0)
	last := uint64(1) << (len(a) - 1)
	dist := len(a)
	for j := 0; j < len(b); j++ {
		eq := r.peq[b[j]]
		xv := eq | vn
		xh := (((eq & vp) + vp) ^ vp) | eq
		hp := vn | ^(xh | vp)
		hn := vp & xh
		if hp&last != 0 {
			dist++
		} else if hn&last != 0 {
			dist--
		}
		hp = hp<<1 | 1 // the top row grows by one a column
		hn <<= 1
		vp = hn | ^(xv | hp)
		vn = hp & xv
	}
	for i := 0; i < len(a); i++ {
		r.peq[a[i]] = 0
	}
	return dist
}
