package compile

import (
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// MarkdownTarget is what a relative link to a .md file points at.
type MarkdownTarget struct {
	Page     *Page
	Fragment string
}

// ResolveMarkdownLink finds the page a relative .md link from page `from`
// names. A link that leaves its docs version is an error too: versions are
// published as a whole, so such a link would break when either moves.
func (s *Content) ResolveMarkdownLink(from *Page, dest string) (MarkdownTarget, error) {
	p, frag, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	target := path.Clean(path.Join(path.Dir(from.Source), p))
	pg, ok := s.bySource[target]
	if !ok {
		return MarkdownTarget{}, fmt.Errorf("broken markdown link %q: %s does not exist", dest, target)
	}
	if pg.Tree.Version != nil && pg.Tree != from.Tree {
		return MarkdownTarget{}, fmt.Errorf("markdown link %q leaves docs version %s for %s; link to the route %s instead",
			dest, versionName(from.Tree), versionName(pg.Tree), pg.Route)
	}
	return MarkdownTarget{Page: pg, Fragment: frag}, nil
}

func versionName(p *Tree) string {
	if p.Version == nil {
		return p.ID
	}
	return p.Version.Name
}

// CheckLinks validates every relative .md link of every page: a missing file
// is an error, a missing heading id a warning (as Docusaurus grades them).
func (s *Content) CheckLinks() diag.List {
	var diags diag.List
	for _, pg := range s.Pages() {
		diags = append(diags, s.CheckPageLinks(pg)...)
	}
	return diags
}

// CheckPageLinks validates the relative .md links of one page.
func (s *Content) CheckPageLinks(pg *Page) diag.List {
	var diags diag.List
	for _, l := range pg.Doc.Links {
		if !mdscan.IsMarkdownLink(l.Dest) {
			continue
		}
		t, err := s.ResolveMarkdownLink(pg, l.Dest)
		if err != nil {
			diags = append(diags, diag.Diagnostic{Severity: diag.Error, Check: registry.MarkdownLink,
				File: pg.Source, Line: l.Line, Col: l.Col, Message: err.Error()})
			continue
		}
		if t.Fragment != "" && !t.Page.Doc.HasID(t.Fragment) {
			diags = append(diags, diag.Diagnostic{Severity: diag.Warning, Check: registry.MarkdownAnchor,
				File: pg.Source, Line: l.Line, Col: l.Col,
				Message: fmt.Sprintf("anchor #%s not found in %s", t.Fragment, t.Page.Source)})
		}
	}
	return diags
}

// rewriter maps the page's .md links to routes for rendering.
func (s *Content) rewriter(pg *Page) func(string) string {
	return func(dest string) string {
		if !mdscan.IsMarkdownLink(dest) {
			return dest
		}
		t, err := s.ResolveMarkdownLink(pg, dest)
		if err != nil {
			return dest // already reported by checkLinks
		}
		if t.Fragment != "" {
			return t.Page.Route + "#" + t.Fragment
		}
		return t.Page.Route
	}
}
