package htmlsite

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Has must answer as a set would, whatever the ids share: prefixes,
// suffixes, repeats; for a few anchors (scanned) and for many (mapped).
func TestAnchorsAnswerAsASet(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	letters := []string{"a", "b", "-", "é", "a-b"}
	word := func() string {
		var b strings.Builder
		for j := rng.Intn(4); j >= 0; j-- {
			b.WriteString(letters[rng.Intn(len(letters))])
		}
		return b.String()
	}
	for _, n := range []int{0, 1, 5, 40, 400} {
		set := map[string]bool{}
		var packed []byte
		for range n {
			w := word()
			set[w] = true
			packed = append(append(packed, w...), 0)
		}
		a := newAnchors(packed)
		assert.Equal(t, len(packed) > scanLimit, a.many != nil, "n=%d", n)
		for range 500 {
			w := word()
			assert.Equal(t, set[w], a.Has(w), "n=%d: Has(%q)", n, w)
		}
		for w := range set {
			assert.True(t, a.Has(w), "n=%d: Has(%q)", n, w)
		}
	}
	one := newAnchors([]byte("ab\x00"))
	for _, id := range []string{"", "a", "b", "ab\x00", "\x00", "ab\x00ab"} {
		assert.False(t, one.Has(id), fmt.Sprintf("%q", id))
	}
}
