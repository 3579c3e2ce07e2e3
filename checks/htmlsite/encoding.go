package htmlsite

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// prescanLen is how far the HTML Standard's prescan looks for a <meta>
// declaring the encoding.
const prescanLen = 1024

// sniff says how a browser decodes a page it gets with no charset in the
// HTTP headers (a file from disk, or a host that sends none, as nginx by
// default): a byte order mark wins (UTF-8, UTF-16LE, UTF-16BE); then a
// <meta charset> or <meta http-equiv=content-type> in the first 1024 bytes,
// found by golang.org/x/net/html/charset's prescan; else windows-1252,
// unless the page is valid UTF-8, which Chromium's encoding detector then
// recognises. nil means the page is read as it is, as UTF-8 (a UTF-16
// label in a <meta> means UTF-8 too).
//
// Almost every page says charset=utf-8, so that case is decided without
// the prescan, which runs a tokenizer over the page's start: when every
// "charset" in the first 1024 bytes is followed by utf-8, the page is
// UTF-8 whether a real <meta> says it or not. (It is wrong only for a
// page that mentions charset=utf-8 outside a <meta>, in a comment or a
// script, and is not UTF-8 itself.)
func sniff(doc []byte) encoding.Encoding {
	if e := utf16BOM(doc); e != nil {
		return e
	}
	if bytes.HasPrefix(doc, []byte{0xef, 0xbb, 0xbf}) {
		return nil
	}
	head := doc[:min(len(doc), prescanLen)]
	mentioned, onlyUTF8 := charsetMentions(head)
	if mentioned && onlyUTF8 {
		return nil
	}
	if mentioned {
		e, name, _ := charset.DetermineEncoding(head, "")
		switch {
		case name == "utf-8":
			return nil
		case name != "windows-1252" || !utf8.Valid(head) || declared(head):
			return e
		}
	}
	if utf8.Valid(doc) { // all ASCII, most often: its own loop of 8 bytes at a time
		return nil
	}
	return charmap.Windows1252
}

// utf16BOM is UTF-16LE or UTF-16BE when doc starts with its byte order
// mark, which wins over anything a page or a stylesheet says; else nil.
func utf16BOM(doc []byte) encoding.Encoding {
	if bytes.HasPrefix(doc, []byte{0xfe, 0xff}) || bytes.HasPrefix(doc, []byte{0xff, 0xfe}) {
		e, _, _ := charset.DetermineEncoding(doc, "")
		return e
	}
	return nil
}

// declared tells whether the prescan found an encoding in head, valid
// UTF-8, when DetermineEncoding answered windows-1252: that is also its
// answer when it found none and head is all ASCII. With a UTF-8 letter
// added (and a space, lest it be cut as a partial character), a head that
// declares nothing is UTF-8 to it.
func declared(head []byte) bool {
	_, name, _ := charset.DetermineEncoding(append(head[:len(head):len(head)], "é "...), "")
	return name != "utf-8"
}

// charsetMentions finds "charset" (any case) in head: whether it occurs,
// and whether each is followed by utf-8 or utf8 (any case), past white
// space, '=' and quotes.
func charsetMentions(head []byte) (mentioned, onlyUTF8 bool) {
	onlyUTF8 = true
	// The 'c's and 'C's in turn, each found by a vectorised search: not a
	// loop over every byte of every page.
	lower, upper := -1, -1
	for i := 0; i+7 <= len(head); i++ {
		if lower < i {
			if lower = bytes.IndexByte(head[i:], 'c'); lower >= 0 {
				lower += i
			} else {
				lower = len(head)
			}
		}
		if upper < i {
			if upper = bytes.IndexByte(head[i:], 'C'); upper >= 0 {
				upper += i
			} else {
				upper = len(head)
			}
		}
		if i = min(lower, upper); i+7 > len(head) {
			break
		}
		if !asciiEqualFold(head[i:i+7], []byte("charset")) {
			continue
		}
		mentioned = true
		j := i + 7
		for j < len(head) && (isASCIISpace(head[j]) || head[j] == '=' || head[j] == '"' || head[j] == '\'') {
			j++
		}
		v := head[j:min(len(head), j+5)]
		if !asciiEqualFold(v, []byte("utf-8")) && (len(v) < 4 || !asciiEqualFold(v[:4], []byte("utf8"))) {
			onlyUTF8 = false
		}
	}
	return mentioned, onlyUTF8
}

// decoded is doc in UTF-8, decoded from e, without a byte order mark; a
// sequence that does not decode is U+FFFD, as in the browser.
func decoded(doc []byte, e encoding.Encoding) []byte {
	out, err := e.NewDecoder().Bytes(doc)
	if err != nil {
		return doc // the decoders of x/text replace what they cannot read: not reached
	}
	return bytes.TrimPrefix(out, []byte("\uFEFF"))
}
