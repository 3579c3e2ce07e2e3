package htmlsite

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func anchorsOf(ids ...string) Anchors {
	s := anchorSet{lastAt: -1}
	for _, id := range ids {
		s.add([]byte(id))
	}
	return s.anchors()
}

// Has must answer as a set would, whatever the ids share: prefixes,
// suffixes, repeats, numbers that count up or not; for a few anchors
// (scanned) and for many (hashed), and List must give them back in order.
func TestAnchorsAnswerAsASet(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	letters := []string{"a", "b", "-", "é", "a-b", "1", "0", "9"}
	word := func() string {
		var b strings.Builder
		for j := rng.Intn(4); j >= 0; j-- {
			b.WriteString(letters[rng.Intn(len(letters))])
		}
		return b.String()
	}
	counting := 0
	for _, n := range []int{0, 1, 5, 40, 400, 4000} {
		set := map[string]bool{}
		var ids []string
		for len(ids) < n {
			w := word()
			if rng.Intn(3) == 0 { // a stretch of numbered ids, as on a source view
				from := rng.Intn(20)
				for k := from; k < from+rng.Intn(30); k++ {
					ids = append(ids, w+strconv.Itoa(k))
				}
				continue
			}
			ids = append(ids, w)
		}
		for _, w := range ids {
			set[w] = true
		}
		a := anchorsOf(ids...)
		counting += len(a.runs)
		assert.Equal(t, len(a.packed) > scanLimit, a.table != nil, "n=%d", n)
		for range 2000 {
			w := word()
			assert.Equal(t, set[w], a.Has(w), "n=%d: Has(%q)", n, w)
		}
		for w := range set {
			assert.True(t, a.Has(w), "n=%d: Has(%q)", n, w)
		}
		listed := map[string]bool{}
		for _, w := range a.List() {
			listed[w] = true
		}
		assert.Equal(t, set, listed, "n=%d: List", n)
	}
	assert.Greater(t, counting, 10, "too few runs of numbered ids to test them")
	one := anchorsOf("ab")
	for _, id := range []string{"", "a", "b", "ab\x00", "\x00", "ab\x00ab"} {
		assert.False(t, one.Has(id), fmt.Sprintf("%q", id))
	}
}

// A source view's line ids cost one run, not one entry each, and lookups
// near the run's ends and numbers written otherwise answer exactly.
func TestNumberedIDsAreOneRun(t *testing.T) {
	var ids []string
	for l := 1; l <= 5000; l++ {
		ids = append(ids, "L"+strconv.Itoa(l))
	}
	a := anchorsOf(append(append([]string{"main"}, ids...), "footer", "L7", "x9", "x10")...)
	// The 5,000 line ids are one run, kept as its prefix and bounds, and so
	// is x9, x10; only the ids that count nothing stay in the packed string
	// (the L7 after the run repeats one of it, and starts none).
	assert.Equal(t, []run{{prefix: "L", first: 1, last: 5000, at: len("main\x00")},
		{prefix: "x", first: 9, last: 10, at: len("main\x00footer\x00L7\x00")}}, a.runs)
	assert.Equal(t, "main\x00footer\x00L7\x00", a.packed)
	for id, want := range map[string]bool{"L1": true, "L5000": true, "L2500": true, "L0": false, "L5001": false,
		"L01": false, "L": false, "l1": false, "main": true, "footer": true, "x9": true, "x10": true, "x11": false, "L7": true} {
		assert.Equal(t, want, a.Has(id), id)
	}
	assert.Equal(t, append(append([]string{"main"}, ids...), "footer", "L7", "x9", "x10"), a.List())
}
