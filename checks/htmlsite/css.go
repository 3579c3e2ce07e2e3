package htmlsite

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
)

// extractCSS reads a stylesheet of the site into p: its URLs as links
// (element "css", attribute "url" or "@import"), resolved by the checker
// against the stylesheet's own URL as the browser resolves them. A URL
// that is only a fragment (url(#clip)) names an element of the page using
// the stylesheet, which a stylesheet alone cannot tell: it is skipped.
// The file is read as UTF-8 (a stylesheet's URLs are nearly always ASCII),
// unless a byte order mark says UTF-16: the browser decodes it so first.
func (p *Page) extractCSS(path string, r io.Reader) {
	p.reset(path)
	p.Stylesheet = true
	doc, _ := p.read(r) // a stylesheet past maxInMemory is read up to there
	if e := utf16BOM(doc); e != nil {
		doc = decoded(doc, e)
		p.doc = doc
	}
	lines := lineCounter{doc: doc, line: 1}
	if len(doc) == cap(doc) {
		doc = append(doc, 0)[:len(doc)] // room for the tokenizer's NUL, in p's own buffer
		p.doc = doc
	}
	cssTokens(doc, func(u string, off int) {
		if strings.HasPrefix(u, "#") {
			return
		}
		t := tagAt{raw: doc[off:], off: off}
		t.line, t.col = lines.at(off)
		add(p, u, t, 0, "css", "url")
	})
	p.done()
}

// cssURLs calls found with each URL a stylesheet (or a style attribute's
// declarations) makes the browser fetch, and the offset in css where its
// value starts: every url(), quoted or not, the string of an @import, and
// the strings of image-set(). css is read by a CSS tokenizer
// (tdewolff/parse's, after CSS Syntax Level 3), so comments, strings and
// escapes are what they are to a browser: a url( inside a comment or a
// string is none, and escapes are decoded (url(a\20 b.png) is "a b.png").
// A bad url (url(a b)) is dropped, as the browser drops it.
func cssURLs(text []byte, found func(u string, off int)) {
	// The tokenizer writes a NUL after its input while it reads: give it
	// a slice with no room after it, so it copies instead of writing into
	// the page.
	cssTokens(text[:len(text):len(text)], found)
}

// cssTokens is cssURLs of text whose capacity past its length the
// tokenizer may write into (a stylesheet in its own buffer: no copy).
func cssTokens(text []byte, found func(u string, off int)) {
	l := css.NewLexer(parse.NewInputBytes(text))
	off := 0
	importNext := false // the last token was @import, maybe with white space after
	var imageSets []int // the depths at which image-set( opened
	depth := 0
	for {
		tt, data := l.Next()
		if tt == css.ErrorToken {
			return
		}
		switch tt {
		case css.URLToken:
			if u, at, ok := urlTokenValue(data); ok {
				found(u, off+at)
			}
		case css.StringToken:
			if importNext || len(imageSets) > 0 && imageSets[len(imageSets)-1] == depth {
				found(cssUnescape(data[1:len(data)-trailingQuote(data)], true), off+1)
			}
		case css.FunctionToken:
			depth++
			name := cssUnescape(data[:len(data)-1], false)
			if asciiEqualFold([]byte(name), []byte("url")) {
				// "u\72l(": the tokenizer makes a url token only of the
				// letters u, r, l themselves; an escaped one is a url too.
				rest := text[off+len(data)-len("url("):]
				if end := bytes.IndexByte(rest, ')'); end >= 0 {
					rest = rest[:end+1]
				}
				if u, at, ok := urlTokenValue(rest); ok {
					found(u, off+len(data)-len("url(")+at)
				}
			}
			if asciiEqualFold([]byte(name), []byte("image-set")) || asciiEqualFold([]byte(name), []byte("-webkit-image-set")) {
				imageSets = append(imageSets, depth)
			}
		case css.LeftParenthesisToken:
			depth++
		case css.RightParenthesisToken:
			if len(imageSets) > 0 && imageSets[len(imageSets)-1] == depth {
				imageSets = imageSets[:len(imageSets)-1]
			}
			depth = max(0, depth-1)
		}
		switch tt {
		case css.WhitespaceToken, css.CommentToken:
		case css.AtKeywordToken:
			importNext = asciiEqualFold([]byte(cssUnescape(data, false)), []byte("@import"))
		default:
			importNext = false
		}
		off += len(data)
	}
}

// trailingQuote is 1 when the string token ends with its quote, 0 when
// the end of the stylesheet cut it.
func trailingQuote(s []byte) int {
	if len(s) >= 2 && s[len(s)-1] == s[0] && s[len(s)-2] != '\\' {
		return 1
	}
	return 0
}

// urlTokenValue is the URL of a url() token ("url( 'a.png' )", "URL(a.png)",
// "u\72l(a.png)") and where it starts in the token.
func urlTokenValue(tok []byte) (u string, at int, ok bool) {
	open := bytes.IndexByte(tok, '(')
	if open < 0 {
		return "", 0, false
	}
	i, end := open+1, len(tok)
	if tok[end-1] == ')' {
		end--
	}
	for i < end && isCSSSpace(tok[i]) {
		i++
	}
	for end > i && isCSSSpace(tok[end-1]) && (end < 2 || tok[end-2] != '\\') {
		end--
	}
	if i < end && (tok[i] == '"' || tok[i] == '\'') {
		s := tok[i:end]
		return cssUnescape(s[1:len(s)-trailingQuote(s)], true), i + 1, true
	}
	return cssUnescape(tok[i:end], false), i, true
}

func isCSSSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// cssUnescape decodes CSS escapes: a backslash and up to six hex digits
// (and one white space after them) is that code point, U+FFFD for 0, a
// surrogate or one past U+10FFFF; a backslash and any other character is
// that character; in a string, a backslash before a newline is nothing.
func cssUnescape(s []byte, inString bool) string {
	if bytes.IndexByte(s, '\\') < 0 {
		return string(s)
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b = append(b, s[i])
			continue
		}
		i++
		if i == len(s) {
			if !inString {
				b = utf8.AppendRune(b, utf8.RuneError)
			}
			break
		}
		if isHexDigit(s[i]) {
			j := i
			for j < len(s) && j-i < 6 && isHexDigit(s[j]) {
				j++
			}
			n, _ := strconv.ParseUint(string(s[i:j]), 16, 32)
			r := rune(n)
			if n == 0 || n > utf8.MaxRune || 0xd800 <= n && n <= 0xdfff {
				r = utf8.RuneError
			}
			b = utf8.AppendRune(b, r)
			if j < len(s) && isCSSSpace(s[j]) {
				if s[j] == '\r' && j+1 < len(s) && s[j+1] == '\n' {
					j++
				}
				j++
			}
			i = j - 1
			continue
		}
		if inString && (s[i] == '\n' || s[i] == '\f' || s[i] == '\r') {
			if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			continue
		}
		_, n := utf8.DecodeRune(s[i:])
		b = append(b, s[i:i+n]...)
		i += n - 1
	}
	return string(b)
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}
