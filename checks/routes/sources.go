package routes

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
)

// Sourcer answers, for a link of a built page, the markdown place it was
// written at ("file:line", or "file:line:col"), or "" when unknown. Two
// tables answer it: routes.json, which this repository's compiler writes
// (Table), and Sources, which the gate makes itself from a project's
// markdown and its generator's layout. checks links attaches either the
// same way.
type Sourcer interface {
	Source(file, href string) string
}

// Link is a link as a markdown page writes it, where it writes it.
type Link struct {
	Href      string
	Line, Col int
}

// Sources maps the pages of a built site to the markdown files they are
// built from, for a generator that writes no route table: the preset's
// layout says which file each page is built into. It keeps no links: a
// source is read again only when a page built from it has a problem, so a
// large site's half a million links cost no memory between the markdown
// check and the links check.
type Sources struct {
	byFile map[string]string   // built file (relative to the site) → its source
	byPage map[string][]string // markdown file → the built files it may be
	links  func(source string, src []byte) []Link
}

// NewSources is an empty table; links reads a source's links (the
// markdown parser, which this package does not hold).
func NewSources(links func(source string, src []byte) []Link) *Sources {
	return &Sources{byFile: map[string]string{}, byPage: map[string][]string{}, links: links}
}

// Add records a markdown file and the built files it may be built into:
// one when the generator is known; a flat and a folder-per-page name when
// it is not, the site having at most one of them. A built file already
// claimed keeps its first source.
func (s *Sources) Add(source string, built []string) {
	for _, b := range built {
		if _, taken := s.byFile[b]; !taken {
			s.byFile[b] = source
			s.byPage[source] = append(s.byPage[source], b)
		}
	}
}

// Source is the markdown place of a link of a built page, when the page's
// source writes that href: as written, or the same once percent-decoded
// (a markdown <a b.md> is a%20b.md in HTML), at its first use. A built
// page's link that its source does not write came from the generator's
// templates (a navbar), which no markdown line holds: it gets no source.
func (s *Sources) Source(file, href string) string {
	if s == nil || href == "" {
		return ""
	}
	source, ok := s.byFile[file]
	if !ok {
		return ""
	}
	src, err := os.ReadFile(source)
	dec := decode(href)
	// Most problems of a large site are its templates' (a navbar link on
	// every page): the bytes say at once that the source holds no such
	// link, without parsing it.
	if err != nil || !bytes.Contains(src, []byte(href)) && !bytes.Contains(src, []byte(dec)) {
		return ""
	}
	links := s.links(source, src)
	for _, l := range links {
		if l.Href == href {
			return fmt.Sprintf("%s:%d:%d", source, l.Line, l.Col)
		}
	}
	for _, l := range links {
		if decode(l.Href) == dec {
			return fmt.Sprintf("%s:%d:%d", source, l.Line, l.Col)
		}
	}
	return ""
}

// Built are the built files a markdown file may be built into.
func (s *Sources) Built(source string) []string {
	if s == nil {
		return nil
	}
	return s.byPage[path.Clean(source)]
}

// decode percent-decodes an href; one that does not decode stays as written.
func decode(href string) string {
	if d, err := url.PathUnescape(href); err == nil {
		return d
	}
	return href
}
