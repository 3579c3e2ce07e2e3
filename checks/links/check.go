package links

import (
	"fmt"

	"devdocs/checks/diag"
	"devdocs/checks/site"
)

// Check ids, stable so users can set their severity.
const (
	BrokenLink   = "broken-link"
	BrokenAnchor = "broken-anchor"
)

// NavbarHintPages is how many pages must share a broken target before the
// report suggests it comes from the navbar or footer.
const NavbarHintPages = 5

// Options control resolution.
type Options struct {
	Host    Host
	SiteURL string
	// Ignore reports true for hrefs the user asked not to check.
	Ignore func(href string) bool
}

// Check finds every broken link and anchor of the site. Severity is left at
// Error for both; the caller applies the configured levels.
func Check(s *site.Site, opts Options) diag.List {
	var out diag.List
	for _, p := range s.SortedPages() {
		out = append(out, checkPage(s, p, opts)...)
	}
	addNavbarHints(out)
	return out
}

func checkPage(s *site.Site, p *site.Page, opts Options) diag.List {
	var out diag.List
	pageURL := PageURL(p.Path)
	for _, l := range p.Links {
		if opts.Ignore != nil && opts.Ignore(l.Raw) {
			continue
		}
		ref := Resolve(l.Raw, pageURL, p.Base, opts.SiteURL)
		if ref.Kind != Internal {
			continue
		}
		if d, bad := checkRef(s, p, l, ref, opts.Host); bad {
			out = append(out, d)
		}
	}
	return out
}

func checkRef(s *site.Site, p *site.Page, l site.Link, ref Ref, host Host) (diag.Diagnostic, bool) {
	d := diag.Diagnostic{Severity: diag.Error, File: p.Path, Line: l.Line, Href: l.Raw}
	file, ok := lookup(s, host, ref.Path)
	if !ok {
		d.Check, d.Target = BrokenLink, ref.Path
		d.Message = fmt.Sprintf("broken link %q: no file answers %s", l.Raw, ref.Path)
		return d, true
	}
	if !ref.HasFrag || ref.Fragment == "" || ref.Fragment == "top" {
		return d, false
	}
	target := s.Pages[file]
	if target == nil || hasID(target, ref.Fragment) {
		return d, false // not an HTML page (a PDF #page=2), or the anchor exists
	}
	d.Check, d.Target = BrokenAnchor, "/"+file+"#"+ref.Fragment
	d.Message = fmt.Sprintf("broken anchor %q: %s has no element with id %q", l.Raw, file, ref.Fragment)
	return d, true
}

func lookup(s *site.Site, host Host, urlPath string) (string, bool) {
	for _, c := range host.Candidates(urlPath) {
		if _, ok := s.Files[c]; ok {
			return c, true
		}
	}
	return "", false
}

func hasID(p *site.Page, frag string) bool {
	for _, f := range Forms(frag) {
		if _, ok := p.IDs[f]; ok {
			return true
		}
	}
	return false
}

// addNavbarHints notes targets broken on many pages: one fix in a shared
// component clears them all.
func addNavbarHints(list diag.List) {
	pages := map[string]map[string]bool{}
	for _, d := range list {
		if pages[d.Target] == nil {
			pages[d.Target] = map[string]bool{}
		}
		pages[d.Target][d.File] = true
	}
	for i, d := range list {
		if n := len(pages[d.Target]); n >= NavbarHintPages {
			list[i].Notes = append(list[i].Notes, fmt.Sprintf("%s is broken on %d pages: probably in the navbar or footer", d.Target, n))
		}
	}
}
