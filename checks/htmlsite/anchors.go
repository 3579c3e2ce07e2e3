package htmlsite

import "strings"

// Anchors are a page's ids and the names of its <a> elements, packed into
// one string: a page's anchors cost one allocation and one place in memory,
// and leave nothing for the garbage collector to trace. On a large site a
// link to another page's anchor mostly misses the CPU caches, and a Go map
// of short keys compares each key where it lies in memory.
type Anchors struct {
	packed string              // each anchor followed by a NUL, which no attribute value holds
	many   map[string]struct{} // the same, on a page with too many to scan
}

// scanLimit is the size above which the anchors are also put in a map: a
// lookup scans the packed string, which beyond ~1 KiB costs more than hashing.
const scanLimit = 1024

func newAnchors(packed []byte) Anchors {
	a := Anchors{packed: string(packed)}
	if len(a.packed) > scanLimit {
		a.many = map[string]struct{}{}
		for _, id := range a.List() {
			a.many[id] = struct{}{}
		}
	}
	return a
}

// Has tells whether the page has an element with this id (or an <a> with
// this name).
func (a Anchors) Has(id string) bool {
	if id == "" || strings.IndexByte(id, 0) >= 0 {
		return false
	}
	if a.many != nil {
		_, ok := a.many[id]
		return ok
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

// List returns the anchors in the order of the page.
func (a Anchors) List() []string {
	if a.packed == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(a.packed, "\x00"), "\x00")
}
