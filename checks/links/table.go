package links

import "hash/maphash"

// stemTable maps stems to their answers like a map[string]answers, laid
// out so that a lookup reads one cache line, which holds the stem itself: a
// Go map reads a control word, a slot and the key's bytes elsewhere in
// memory. On a 50k-page site nearly every lookup misses the CPU caches, and
// this layout checks links measurably faster (BenchmarkLookup, make bench).
type stemTable struct {
	seed  maphash.Seed
	slots []stemSlot // a power of two, at most three quarters full
	long  map[string]answers
}

// stemSlot is one 64-byte cache line: the stem's hash (0 for an empty
// slot), its answers and the stem, if it fits; longer stems live in long.
type stemSlot struct {
	hash uint64
	ans  answers
	n    uint8
	key  [inlineKey]byte
}

const inlineKey = 64 - 8 - 12 - 1

// newStemTable makes a table for up to n stems.
func newStemTable(n int) *stemTable {
	size := 8
	for size*3 < n*4 {
		size *= 2
	}
	return &stemTable{seed: maphash.MakeSeed(), slots: make([]stemSlot, size), long: map[string]answers{}}
}

func (t *stemTable) hash(s string) uint64 { return maphash.String(t.seed, s) | 1 }

// slot finds the stem's slot, or the empty slot where it belongs (linear
// probing: the next slot is usually in the next cache line).
func (t *stemTable) slot(s string, h uint64) *stemSlot {
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.hash == 0 || sl.hash == h && string(sl.key[:sl.n]) == s {
			return sl
		}
	}
}

func (t *stemTable) get(s string) answers {
	if len(s) > inlineKey {
		return t.long[s]
	}
	return t.slot(s, t.hash(s)).ans
}

func (t *stemTable) set(s string, kind int, f File) {
	if len(s) > inlineKey {
		a := t.long[s]
		a[kind] = f
		t.long[s] = a
		return
	}
	h := t.hash(s)
	sl := t.slot(s, h)
	sl.hash, sl.n = h, uint8(len(s))
	copy(sl.key[:], s)
	sl.ans[kind] = f
}
