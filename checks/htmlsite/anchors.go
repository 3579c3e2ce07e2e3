package htmlsite

import (
	"hash/maphash"
	"sort"
	"strconv"
	"strings"
)

// Anchors are a page's ids and the names of its <a> elements, packed into
// one string: a page's anchors cost one allocation and one place in memory,
// and leave nothing for the garbage collector to trace. On a large site a
// link to another page's anchor mostly misses the CPU caches, and a Go map
// of short keys compares each key where it lies in memory.
//
// Ids that count up, as the line numbers of a source view do ("L1", "L2",
// … "L4000"), are kept as one run each: an API reference has millions of
// them, and nearly every page that holds them is never linked to by line.
type Anchors struct {
	packed string   // each anchor followed by a NUL, which no attribute value holds
	table  []uint32 // on a page with too many to scan: 1 + the offset of each anchor in packed, hashed
	runs   []run    // numbered runs, sorted by prefix and first number, none overlapping
}

// run is the ids prefix+first … prefix+last, written one after the other.
type run struct {
	prefix      string
	first, last uint32
	at          int // where in packed the run stood, for List
}

// scanLimit is the size above which the anchors are also hashed: a lookup
// scans the packed string, which beyond ~1 KiB costs more than hashing.
const scanLimit = 1024

var seed = maphash.MakeSeed()

// anchorSet builds a page's Anchors while it is read.
type anchorSet struct {
	packed []byte
	runs   []run
	// The last id added, when it ended in a number: where it starts a run,
	// or the run it ended (open).
	lastPrefix []byte
	lastNum    uint32
	lastAt     int // its offset in packed; -1: the last id was no number
	open       bool
}

func (s *anchorSet) reset() {
	*s = anchorSet{packed: s.packed[:0], runs: s.runs[:0], lastPrefix: s.lastPrefix[:0], lastAt: -1}
}

// add records one id. An id that continues the one before it by one
// ("L12" after "L11") joins that id's run instead of the packed string.
func (s *anchorSet) add(id []byte) {
	prefix, num, ok := splitNumber(id)
	if ok && s.lastAt >= 0 && num == s.lastNum+1 && string(prefix) == string(s.lastPrefix) {
		if s.open {
			s.runs[len(s.runs)-1].last = num
		} else {
			s.packed = s.packed[:s.lastAt] // the run's first id leaves the packed string
			s.runs = append(s.runs, run{prefix: string(prefix), first: s.lastNum, last: num, at: s.lastAt})
			s.open = true
		}
		s.lastNum = num
		return
	}
	s.lastAt, s.open = -1, false
	if ok {
		s.lastPrefix, s.lastNum, s.lastAt = append(s.lastPrefix[:0], prefix...), num, len(s.packed)
	}
	s.packed = append(append(s.packed, id...), 0)
}

// splitNumber splits "L120" into "L" and 120: a number written as a
// number is (no leading zero, at most nine digits).
func splitNumber[T string | []byte](id T) (prefix T, num uint32, ok bool) {
	i := len(id)
	for i > 0 && '0' <= id[i-1] && id[i-1] <= '9' {
		i--
	}
	digits := id[i:]
	if len(digits) == 0 || len(digits) > 9 || digits[0] == '0' && len(digits) > 1 {
		return prefix, 0, false
	}
	for j := 0; j < len(digits); j++ {
		num = num*10 + uint32(digits[j]-'0')
	}
	return id[:i], num, true
}

func (s *anchorSet) anchors() Anchors {
	a := Anchors{packed: string(s.packed)}
	if len(s.runs) > 0 {
		a.runs = mergeRuns(append([]run(nil), s.runs...))
	}
	if len(a.packed) > scanLimit {
		a.hash()
	}
	return a
}

// hash fills the table: open addressing, at most half full, so a lookup
// reads one or two slots.
func (a *Anchors) hash() {
	n := strings.Count(a.packed, "\x00")
	size := 8
	for size < 2*n {
		size *= 2
	}
	a.table = make([]uint32, size)
	for off := 0; off < len(a.packed); {
		end := off + strings.IndexByte(a.packed[off:], 0)
		if i, found := a.slot(a.packed[off:end]); !found {
			a.table[i] = uint32(off) + 1
		}
		off = end + 1
	}
}

// slot is the slot holding id, or the empty one where it would go.
func (a *Anchors) slot(id string) (int, bool) {
	mask := len(a.table) - 1
	for i := int(maphash.String(seed, id)) & mask; ; i = (i + 1) & mask {
		e := a.table[i]
		if e == 0 {
			return i, false
		}
		if off := int(e - 1); strings.HasPrefix(a.packed[off:], id) && a.packed[off+len(id)] == 0 {
			return i, true
		}
	}
}

// Has tells whether the page has an element with this id (or an <a> with
// this name).
func (a Anchors) Has(id string) bool {
	if id == "" || strings.IndexByte(id, 0) >= 0 {
		return false
	}
	return a.inRuns(id) || a.inPacked(id)
}

// mergeRuns sorts runs for lookup and joins those that overlap or touch:
// a page that repeats a numbered id must not hide a later run behind it.
func mergeRuns(runs []run) []run {
	sort.Slice(runs, func(i, j int) bool {
		x, y := runs[i], runs[j]
		return x.prefix < y.prefix || x.prefix == y.prefix && x.first < y.first
	})
	out := runs[:1]
	for _, r := range runs[1:] {
		last := &out[len(out)-1]
		if r.prefix == last.prefix && uint64(r.first) <= uint64(last.last)+1 {
			last.last, last.at = max(last.last, r.last), min(last.at, r.at)
			continue
		}
		out = append(out, r)
	}
	return out
}

// inRuns finds the one run that can hold id.
func (a Anchors) inRuns(id string) bool {
	if len(a.runs) == 0 {
		return false
	}
	prefix, num, ok := splitNumber(id)
	if !ok {
		return false
	}
	if len(a.runs) == 1 { // a source view
		r := a.runs[0]
		return r.first <= num && num <= r.last && r.prefix == prefix
	}
	i := sort.Search(len(a.runs), func(i int) bool {
		r := a.runs[i]
		return r.prefix > prefix || r.prefix == prefix && r.first > num
	}) - 1
	return i >= 0 && a.runs[i].prefix == prefix && num <= a.runs[i].last
}

func (a Anchors) inPacked(id string) bool {
	if a.table != nil {
		_, found := a.slot(id)
		return found
	}
	for rest, start := a.packed, true; ; {
		i := strings.Index(rest, id)
		if i < 0 {
			return false
		}
		if (i == 0 && start || i > 0 && rest[i-1] == 0) && rest[i+len(id)] == 0 {
			return true
		}
		rest, start = rest[i+1:], false
	}
}

// List returns the anchors in the order of the page (an id repeated
// inside a run of numbered ids is listed once).
func (a Anchors) List() []string {
	runs := append([]run(nil), a.runs...)
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].at < runs[j].at })
	var out []string
	emit := func(upTo int) {
		for len(runs) > 0 && runs[0].at <= upTo {
			for n := runs[0].first; ; n++ {
				out = append(out, runs[0].prefix+strconv.FormatUint(uint64(n), 10))
				if n == runs[0].last {
					break
				}
			}
			runs = runs[1:]
		}
	}
	for off := 0; off < len(a.packed); {
		emit(off)
		end := off + strings.IndexByte(a.packed[off:], 0)
		out = append(out, a.packed[off:end])
		off = end + 1
	}
	emit(len(a.packed))
	return out
}
