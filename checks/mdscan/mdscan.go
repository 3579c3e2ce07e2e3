// Package mdscan reads what a link check needs from a markdown file: the
// heading ids, and every link and image destination with its line and
// column. It is no renderer: it follows CommonMark only where that decides
// whether text is a link or a heading (front matter, code blocks and spans,
// comments, HTML blocks, reference definitions, escapes), so the gate needs
// no markdown library. The site renders with goldmark; a test in
// site/markdown holds both to the same ids and links on content/.
package mdscan

import (
	"bytes"
	"html"
	"regexp"
	"strings"
)

// Heading is one heading with its id: the {#id} written after it, or the
// GitHub slug of its text, made unique in the file.
type Heading struct {
	Level int
	ID    string
	Text  string
	Line  int
}

// Link is a link or image destination as the reader's link points to it
// (escapes and entities resolved); Line and Col (1-based, bytes) are where
// the link starts, at its '[' or '!'.
type Link struct {
	Dest      string
	Line, Col int
	Image     bool
}

// Doc is what one file holds for the check.
type Doc struct {
	Headings []Heading
	Links    []Link
}

// HasID reports whether a heading of the file has the id.
func (d *Doc) HasID(id string) bool {
	for _, h := range d.Headings {
		if h.ID == id {
			return true
		}
	}
	return false
}

// Parse scans one file. It never fails: text that is not a link or a
// heading is skipped, as a renderer shows it as text.
func Parse(src []byte) *Doc {
	b := scanBlocks(src)
	d := &Doc{}
	slugger := NewSlugger()
	for _, h := range b.headings {
		if h.ID != "" {
			slugger.Reserve(h.ID)
		}
	}
	for _, h := range b.headings {
		if h.ID == "" {
			h.ID = slugger.Unique(h.Text)
		}
		d.Headings = append(d.Headings, h)
	}
	d.Links = scanInlines(src, b.text, b.defs)
	return d
}

// blocks is the result of the line pass: headings, reference definitions,
// and a copy of the source with everything that holds no inline links
// (front matter, code, comments, HTML blocks, headings' markers and ids,
// definitions) blanked out, byte for byte, so offsets still locate lines.
type blocks struct {
	headings []Heading
	defs     map[string]string
	text     []byte
}

var (
	atxHeading = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$`)
	closingSeq = regexp.MustCompile(`(?:^|[ \t]+)#+$`)
	attrs      = regexp.MustCompile(`[ \t]*\{([^{}]*)\}$`)
	attrID     = regexp.MustCompile(`(?:^|\s)#([^\s}]+)`)
	setext     = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	fence      = regexp.MustCompile("^[ \t]*(`{3,}|~{3,})(.*)$")
	listItem   = regexp.MustCompile(`^[ \t]*([-+*]|\d{1,9}[.)])([ \t]|$)`)
	refDef     = regexp.MustCompile(`^ {0,3}\[((?:[^\[\]\\]|\\.)+)\]:[ \t]*(<[^<>\n]*>|\S+)(?:[ \t]+("[^"]*"|'[^']*'|\([^()]*\)))?[ \t]*$`)
	// HTML blocks of CommonMark's kind 6: they run to the next blank line
	// and the markdown in them is not parsed.
	htmlBlock = regexp.MustCompile(`(?i)^ {0,3}</?(address|article|aside|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|nav|ol|p|section|summary|table|tbody|td|tfoot|th|thead|title|tr|ul)(?:[ \t>]|/>|$)`)
	quote     = regexp.MustCompile(`^(?: {0,3}> ?)+`)
)

func scanBlocks(src []byte) blocks {
	b := blocks{defs: map[string]string{}, text: bytes.Clone(src)}
	lines := splitLines(src)
	start := frontMatterEnd(src, lines)
	for i := 0; i < start; i++ {
		b.blank(lines[i])
	}
	var (
		fenceChar  byte
		fenceLen   int
		inComment  bool
		inHTML     bool
		para       []span // the lines of the open paragraph
		plainPara  bool   // and none of them starts a list item or a table row
		defsMayRun bool   // a definition may start here (no open paragraph, or only definitions so far)
	)
	for _, ln := range lines[start:] {
		raw := string(src[ln.start:ln.end])
		if fenceLen > 0 {
			b.blank(ln)
			if m := fence.FindStringSubmatch(raw); m != nil && m[1][0] == fenceChar && len(m[1]) >= fenceLen && strings.TrimSpace(m[2]) == "" {
				fenceLen = 0
			}
			continue
		}
		inComment = b.blankComments(ln, inComment)
		text := string(b.text[ln.start:ln.end])
		body := text
		if m := quote.FindString(text); m != "" {
			body = text[len(m):]
		}
		if strings.TrimSpace(body) == "" {
			if !inComment {
				para, inHTML, defsMayRun = nil, false, true
			}
			continue
		}
		if inHTML {
			b.blank(ln)
			continue
		}
		// A list item may open with a fence or a heading: "1. ```sh".
		inner := body[len(listItem.FindString(body)):]
		if m := fence.FindStringSubmatch(inner); m != nil && !(m[1][0] == '`' && strings.Contains(m[2], "`")) {
			fenceChar, fenceLen = m[1][0], len(m[1])
			b.blank(ln)
			para = nil
			continue
		}
		if htmlBlock.MatchString(body) { // it may interrupt a paragraph
			inHTML = true
			b.blank(ln)
			continue
		}
		if m := atxHeading.FindStringSubmatch(strings.TrimLeft(inner, " \t")); m != nil {
			b.heading(len(m[1]), m[2], ln)
			para, defsMayRun = nil, true
			continue
		}
		if m := setext.FindStringSubmatch(body); m != nil && len(para) > 0 && plainPara {
			level := 1
			if m[1][0] == '-' {
				level = 2
			}
			var parts []string
			for _, p := range para {
				parts = append(parts, strings.TrimSpace(string(src[p.start:p.end])))
			}
			b.heading(level, strings.Join(parts, " "), para[0])
			para, defsMayRun = nil, true
			continue
		}
		if defsMayRun {
			if m := refDef.FindStringSubmatch(body); m != nil {
				label := normalizeLabel(m[1])
				if _, dup := b.defs[label]; !dup { // the first definition wins
					b.defs[label] = unescape(strings.TrimSuffix(strings.TrimPrefix(m[2], "<"), ">"))
				}
				b.blank(ln)
				continue
			}
		}
		if len(para) == 0 {
			plainPara = true
		}
		if listItem.MatchString(body) || strings.HasPrefix(strings.TrimSpace(body), "|") {
			plainPara = false
		}
		para, defsMayRun = append(para, ln), false
	}
	return b
}

// heading records an ATX or setext heading. Its line stays: links in a
// heading are links too.
func (b *blocks) heading(level int, text string, ln span) {
	text = closingSeq.ReplaceAllString(text, "")
	h := Heading{Level: level, Line: ln.line}
	if m := attrs.FindStringSubmatchIndex(text); m != nil {
		if id := attrID.FindStringSubmatch(text[m[2]:m[3]]); id != nil {
			h.ID = id[1]
		}
		text = text[:m[0]]
	}
	h.Text = plainText(strings.TrimSpace(text))
	b.headings = append(b.headings, h)
}

// blankComments blanks the <!-- … --> parts of a line and reports whether
// a comment is still open at its end.
func (b *blocks) blankComments(ln span, open bool) bool {
	i := ln.start
	for i < ln.end {
		if open {
			j := bytes.Index(b.text[i:ln.end], []byte("-->"))
			if j < 0 {
				b.blankRange(i, ln.end)
				return true
			}
			b.blankRange(i, i+j+3)
			i, open = i+j+3, false
			continue
		}
		j := bytes.Index(b.text[i:ln.end], []byte("<!--"))
		if j < 0 {
			return false
		}
		i, open = i+j, true
	}
	return open
}

// span is one line of the source, without its line break.
type span struct{ start, end, line int }

func splitLines(src []byte) []span {
	var out []span
	for start, n := 0, 1; start < len(src); n++ {
		end := bytes.IndexByte(src[start:], '\n')
		next := start + end + 1
		if end < 0 {
			end, next = len(src)-start, len(src)
		}
		e := start + end
		if e > start && src[e-1] == '\r' {
			e--
		}
		out = append(out, span{start, e, n})
		start = next
	}
	return out
}

// frontMatterEnd is the index of the first line after a leading --- block,
// or 0 when there is none (an unclosed --- is a thematic break).
func frontMatterEnd(src []byte, lines []span) int {
	if len(lines) == 0 || string(src[lines[0].start:lines[0].end]) != "---" {
		return 0
	}
	for i := 1; i < len(lines); i++ {
		if string(src[lines[i].start:lines[i].end]) == "---" {
			return i + 1
		}
	}
	return 0
}

func (b *blocks) blank(ln span) { b.blankRange(ln.start, ln.end) }

func (b *blocks) blankRange(from, to int) {
	for i := from; i < to; i++ {
		b.text[i] = ' '
	}
}

// normalizeLabel matches reference labels as CommonMark does: case-blind,
// with runs of white space as one space.
func normalizeLabel(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// unescape resolves backslash escapes of ASCII punctuation and HTML
// entities in a destination, as a renderer writes it.
func unescape(s string) string {
	if !strings.ContainsAny(s, `\&`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && isPunct(s[i+1]) {
			i++
		}
		b.WriteByte(s[i])
	}
	return html.UnescapeString(b.String())
}

func isPunct(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

// IsMarkdownLink reports whether dest is a relative link to a markdown
// file: the links whose target the check can find on disk.
func IsMarkdownLink(dest string) bool {
	if dest == "" || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "#") || HasScheme(dest) {
		return false
	}
	p := dest
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	return strings.HasSuffix(p, ".md")
}

// HasScheme reports whether dest starts with a URL scheme ("https:",
// "mailto:"): a letter, then letters, digits, '+', '-' or '.', then ':'.
// Not url.Parse: it rejects a '%' that starts no escape, and would skip
// "./missing-100%.md" as if it were no local link at all.
func HasScheme(dest string) bool {
	for i := 0; i < len(dest); i++ {
		c := dest[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}
