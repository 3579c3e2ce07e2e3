package routes

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/serve"
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

// Link is a link as a markdown page writes it, where it writes it. URL,
// when set, says where the generator makes it lead: the URL path (without
// the base) and fragment of the page, or "" when unknown. So a link the
// build rewrote ("setup.md#a" into "../setup/#a") is still found; it is
// asked only then.
type Link struct {
	Href      string
	Line, Col int
	URL       func() string
	// Rewritten: the generator never writes Href into the page as it is
	// (a markdown image it bundles into /_astro/…), so a built href equal
	// to it is first taken to be another link's (a raw <img> of the same
	// file, which it leaves alone).
	Rewritten bool
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
	base   string // the path the site is served under ("/proj/"), or ""
}

// NewSources is an empty table; links reads a source's links (the
// markdown parser, which this package does not hold); base is the path
// the site is served under.
func NewSources(links func(source string, src []byte) []Link, base string) *Sources {
	return &Sources{byFile: map[string]string{}, byPage: map[string][]string{}, links: links, base: strings.TrimSuffix(base, "/")}
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
// (a markdown <a b.md> is a%20b.md in HTML), at its first use by a link
// the generator writes as it is, else at its first use. A built
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
	src, err := textfile.Read(source, textfile.MaxSource)
	dec := decode(href)
	exact := s.resolve(file, href)
	to := s.leadsTo(file, href)
	// Most problems of a large site are its templates' (a navbar link on
	// every page): the bytes say at once that the source holds no such
	// link, without parsing it. A link the build rewrote still names its
	// fragment, or its page's last segment ("setup" of setup.md) when the
	// build rewrote the fragment too (VuePress's #1-0 is #_1-0).
	if err != nil || !bytes.Contains(src, []byte(href)) && !bytes.Contains(src, []byte(dec)) && (to == "" || !namesAny(src, lastNames(to))) {
		return ""
	}
	links := s.links(source, src)
	for _, same := range []func(l Link) bool{
		func(l Link) bool { return l.Href == href && !l.Rewritten },
		func(l Link) bool { return l.Href == href },
		func(l Link) bool { return decode(l.Href) == dec && !l.Rewritten },
		func(l Link) bool { return decode(l.Href) == dec },
	} {
		for _, l := range links {
			if same(l) {
				return fmt.Sprintf("%s:%d:%d", source, l.Line, l.Col)
			}
		}
	}
	if to == "" {
		return ""
	}
	// The link whose URL is the built href's, else one that wrote it as
	// it is but for the base (a link written with the base, which the
	// generator gave it twice, has the URL: VuePress's /proj/a.md is
	// /proj/proj/a.html), else one to the same page by another of its
	// names: a page may link one page twice, once by a name the host
	// serves and once by one it does not (Rspress writes ./guide/ as
	// /guide.html, ./guide/index.md as /guide/index.html).
	urls := make([]*string, len(links)) // each asked once, when needed
	urlOf := func(i int) string {
		if urls[i] == nil {
			u := ""
			if links[i].URL != nil {
				u = links[i].URL()
			}
			urls[i] = &u
		}
		return *urls[i]
	}
	under := s.under(file, source)
	for _, same := range []func(i int) bool{
		func(i int) bool { u := urlOf(i); return u != "" && decode(u) == decode(exact) },
		func(i int) bool { h := links[i].Href; return strings.HasPrefix(h, "/") && decode(h) == decode(exact) },
		func(i int) bool {
			h := links[i].Href
			return under != "" && strings.HasPrefix(h, "/") && decode(under+h) == decode(exact)
		},
		func(i int) bool { u := urlOf(i); return u != "" && samePage(u) == to },
	} {
		for i, l := range links {
			if same(i) {
				return fmt.Sprintf("%s:%d:%d", source, l.Line, l.Col)
			}
		}
	}
	return ""
}

// under is the folder a built file of source is under, as another built
// file of it is not ("/fr" of fr/docs/a/index.html beside
// docs/a/index.html): a page built once a locale, each copy under its
// locale's folder, whose root-absolute links each locale's build gives
// that folder too (Docusaurus's baseUrl of the locale). "" for none.
func (s *Sources) under(file, source string) string {
	for _, other := range s.byPage[source] {
		if prefix, ok := strings.CutSuffix(file, "/"+other); ok && other != file && !strings.Contains(prefix, "/") {
			return "/" + prefix
		}
	}
	return ""
}

// leadsTo is where a link of a built file leads, as samePage writes it:
// resolved against the page (a folder's index.html is the folder), the
// base taken off.
func (s *Sources) leadsTo(file, href string) string {
	if p := s.resolve(file, href); p != "" {
		return samePage(p)
	}
	return ""
}

// resolve is the URL path and fragment a link of a built file leads to,
// resolved against the page, the base taken off; "" for another site's.
func (s *Sources) resolve(file, href string) string {
	ref, err := url.Parse(href)
	if err != nil || ref.Scheme != "" || ref.Host != "" {
		return ""
	}
	page := &url.URL{Path: "/" + file}
	u := page.ResolveReference(ref)
	p := u.Path
	if strings.HasPrefix(href, "/") && s.base != "" {
		rest, ok := strings.CutPrefix(p, s.base)
		if !ok || rest != "" && rest[0] != '/' {
			return ""
		}
		p = "/" + strings.TrimPrefix(rest, "/")
	}
	if u.Fragment != "" {
		p += "#" + u.Fragment
	}
	return p
}

// lastNames are the fragment of a samePage string, if any, and its last
// segment.
func lastNames(to string) []string {
	p, frag, ok := strings.Cut(to, "#")
	if ok {
		return []string{frag, path.Base("/" + p)}
	}
	return []string{path.Base("/" + p)}
}

// namesAny reports whether src holds any of names.
func namesAny(src []byte, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return bytes.Contains(src, []byte(n)) })
}

// samePage writes a URL path and fragment so that the names a host serves
// one page at compare equal: /a/, /a, /a/index.html and /a.html.
func samePage(p string) string {
	p, frag, _ := strings.Cut(p, "#")
	p = serve.URLRoute(decode(p))
	if frag != "" {
		return p + "#" + decode(frag)
	}
	return p
}

// decode percent-decodes an href; one that does not decode stays as written.
func decode(href string) string {
	if d, err := url.PathUnescape(href); err == nil {
		return d
	}
	return href
}

// Built are the built files a markdown file may be built into.
func (s *Sources) Built(source string) []string {
	if s == nil {
		return nil
	}
	return s.byPage[path.Clean(source)]
}
