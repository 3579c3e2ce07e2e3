package mdscan

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// opener is an unmatched '[' or '![' of the current paragraph.
type opener struct {
	at     int
	image  bool
	active bool // false once a link closed around it: links do not nest
}

// scanInlines finds the links and images of text, the source with its
// blocks blanked out; src gives reference labels as written (code spans
// are blanked in text).
func scanInlines(src, text []byte, defs map[string]string) []Link {
	blankCodeSpans(text)
	lines := lineStarts(src)
	var links []Link
	var stack []opener
	add := func(o opener, dest string) {
		line := sort.SearchInts(lines, o.at+1) // lines[line-1] <= o.at
		links = append(links, Link{Dest: dest, Line: line, Col: o.at - lines[line-1] + 1, Image: o.image})
		if !o.image {
			for k := range stack {
				if !stack[k].image {
					stack[k].active = false
				}
			}
		}
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\\' && i+1 < len(text) && isPunct(text[i+1]):
			i++
		case c == '\n' && blankLineAt(text, i+1):
			stack = stack[:0] // links end with their paragraph
		case c == '!' && i+1 < len(text) && text[i+1] == '[':
			stack = append(stack, opener{at: i, image: true, active: true})
			i++
		case c == '[':
			stack = append(stack, opener{at: i, active: true})
		case c == ']' && len(stack) > 0:
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !o.active {
				continue
			}
			if dest, end, ok := inlineDest(text, i+1); ok {
				add(o, dest)
				i = end - 1
				continue
			}
			textStart := o.at + 1
			if o.image {
				textStart++
			}
			if dest, end, ok := reference(src, text, i+1, string(src[textStart:i]), defs); ok {
				add(o, dest)
				i = end - 1
			}
		}
	}
	sort.SliceStable(links, func(a, b int) bool {
		return links[a].Line < links[b].Line || links[a].Line == links[b].Line && links[a].Col < links[b].Col
	})
	return links
}

// inlineDest reads "(dest "title")" at i; end is the offset after ')'.
func inlineDest(t []byte, i int) (dest string, end int, ok bool) {
	if i >= len(t) || t[i] != '(' {
		return "", 0, false
	}
	j := skipSpace(t, i+1)
	var raw []byte
	if j < len(t) && t[j] == '<' {
		k := j + 1
		for k < len(t) && t[k] != '>' && t[k] != '\n' && t[k] != '<' {
			if t[k] == '\\' && k+1 < len(t) {
				k++
			}
			k++
		}
		if k >= len(t) || t[k] != '>' {
			return "", 0, false
		}
		raw, j = t[j+1:k], k+1
	} else {
		depth, k := 0, j
	loop:
		for ; k < len(t); k++ {
			switch c := t[k]; {
			case c == '\\' && k+1 < len(t) && isPunct(t[k+1]):
				k++
			case c <= ' ':
				break loop
			case c == '(':
				depth++
			case c == ')':
				if depth == 0 {
					break loop
				}
				depth--
			}
		}
		if depth != 0 {
			return "", 0, false
		}
		raw, j = t[j:k], k
	}
	if k := skipSpace(t, j); k > j && k < len(t) && strings.IndexByte(`"'(`, t[k]) >= 0 {
		closer := t[k]
		if closer == '(' {
			closer = ')'
		}
		m := k + 1
		for m < len(t) && t[m] != closer {
			if t[m] == '\\' && m+1 < len(t) {
				m++
			}
			m++
		}
		if m >= len(t) {
			return "", 0, false
		}
		j = m + 1
	}
	j = skipSpace(t, j)
	if j >= len(t) || t[j] != ')' {
		return "", 0, false
	}
	return unescape(string(raw)), j + 1, true
}

// reference resolves "[label]", "[]" or nothing after a link's text against
// the file's definitions; a shortcut or collapsed reference is its text.
func reference(src, t []byte, i int, linkText string, defs map[string]string) (string, int, bool) {
	label, end := linkText, i
	if i < len(t) && t[i] == '[' {
		k := i + 1
		for k < len(t) && t[k] != ']' && t[k] != '[' {
			if t[k] == '\\' && k+1 < len(t) {
				k++
			}
			k++
		}
		if k >= len(t) || t[k] != ']' {
			return "", 0, false
		}
		if full := string(src[i+1 : k]); strings.TrimSpace(full) != "" {
			label = full
		}
		end = k + 1
	}
	dest, ok := defs[normalizeLabel(label)]
	return dest, end, ok
}

// skipSpace skips spaces and tabs and at most one line break.
func skipSpace(t []byte, i int) int {
	newline := false
	for i < len(t) {
		switch t[i] {
		case ' ', '\t', '\r':
		case '\n':
			if newline {
				return i
			}
			newline = true
		default:
			return i
		}
		i++
	}
	return i
}

// blankCodeSpans blanks code spans (text between two equal runs of
// backticks) and autolinks: nothing in them is a link. A run with no
// closing run of the same length in its paragraph is literal text.
func blankCodeSpans(t []byte) {
	for i := 0; i < len(t); {
		if t[i] == '\\' && i+1 < len(t) && isPunct(t[i+1]) {
			i += 2
			continue
		}
		if t[i] == '<' {
			if m := autolink.Find(t[i:]); m != nil { // <https://…> is a link of its own
				blank(t, i, i+len(m))
				i += len(m)
				continue
			}
		}
		if t[i] != '`' {
			i++
			continue
		}
		n := runLen(t, i, '`')
		end := closingRun(t, i+n, n)
		if end < 0 {
			i += n
			continue
		}
		blank(t, i, end)
		i = end
	}
}

// autolink is CommonMark's URI autolink; nothing inside it is markdown.
var autolink = regexp.MustCompile(`^<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\x00-\x20<>]*>`)

// blank replaces t[from:to] with spaces, keeping line breaks.
func blank(t []byte, from, to int) {
	for k := from; k < to; k++ {
		if t[k] != '\n' {
			t[k] = ' '
		}
	}
}

// closingRun finds a run of exactly n backticks from i in the same
// paragraph and returns the offset after it, or -1.
func closingRun(t []byte, i, n int) int {
	for i < len(t) {
		switch {
		case t[i] == '`':
			m := runLen(t, i, '`')
			if m == n {
				return i + m
			}
			i += m
		case t[i] == '\n' && blankLineAt(t, i+1):
			return -1
		default:
			i++
		}
	}
	return -1
}

func runLen(t []byte, i int, c byte) int {
	n := 0
	for i+n < len(t) && t[i+n] == c {
		n++
	}
	return n
}

// blankLineAt reports whether the line starting at i holds only white space.
func blankLineAt(t []byte, i int) bool {
	for ; i < len(t) && t[i] != '\n'; i++ {
		if t[i] != ' ' && t[i] != '\t' && t[i] != '\r' {
			return false
		}
	}
	return true
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// Byte kinds of plainText.
const (
	kText    = iota // shown, and may be emphasis
	kCode           // shown as written
	kDropped        // markup
	kLiteral        // an escaped character: shown, never markup
)

// plainText is the text a reader sees in a heading: code spans as written,
// link and image text without destinations, no HTML tags, escapes resolved,
// emphasis markers gone. The slug is made from it.
func plainText(s string) string {
	kind := make([]byte, len(s))
	for i := 0; i < len(s); { // code spans first: they take precedence
		if s[i] == '\\' && i+1 < len(s) && isPunct(s[i+1]) {
			i += 2
			continue
		}
		if s[i] != '`' {
			i++
			continue
		}
		n := runLen([]byte(s), i, '`')
		end := closingRun([]byte(s), i+n, n)
		if end < 0 {
			i += n
			continue
		}
		from, to := i+n, end-n
		for k := i; k < end; k++ {
			kind[k] = kCode
		}
		fill(kind, i, from, kDropped)
		fill(kind, to, end, kDropped)
		if c := s[from:to]; len(c) >= 2 && c[0] == ' ' && c[len(c)-1] == ' ' && strings.TrimSpace(c) != "" {
			kind[from], kind[to-1] = kDropped, kDropped
		}
		i = end
	}
	for i := 0; i < len(s); i++ {
		if kind[i] != kText {
			continue
		}
		next := byte(0)
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch {
		case s[i] == '\\' && isPunct(next) && kind[i+1] == kText:
			kind[i], kind[i+1] = kDropped, kLiteral
			i++
		case s[i] == ']' && (next == '(' || next == '['):
			closer := byte(')')
			if next == '[' {
				closer = ']'
			}
			j := i + 1
			for j < len(s) && s[j] != closer {
				j++
			}
			fill(kind, i, min(j+1, len(s)), kDropped)
			i = j
		case s[i] == '[' || s[i] == ']' || s[i] == '!' && next == '[':
			kind[i] = kDropped
		case s[i] == '<' && (next == '/' || isLetter(next)):
			if j := strings.IndexByte(s[i:], '>'); j > 0 {
				fill(kind, i, i+j+1, kDropped)
				i += j
			}
		}
	}
	dropEmphasis(s, kind)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if kind[i] != kDropped {
			b.WriteByte(s[i])
		}
	}
	return strings.TrimSpace(b.String())
}

// dropEmphasis marks the * and _ runs that open and close emphasis, by
// CommonMark's flanking rules (an _ inside a word, as in snake_case, is text).
func dropEmphasis(s string, kind []byte) {
	type run struct{ from, to int }
	var open []run
	for i := 0; i < len(s); {
		c := s[i]
		if kind[i] != kText || c != '*' && c != '_' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == c && kind[j] == kText {
			j++
		}
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		next, _ := utf8.DecodeRuneInString(s[j:])
		if i == 0 {
			prev = ' '
		}
		if j == len(s) {
			next = ' '
		}
		left := !unicode.IsSpace(next) && (!isPunctRune(next) || unicode.IsSpace(prev) || isPunctRune(prev))
		right := !unicode.IsSpace(prev) && (!isPunctRune(prev) || unicode.IsSpace(next) || isPunctRune(next))
		canOpen, canClose := left, right
		if c == '_' {
			canOpen = left && (!right || isPunctRune(prev))
			canClose = right && (!left || isPunctRune(next))
		}
		matched := false
		if canClose {
			for k := len(open) - 1; k >= 0; k-- {
				if s[open[k].from] == c {
					fill(kind, open[k].from, open[k].to, kDropped)
					fill(kind, i, j, kDropped)
					open, matched = open[:k], true
					break
				}
			}
		}
		if !matched && canOpen {
			open = append(open, run{i, j})
		}
		i = j
	}
}

func fill(kind []byte, from, to int, k byte) {
	for i := from; i < to; i++ {
		kind[i] = k
	}
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isPunctRune(r rune) bool {
	return r < utf8.RuneSelf && isPunct(byte(r)) || unicode.IsPunct(r) || unicode.IsSymbol(r)
}
