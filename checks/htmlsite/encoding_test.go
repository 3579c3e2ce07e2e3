package htmlsite

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// A page is read in the encoding a browser reads it in with no HTTP header
// to say: its ids are then the text a link's (UTF-8) fragment names, and a
// UTF-16 page's links are found at all. TestAnchorsAgreeWithChromium in
// checks/links holds the same documents to Chromium's answers.
func TestPagesAreDecodedAsBrowsersSniffThem(t *testing.T) {
	const body = `<!doctype html><p id="café">x</p><a href="/naïve.html">n</a>`
	utf16 := func(e encoding.Encoding, bom []byte) []byte {
		b, err := e.NewEncoder().Bytes([]byte(body))
		assert.NoError(t, err)
		return append(bom, b...)
	}
	latin1 := func(prefix string) []byte {
		b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(prefix + body))
		assert.NoError(t, err)
		return b
	}
	for name, doc := range map[string][]byte{
		"UTF-16LE with its BOM":        utf16(unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), []byte{0xff, 0xfe}),
		"UTF-16BE with its BOM":        utf16(unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), []byte{0xfe, 0xff}),
		"UTF-8 with its BOM":           append([]byte{0xef, 0xbb, 0xbf}, body...),
		"a BOM over <meta charset>":    append([]byte{0xef, 0xbb, 0xbf}, `<meta charset="windows-1252">`+body...),
		"<meta charset=windows-1252>":  latin1(`<meta charset="windows-1252">`),
		"<meta charset=ISO-8859-1>":    latin1(`<META CHARSET=ISO-8859-1>`),
		"<meta http-equiv> latin1":     latin1(`<meta http-equiv="Content-Type" content="text/html; charset=latin1">`),
		"no declaration, not UTF-8":    latin1(""),
		"no declaration, UTF-8":        []byte(body),
		"<meta charset=utf-8>":         []byte(`<meta charset=utf-8>` + body),
		"<meta charset=utf-16>, UTF-8": []byte(`<meta charset=utf-16>` + body),
		"a mention, then utf-8":        []byte(`<!-- charset="x" --><meta charset="utf-8">` + body),
	} {
		p := Extract("p.html", bytes.NewReader(doc))
		assert.True(t, p.IDs.Has("café"), "%s: ids %q", name, p.IDs.List())
		assert.Equal(t, []string{"/naïve.html"}, hrefsOnly(p), name)
	}
	// Past the first 1024 bytes a <meta charset> is not looked for: the
	// page, not UTF-8, is windows-1252 by default all the same.
	late := latin1(strings.Repeat(" ", 1100) + `<meta charset="utf-8">`)
	assert.True(t, Extract("p.html", bytes.NewReader(late)).IDs.Has("café"))
	// A <meta> names an encoding that is not windows-1252: ids decoded by it.
	koi8, _ := charmap.KOI8R.NewEncoder().Bytes([]byte(`<meta charset="koi8-r"><p id="мир">`))
	assert.Equal(t, []string{"мир"}, Extract("p.html", bytes.NewReader(koi8)).IDs.List())
}

func hrefsOnly(p *Page) (hrefs []string) {
	for _, l := range p.Links {
		hrefs = append(hrefs, l.Raw)
	}
	return hrefs
}

// A stylesheet whose byte order mark says UTF-16 is decoded as the browser
// decodes it, so its url()s are found, on their lines; without a mark it is
// read as UTF-8.
func TestStylesheetInUTF16(t *testing.T) {
	const css = "body {\n  background: url(/gone.png);\n}\n"
	for name, e := range map[string]struct {
		enc encoding.Encoding
		bom []byte
	}{
		"LE": {unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), []byte{0xff, 0xfe}},
		"BE": {unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), []byte{0xfe, 0xff}},
	} {
		b, err := e.enc.NewEncoder().Bytes([]byte(css))
		assert.NoError(t, err)
		p := &Page{}
		p.extractCSS("s.css", bytes.NewReader(append(e.bom, b...)))
		if assert.Len(t, p.Links, 1, name) {
			assert.Equal(t, "/gone.png", p.Links[0].Raw, name)
			assert.Equal(t, 2, p.Links[0].Line, name)
		}
	}
}
