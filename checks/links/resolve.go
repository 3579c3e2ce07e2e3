// Package links decides, for every link of a built site, whether a static
// host would answer it and whether the anchor it names exists.
package links

import (
	"net/url"
	"path"
	"strings"
)

// Kind says what a link is, before any file is looked up.
type Kind int

const (
	Internal Kind = iota // a path on this site
	External             // another origin (checked only on request)
	Ignored              // mailto:, tel:, javascript:, data: …: not a file
)

// Ref is a link resolved against its page: an absolute URL path on this site.
type Ref struct {
	Kind     Kind
	Path     string // absolute URL path, still percent-encoded: "/api/zkvm%20x"
	Fragment string // raw fragment, without '#'
	HasFrag  bool
	URL      string // for external links: the absolute URL
}

var ignoredSchemes = map[string]bool{"mailto": true, "tel": true, "javascript": true, "data": true, "blob": true, "about": true, "sms": true}

// PageURL is the URL path a static host serves a file at: a/index.html at
// /a/ (hosts redirect /a there), a.html and other files at their own path.
func PageURL(file string) string {
	if file == "index.html" {
		return "/"
	}
	if strings.HasSuffix(file, "/index.html") {
		return "/" + strings.TrimSuffix(file, "index.html")
	}
	return "/" + file
}

// Resolve turns an href on the page served at pageURL (with an optional
// <base href>) into a Ref. siteURL, when set, makes absolute links to the
// site's own origin internal.
func Resolve(raw, pageURL, base, siteURL string) Ref {
	return NewResolver(pageURL, base, siteURL).Resolve(raw)
}

// A Resolver resolves the hrefs of one page; what they share is worked out
// once, not for each link.
type Resolver struct {
	pageURL, base, siteURL string
	quick                  bool // quickRef may resolve against the page URL
}

// NewResolver is Resolve's context for the page served at pageURL.
func NewResolver(pageURL, base, siteURL string) Resolver {
	return Resolver{pageURL, base, siteURL, base == "" && cleanPage(pageURL)}
}

// Resolve is Resolve(raw, pageURL, base, siteURL).
func (r Resolver) Resolve(raw string) Ref {
	href := strings.TrimSpace(raw)
	if r.base == "" {
		if ref, ok := plainRef(href); ok {
			return ref
		}
	}
	if r.quick {
		if ref, ok := quickRef(href, r.pageURL); ok {
			return ref
		}
	}
	return parseRef(href, r.pageURL, r.base, r.siteURL)
}

// parseRef resolves any href the way net/url does.
func parseRef(href, pageURL, base, siteURL string) Ref {
	u, err := url.Parse(href)
	if err != nil {
		// Unparseable (a stray '%', a space in the host): a browser would still
		// try the path, so judge it as a path.
		if strings.HasPrefix(href, "/") {
			return Ref{Kind: Internal, Path: href}
		}
		return Ref{Kind: Internal, Path: path.Join(path.Dir(pageURL+"x"), href)}
	}
	if u.Scheme != "" && ignoredSchemes[strings.ToLower(u.Scheme)] {
		return Ref{Kind: Ignored}
	}
	// The page URL comes from a file name, which may hold '%' or other bytes
	// that do not parse as a URL: use it as a path, never parse it.
	ctx := &url.URL{Path: pageURL}
	if base != "" {
		if b, err := url.Parse(strings.TrimSpace(base)); err == nil {
			ctx = ctx.ResolveReference(b)
		}
	}
	abs := ctx.ResolveReference(u)
	if abs.Host != "" || (abs.Scheme != "" && abs.Scheme != "http" && abs.Scheme != "https") {
		if own, ok := ownPath(abs, siteURL); ok {
			abs = own
		} else {
			return Ref{Kind: External, URL: abs.String()}
		}
	}
	p := abs.EscapedPath()
	if p == "" {
		p = "/"
	}
	return Ref{Kind: Internal, Path: p, Fragment: abs.EscapedFragment(), HasFrag: abs.Fragment != "" || strings.HasSuffix(href, "#")}
}

// plainRef resolves "/a/b?q#f" with nothing that parsing would change: no
// escapes, backslashes, spaces or dot segments. Most links of a built site
// look like this, and they skip URL parsing entirely, in one pass over the
// href: this runs for nearly every link.
func plainRef(href string) (Ref, bool) {
	if len(href) == 0 || href[0] != '/' || strings.HasPrefix(href, "//") {
		return Ref{}, false
	}
	end, frag := len(href), len(href) // end of the path; start of the fragment's '#'
	for i := 1; i < len(href); i++ {
		switch href[i] {
		case '%', '\\', ' ', '\t', '\n':
			return Ref{}, false
		case '.':
			if href[i-1] == '/' && i < frag {
				return Ref{}, false
			}
		case '?':
			end = min(end, i)
		case '#':
			if i < frag {
				end, frag = min(end, i), i
			}
		}
	}
	ref := Ref{Kind: Internal, Path: href[:end], HasFrag: frag < len(href)}
	if ref.HasFrag {
		ref.Fragment = href[frag+1:]
	}
	return ref, true
}

// ownPath maps https://our.site/x to /x when the link points at our own
// site. A path in the site URL is the base path, removed by StripBase.
func ownPath(abs *url.URL, siteURL string) (*url.URL, bool) {
	if siteURL == "" {
		return nil, false
	}
	s, err := url.Parse(siteURL)
	if err != nil || !strings.EqualFold(s.Host, abs.Host) {
		return nil, false
	}
	p := abs.Path
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return &url.URL{Path: p, RawPath: abs.RawPath, RawQuery: abs.RawQuery, Fragment: abs.Fragment}, true
}

// NormalizeBase turns "sub", "/sub" or "/sub/" into "/sub/"; "" and "/" mean
// the site is served at the root.
func NormalizeBase(base string) string {
	base = strings.Trim(base, "/")
	if base == "" {
		return ""
	}
	return "/" + base + "/"
}

// StripBase maps a URL path on the host to a path in the site when the site
// is served under base (a GitHub Pages project site, a Docusaurus baseUrl).
// A path outside base is not part of the site at all.
func StripBase(p, base string) (string, bool) {
	if base == "" {
		return p, true
	}
	if p+"/" == base {
		return "/", true
	}
	if rest, ok := strings.CutPrefix(p, base); ok {
		return "/" + rest, true
	}
	return p, false
}

// Forms returns the spellings to try for an escaped path or fragment: as
// written and percent-decoded. Hosts differ in which they match, and
// authors write both, so either answering makes the link good.
func Forms(escaped string) []string {
	forms := []string{escaped}
	if dec, err := url.PathUnescape(escaped); err == nil && dec != escaped {
		forms = append(forms, dec)
	}
	return forms
}

// Host describes how the static host maps URL paths to files.
type Host struct {
	// CleanURLs: /p is answered by p.html when there is no p/index.html.
	CleanURLs bool
}

// Candidates lists the files, relative to the root, that may answer urlPath.
func (h Host) Candidates(urlPath string) []string {
	var out []string
	for _, p := range Forms(urlPath) {
		out = h.candidates(p, out)
	}
	return out
}

// candidates appends the files that may answer one spelling of a path.
func (h Host) candidates(p string, out []string) []string {
	dir := strings.HasSuffix(p, "/")
	clean := strings.TrimPrefix(path.Clean("/"+p), "/")
	if clean == "" {
		return append(out, "index.html")
	}
	if !dir {
		out = append(out, clean)
	}
	out = append(out, clean+"/index.html")
	if h.CleanURLs && !dir {
		out = append(out, clean+".html")
	}
	return out
}
