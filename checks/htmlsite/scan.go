package htmlsite

import (
	"bytes"

	"golang.org/x/net/html/atom"
)

// scan reads a whole document held in memory, finding the token boundaries
// exactly where golang.org/x/net/html's tokenizer finds them, but doing only
// what the gate needs: text is skipped with one IndexByte, and a tag's
// attributes are noted as spans, decoded only when the tag can hold a link or
// an anchor. The tokenizer reads every byte through a function call and copies
// every attribute; on an API reference, where each line of a source view is a
// tag, that is most of the time a check takes.
//
// It returns false on the one thing it does not follow, a script whose text
// holds "<!--" (the script-data escape states); the caller then reads the page
// through the tokenizer. FuzzExtractAgreesWithTokens holds the two to the same
// answer.
func (p *Page) scan(doc []byte) bool {
	lines := lineCounter{doc: doc, line: 1}
	from := 0 // where the text being read started: the outline reads it
	for i := 0; i < len(doc); {
		lt := bytes.IndexByte(doc[i:], '<')
		if lt < 0 || i+lt+1 == len(doc) {
			p.outlineText(doc[from:]) // the rest is text
			return true
		}
		lt += i
		switch c := doc[lt+1]; {
		case isLetter(c):
			end, ok := p.readTag(doc, lt+1)
			if !ok {
				p.outlineText(doc[from:lt]) // a tag cut off by the end of the file is no tag
				return true
			}
			p.outlineText(doc[from:lt])
			if i, ok = p.scanStartTag(doc, lt, end, &lines); !ok {
				return false
			}
		case c == '/':
			if lt+2 == len(doc) {
				p.outlineText(doc[from:])
				return true
			}
			p.outlineText(doc[from:lt])
			switch c := doc[lt+2]; {
			case c == '>':
				i = lt + 3 // "</>" is nothing
			case isLetter(c):
				end, ok := p.readTag(doc, lt+2)
				if !ok {
					return true
				}
				p.endTag(doc[lt+1 : end])
				i = end
			default:
				i = pastCloseAngle(doc, lt+2) // a bogus comment
			}
		case c == '!':
			p.outlineText(doc[from:lt])
			i = markupDeclarationEnd(doc, lt+2)
		case c == '?':
			p.outlineText(doc[from:lt])
			i = pastCloseAngle(doc, lt+1)
		default:
			i = lt + 1 // a '<' that starts nothing is text
			continue
		}
		from = i
	}
	p.outlineText(doc[from:])
	return true
}

// endTag notes the end tag raw ("/x…": read as a tag named x), as
// either reading reads it: only inside the elements that open and close
// follow, or a heading, does its name matter.
func (p *Page) endTag(raw []byte) {
	if p.template+p.foreign+p.foreignObject == 0 && !p.ol.open {
		return
	}
	a := element(raw)
	p.close(a)
	p.outlineEnd(a)
}

// scanStartTag records the start tag doc[lt:end] and skips the raw text that
// follows a <script>, <style>, <textarea> and the like. next is where the
// next token starts.
func (p *Page) scanStartTag(doc []byte, lt, end int, lines *lineCounter) (next int, ok bool) {
	raw := doc[lt:end]
	a := element(raw)
	p.open(a, (a == atom.Svg || a == atom.Math || a == atom.Foreignobject) && p.selfClosing(doc, end))
	switch {
	case p.ol.o != nil && headingLevel(a) > 0:
		t := tagAt{off: lt}
		t.line, t.col = lines.at(lt)
		p.outlineStart(a, t)
	case p.ol.open:
		p.outlineStart(a, tagAt{})
	}
	if names, elem := p.urlAttrs(a, raw); mayHold(a, names, raw) {
		at, plain := p.spanAttrs(doc, lt, names)
		if !plain {
			decoded := tagAttrs(raw, names)
			decoded.pos = at.pos
			at = decoded
		}
		t := tagAt{raw: raw, off: lt}
		t.line, t.col = lines.at(lt)
		p.record(a, &at, names, elem, t)
	}
	rawText := rawTextElement(a)
	if rawText == "" {
		return end, true
	}
	if rawText == "plaintext" {
		return len(doc), true
	}
	textEnd := rawTextEnd(doc, end, rawText)
	if p.isTitle(a) {
		p.outlineTitle(doc[end:textEnd])
	}
	script := p.inScript
	p.inScript = false
	if a == atom.Style && textEnd > end {
		t := tagAt{raw: doc[end:textEnd], off: end}
		t.line, t.col = lines.at(end)
		p.style(t)
	}
	if a == atom.Script {
		if bytes.Contains(doc[end:textEnd], []byte("<!--")) {
			return 0, false // where this script ends is the escape states' to say
		}
		if script && textEnd > end {
			t := tagAt{raw: doc[end:textEnd], off: end}
			t.line, t.col = lines.at(end)
			p.script(t)
		}
	}
	return textEnd, true
}

// attrSpan is where one attribute's name and value lie in the document.
type attrSpan struct{ key, keyEnd, val, valEnd int }

// readTag finds the end of the tag whose name starts at doc[name], following
// the tokenizer's readTag: the name, then attributes (a name, optional white
// space, '=', a quoted or unquoted value) until a '>' outside a value. It
// notes each attribute in p.spans. ok is false when the file ends first.
func (p *Page) readTag(doc []byte, name int) (end int, ok bool) {
	p.spans = p.spans[:0]
	j := name + 1
	for ; j < len(doc); j++ {
		if c := doc[j]; isASCIISpace(c) {
			j++
			break
		} else if c == '/' || c == '>' {
			break
		}
	}
	for j = skipSpace(doc, j); j < len(doc); j = skipSpace(doc, j) {
		if doc[j] == '>' {
			return j + 1, true
		}
		var s attrSpan
		s.key = j
		for ; j < len(doc); j++ {
			c := doc[j]
			if c == '=' && j == s.key {
				continue // a '=' before the name starts is part of it
			}
			if c == '=' || c == '/' || c == '>' || isASCIISpace(c) {
				break
			}
		}
		s.keyEnd = j
		if j, ok = readAttrValue(doc, j, &s); !ok {
			return 0, false
		}
		p.spans = append(p.spans, s)
	}
	return 0, false
}

// readAttrValue reads what follows an attribute's name, as the tokenizer's
// readTagAttrVal does: nothing, a lone '/', or '=' and a value.
func readAttrValue(doc []byte, j int, s *attrSpan) (next int, ok bool) {
	s.val, s.valEnd = j, j
	j = skipSpace(doc, j)
	if j == len(doc) {
		return 0, false
	}
	switch doc[j] {
	case '/':
		return j + 1, true
	case '=':
	default:
		return j, true
	}
	j = skipSpace(doc, j+1)
	if j == len(doc) {
		return 0, false
	}
	switch q := doc[j]; q {
	case '>':
		s.val, s.valEnd = j, j // an empty value, where one would start
		return j, true
	case '"', '\'':
		end := bytes.IndexByte(doc[j+1:], q)
		if end < 0 {
			return 0, false
		}
		s.val, s.valEnd = j+1, j+1+end
		return j + 2 + end, true
	}
	s.val = j
	for ; j < len(doc); j++ {
		if c := doc[j]; c == '>' {
			s.valEnd = j
			return j, true
		} else if isASCIISpace(c) {
			s.valEnd = j
			return j + 1, true
		}
	}
	return 0, false
}

// selfClosing is the tokenizer's test for <x/>: a '/' right before the '>'
// that is not the last character of the last attribute's unquoted value
// (<p a=/> has a value "/"). The last attribute is the last one kept: not
// nameless, nor a repeat of an earlier name.
func (p *Page) selfClosing(doc []byte, end int) bool {
	if doc[end-2] != '/' {
		return false
	}
	for i := len(p.spans) - 1; i >= 0; i-- {
		if s := p.spans[i]; s.keyEnd > s.key && !p.repeatsName(doc, i) {
			return end-2 != s.valEnd-1
		}
	}
	return true
}

func (p *Page) repeatsName(doc []byte, i int) bool {
	key := doc[p.spans[i].key:p.spans[i].keyEnd]
	for _, s := range p.spans[:i] {
		if asciiEqualFold(doc[s.key:s.keyEnd], key) {
			return true
		}
	}
	return false
}

// spanAttrs gives the attributes the gate reads of the tag at doc[lt],
// from the spans readTag noted, as TagAttr would give them: names
// lower-cased, the first of a repeated name kept; and where each value
// starts. plain is false when a value is one TagAttr would change (a
// character reference, a CR, a NUL): the caller decodes the tag through
// the tokenizer, but for the one reference URLs are full of, "&amp;"
// between query parameters.
func (p *Page) spanAttrs(doc []byte, lt int, names []string) (at attrs, plain bool) {
	plain = true
	for _, s := range p.spans {
		var buf [16]byte
		key := lowerName(doc[s.key:s.keyEnd], &buf)
		if key == nil {
			continue
		}
		i := attrIndex(key, names)
		if i < 0 || at.got&(1<<i) != 0 {
			continue // not read, or a repeat: the first counts
		}
		val := doc[s.val:s.valEnd]
		if plain && !plainValue(val) {
			if plain = onlyAmp(val); plain {
				val = bytes.ReplaceAll(val, []byte("&amp;"), []byte("&"))
			}
		}
		at.pos[i] = int32(s.val - lt)
		at.setAt(i, val)
	}
	return at, plain
}

// lowerName is an attribute name in ASCII lower case, in buf when it has
// upper-case letters; nil when it is longer than any name the gate reads.
func lowerName(k []byte, buf *[16]byte) []byte {
	if len(k) > len(buf) {
		return nil
	}
	for i, c := range k {
		if 'A' <= c && c <= 'Z' {
			n := copy(buf[:], k)
			for j := i; j < n; j++ {
				if c := buf[j]; 'A' <= c && c <= 'Z' {
					buf[j] = c + 'a' - 'A'
				}
			}
			return buf[:n]
		}
	}
	return k
}

// onlyAmp is true when each '&' of v starts "&amp;" and v has no CR or NUL:
// then TagAttr's decoding only turns each "&amp;" into "&" (a reference
// ending in ';' is decoded in an attribute as anywhere).
func onlyAmp(v []byte) bool {
	if bytes.IndexByte(v, '\r') >= 0 || bytes.IndexByte(v, 0) >= 0 {
		return false
	}
	for i, c := range v {
		if c == '&' && !bytes.HasPrefix(v[i:], []byte("&amp;")) {
			return false
		}
	}
	return true
}

func asciiEqualFold(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// rawTextElement names the elements after whose start tag the tokenizer
// reads text, not markup, up to their end tag.
func rawTextElement(a atom.Atom) string {
	switch a {
	case atom.Script, atom.Style, atom.Textarea, atom.Title, atom.Xmp, atom.Iframe, atom.Noembed, atom.Noframes, atom.Noscript, atom.Plaintext:
		return a.String()
	}
	return ""
}

// rawTextEnd is where the raw text from doc[i] ends: at "</name" (any case)
// followed by white space, '/' or '>', or at the end of the file.
func rawTextEnd(doc []byte, i int, name string) int {
	for {
		lt := bytes.IndexByte(doc[i:], '<')
		if lt < 0 {
			return len(doc)
		}
		lt += i
		after := lt + 2 + len(name)
		if after < len(doc) && doc[lt+1] == '/' && asciiEqualFold(doc[lt+2:after], []byte(name)) {
			switch doc[after] {
			case ' ', '\n', '\r', '\t', '\f', '/', '>':
				return lt
			}
		}
		i = lt + 1
	}
}

// markupDeclarationEnd is where a "<!" token ends, from doc[i] just past the
// "!": a comment, a doctype or a bogus comment.
func markupDeclarationEnd(doc []byte, i int) int {
	if i+2 > len(doc) {
		return len(doc)
	}
	if doc[i] == '-' && doc[i+1] == '-' {
		return commentEnd(doc, i+2)
	}
	return pastCloseAngle(doc, i)
}

// commentEnd follows the tokenizer's readComment from just past "<!--":
// "-->", "--!>", or a '>' right at the start ("<!-->", "<!--->").
func commentEnd(doc []byte, i int) int {
	dashes, beginning := 0, true
	for ; i < len(doc); i++ {
		switch doc[i] {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return i + 1
			}
		case '!':
			if dashes >= 2 {
				if i++; i == len(doc) || doc[i] == '>' {
					return min(i+1, len(doc))
				}
				if doc[i] == '-' {
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	return len(doc)
}

// pastCloseAngle is just past the first '>' from doc[i], or the end.
func pastCloseAngle(doc []byte, i int) int {
	if gt := bytes.IndexByte(doc[i:], '>'); gt >= 0 {
		return i + gt + 1
	}
	return len(doc)
}

func skipSpace(doc []byte, j int) int {
	for j < len(doc) && isASCIISpace(doc[j]) {
		j++
	}
	return j
}

func isLetter(c byte) bool { c |= 0x20; return 'a' <= c && c <= 'z' }

// lineCounter gives the line and column of an offset, counting newlines
// only up to the offsets asked for (they only grow): most tags hold no
// link, and their lines need not be known.
type lineCounter struct {
	doc                  []byte
	pos, line, lineStart int
}

func (l *lineCounter) at(off int) (line, col int) {
	if n := bytes.Count(l.doc[l.pos:off], []byte{'\n'}); n > 0 {
		l.line += n
		l.lineStart = l.pos + bytes.LastIndexByte(l.doc[l.pos:off], '\n') + 1
	}
	l.pos = off
	return l.line, off - l.lineStart + 1
}
