package urlscheme

import "testing"

// The scheme state's cases: a letter first, then letters, digits and
// "+-."; nothing else before the colon, and a colon there at all.
func TestSplit(t *testing.T) {
	for _, c := range []struct {
		in, scheme, rest string
		ok               bool
	}{
		{"https://example.org/a", "https", "//example.org/a", true},
		{"HTTPS:x", "https", "x", true},
		{"mailto:a@b.org", "mailto", "a@b.org", true},
		{"web+app.v-2:thing", "web+app.v-2", "thing", true},
		{"c:", "c", "", true},
		{"./missing-100%.md", "", "./missing-100%.md", false},
		{"2fa:x", "", "2fa:x", false},
		{"+x:y", "", "+x:y", false},
		{":x", "", ":x", false},
		{"a b:c", "", "a b:c", false},
		{"a_b:c", "", "a_b:c", false},
		{"guide/setup.md", "", "guide/setup.md", false},
		{"no-colon", "", "no-colon", false},
		{"", "", "", false},
	} {
		scheme, rest, ok := Split(c.in)
		if scheme != c.scheme || rest != c.rest || ok != c.ok {
			t.Errorf("Split(%q) = %q, %q, %v; want %q, %q, %v", c.in, scheme, rest, ok, c.scheme, c.rest, c.ok)
		}
	}
}
