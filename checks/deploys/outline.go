package deploys

import (
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// outline is what the comparison needs of a page beyond its ids and links
// (htmlsite keeps neither): its title, its first h1, its headings in
// order, and the heading each id stands at.
type outline struct {
	title, h1 string
	headings  []heading
	// at is, for each id of the page, the index in headings of the heading
	// it stands at; -1 for an id before any heading and any text.
	at map[string]int
}

// heading is one h1…h6: its id (its own, or that of an element inside
// it), its text as a reader sees it, and where its start tag is (its byte
// offset; line and col are set by the caller that holds the document).
type heading struct {
	id, text  string
	off       int
	line, col int
}

// readOutline reads a page for its outline, up to the end of the first
// element upTo when it is set (atom.Title, atom.H1: the words suggestions
// compare, asked of every page, whose reading then stops there). An id
// stands at the heading it is on or inside; else at the next heading when
// one comes before any text (a section's id, as Sphinx writes it: <section
// id><h2>), else at the heading before it.
func readOutline(r io.Reader, upTo atom.Atom) outline {
	o := outline{at: map[string]int{}}
	z := html.NewTokenizer(r)
	var (
		off     int // byte offset of the token being read
		inTitle bool
		titled  bool     // the first <title> has ended: the page's title, as document.title takes it
		level   int      // depth inside the open heading; 0: none
		text    []string // of the open heading
		pending []string // ids waiting for a heading or text
	)
	settle := func(at int) {
		for _, id := range pending {
			o.at[id] = at
		}
		pending = pending[:0]
	}
	for {
		tt := z.Next()
		raw := len(z.Raw())
		if tt == html.ErrorToken { // the end, or a read that failed: the outline so far
			break
		}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			id := tagID(z, hasAttr, a == atom.A)
			switch {
			case a == atom.Title:
				inTitle = tt == html.StartTagToken && !titled
			case isHeading(a) && level == 0:
				o.headings = append(o.headings, heading{id: id, off: off})
				level, text = 1, text[:0]
				settle(len(o.headings) - 1)
			case level > 0 && tt == html.StartTagToken && !voidElement(a):
				level++
			}
			if id == "" {
				break
			}
			if level > 0 {
				h := &o.headings[len(o.headings)-1]
				if h.id == "" {
					h.id = id
				}
				o.at[id] = len(o.headings) - 1
			} else {
				pending = append(pending, id)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch {
			case a == atom.Title:
				titled, inTitle = titled || inTitle, false
				if upTo == atom.Title {
					return o
				}
			case level == 1 && isHeading(a):
				h := &o.headings[len(o.headings)-1]
				h.text = cleanText(strings.Join(text, " "))
				if o.h1 == "" && a == atom.H1 {
					o.h1 = h.text
					if upTo == atom.H1 {
						return o
					}
				}
				level = 0
			case level > 1:
				level--
			}
		case html.TextToken:
			t := string(z.Text())
			switch {
			case inTitle:
				o.title = cleanText(o.title + " " + t)
			case level > 0:
				text = append(text, t)
			case strings.TrimSpace(t) != "":
				settle(len(o.headings) - 1)
			}
		}
		off += raw
	}
	settle(len(o.headings) - 1)
	return o
}

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// tagID is the id of the tag just read, else the name of an <a> (both
// are anchors, as htmlsite reads them).
func tagID(z *html.Tokenizer, more, isA bool) string {
	id, name := "", ""
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch {
		case string(k) == "id":
			id = string(v)
		case string(k) == "name" && isA:
			name = string(v)
		}
	}
	if id == "" {
		return name
	}
	return id
}

// cleanText is a heading's text as a reader reads it: spaces collapsed,
// without the permalink sign generators append (¶, #) or the zero-width
// space Docusaurus puts in its hash link.
func cleanText(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\u200b", "")), " ")
	for _, sign := range []string{"¶", "#", "🔗"} {
		s = strings.TrimSpace(strings.TrimSuffix(s, sign))
	}
	return s
}
