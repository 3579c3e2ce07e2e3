package editdist

import (
	"math/rand"
	"testing"
)

func TestLevenshtein(t *testing.T) {
	var shared Rows
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3},
		{"/guide/setup/", "/guide/set-up/", 1}, {"ignores", "ignore", 1}, {"flaw", "lawn", 2},
	} {
		if got := Levenshtein(c.a, c.b); got != c.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := shared.Levenshtein(c.a, c.b); got != c.want { // rows of all the pairs before, reused
			t.Errorf("Rows.Levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// plain is the whole table, row by row, as the package first measured.
func plain(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Rows, which measures only what lies between a common start and end, in
// reused rows, agrees with the whole table on many short strings.
func TestRowsAgreeWithTheWholeTable(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var r Rows
	s := func() string {
		b := make([]byte, rng.Intn(9))
		for i := range b {
			b[i] = "ab/"[rng.Intn(3)]
		}
		return string(b)
	}
	for i := 0; i < 20000; i++ {
		a, b := s(), s()
		if r.Levenshtein(a, b) != plain(a, b) {
			t.Fatalf("%q %q", a, b)
		}
	}
}

// Strings on both sides of a word's 64 bytes, of a wider alphabet, with
// the common start and end the measure skips: the bit-parallel measure
// and the rows agree with the whole table.
func TestLongAndShortAgreeWithTheWholeTable(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	var r Rows
	s := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "ab/-é"[rng.Intn(6)]
		}
		return string(b)
	}
	for i := 0; i < 4000; i++ {
		pre, suf := s(rng.Intn(4)), s(rng.Intn(4))
		a, b := pre+s(rng.Intn(80))+suf, pre+s(rng.Intn(80))+suf
		if got, want := r.Levenshtein(a, b), plain(a, b); got != want {
			t.Fatalf("%q %q: %d, want %d", a, b, got, want)
		}
	}
}
