package diag

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Diagnostics carry text from the pages they judge: hrefs, ids, file
// names. A page can hold "&#27;]0;…&#7;" (which sets a terminal's title),
// "&#13;" (which rewrites a line of output), a newline (a new workflow
// command, a new markdown block) or a right-to-left override (which turns
// what a reviewer reads around). So every format but JSON, which escapes
// all of them itself, writes such text through Printable.

// Printable escapes what a terminal, a log viewer or a markdown renderer
// would act on instead of showing: C0 and C1 controls and DEL (newlines and
// tabs too), Unicode line and paragraph separators, the bidirectional
// formatting characters, and bytes that are not UTF-8. They are written
// as in a Go string literal ("\x1b", "\n", "\u202e", "\xff"); everything
// else, non-ASCII letters included, is left as it is.
func Printable(s string) string {
	i := 0
	for i < len(s) && ' ' <= s[i] && s[i] < 0x7f {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			b.WriteString(strconv.FormatUint(uint64(s[i])&15, 16))
		case unsafeRune(r):
			q := strconv.QuoteRuneToASCII(r) // "'\x1b'", "'\u202e'"
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	switch {
	case r < ' ', 0x7f <= r && r <= 0x9f: // C0, DEL, C1
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, 0x202a <= r && r <= 0x202e, 0x2066 <= r && r <= 0x2069: // bidi marks and overrides
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	}
	return false
}

// Text output shortens what cannot be read anyway: a word (text between
// spaces) longer than maxWord keeps its head and tail, and a whole text
// longer than maxText keeps its start and end. A 1 MB href then costs a
// line, not a megabyte, twice per line; JSON keeps every byte.
const (
	maxWord = 200
	maxText = 2000
)

// Shorten applies those limits to s.
func Shorten(s string) string {
	if len(s) <= maxWord {
		return s
	}
	var b strings.Builder
	for i, w := range strings.Split(s, " ") {
		if i > 0 {
			b.WriteByte(' ')
		}
		if len(w) > maxWord {
			w = cut(w, maxWord*2/3, maxWord/4)
		}
		b.WriteString(w)
	}
	out := b.String()
	if len(out) > maxText {
		out = cut(out, maxText*2/3, maxText/4)
	}
	return out
}

// cut keeps the first head and last tail bytes of s (whole characters)
// and says how many it left out.
func cut(s string, head, tail int) string {
	h, t := head, len(s)-tail
	for h > 0 && !utf8.RuneStart(s[h]) {
		h--
	}
	for t < len(s) && !utf8.RuneStart(s[t]) {
		t++
	}
	return s[:h] + "…(" + strconv.Itoa(t-h) + " bytes)…" + s[t:]
}

// printable is the diagnostic with every text field escaped (Printable).
func (d Diagnostic) printable() Diagnostic {
	d.Check = Printable(d.Check)
	file, source, target := Name(d.File), Name(d.Source), Name(d.Target)
	d = d.mapText(Printable)
	d.File, d.Source, d.Target = file, source, target // named, not escaped twice
	return d
}

// shortened is the diagnostic with its long texts shortened (Shorten).
func (d Diagnostic) shortened() Diagnostic { return d.mapText(Shorten) }

// mapText applies f to the texts a page can put into a diagnostic.
func (d Diagnostic) mapText(f func(string) string) Diagnostic {
	d.File, d.Message, d.Href, d.Target, d.Source = f(d.File), f(d.Message), f(d.Href), f(d.Target), f(d.Source)
	if d.Notes != nil {
		notes := make([]string, len(d.Notes))
		for i, n := range d.Notes {
			notes[i] = f(n)
		}
		d.Notes = notes
	}
	return d
}

// Escaper writes text with the control characters of each line escaped,
// but for the tabs that lay out a help text: what a file or an argument
// holds (a path, a pattern, a bad flag) must not reach the terminal as an
// escape sequence. (A text of several lines escapes what it quotes itself,
// newlines too.)
type Escaper struct{ W io.Writer }

func (e Escaper) Write(p []byte) (int, error) {
	lines := strings.Split(string(p), "\n")
	for i, l := range lines {
		cells := strings.Split(l, "\t")
		for j, c := range cells {
			cells[j] = Printable(c)
		}
		lines[i] = strings.Join(cells, "\t")
	}
	_, err := io.WriteString(e.W, strings.Join(lines, "\n"))
	return len(p), err
}
