// Package links decides, for every link of a built site, whether a static
// host would answer it and whether the anchor it names exists.
package links

import (
	"net/url"
	"strings"
)

// Kind says what a link is, before any file is looked up.
type Kind int

const (
	Internal Kind = iota // a path on this site
	External             // another origin (checked only on request)
	Ignored              // mailto:, tel:, javascript:, data: …: not a file
	Invalid              // a URL no browser can open ("https://a<b/", "http://256.1.1.1/"): broken
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

// Resolve turns an href on the page served at pageURL (with an optional
// <base href>) into a Ref, as a browser resolves it (see whatwg.go).
// siteURL, when set, makes absolute links to the site's own origin internal.
func Resolve(raw, pageURL, base, siteURL string) Ref {
	return NewResolver(pageURL, base, siteURL).Resolve(raw)
}

// A Resolver resolves the hrefs of one page; what they share is worked out
// once, not for each link.
type Resolver struct {
	pageURL string
	site    location // the scheme and host of siteURL; zero when unset
	base    location // what relative hrefs resolve against: the page, or its <base href>
	hasBase bool
	quick   bool // quickRef may resolve against the page URL
}

// NewResolver is Resolve's context for the page served at pageURL.
func NewResolver(pageURL, base, siteURL string) Resolver {
	r := Resolver{pageURL: pageURL}
	if s, err := url.Parse(siteURL); err == nil && siteURL != "" {
		scheme := strings.ToLower(s.Scheme)
		if host, ok := hostOf(scheme, s.Host); ok {
			r.site = location{scheme: scheme, host: host}
		}
	}
	// The page URL comes from a file name: a path, never parsed (it may
	// hold '%', '#' or '?'), only escaped as a browser would request it.
	r.base = location{scheme: r.site.scheme, path: escape(pageURL, &pathEscapes)}
	if b := stripURL(base); b != "" {
		// A <base href> that is no special URL (javascript:, data:, foo:)
		// cannot be a base for paths: hrefs resolve against the page.
		b, _, _ = strings.Cut(b, "#")
		if t := resolveIn(b, r.base); !t.ignored && !t.opaque && !t.invalid {
			r.base, r.hasBase = r.own(t.loc), true
		}
	}
	r.quick = !r.hasBase && cleanPage(pageURL)
	return r
}

// own maps a location on the site's own origin (https://our.site/x) to
// this site; the base path in the site URL is removed later (StripBase).
func (r Resolver) own(l location) location {
	if l.host != "" && l.host == r.site.host && (l.scheme == "http" || l.scheme == "https") {
		l.host = ""
	}
	return l
}

// Resolve is Resolve(raw, pageURL, base, siteURL).
func (r Resolver) Resolve(raw string) Ref {
	href := stripURL(raw)
	if !r.hasBase {
		if ref, ok := plainRef(href); ok {
			return ref
		}
	}
	if r.quick {
		if ref, ok := quickRef(href, r.pageURL); ok {
			return ref
		}
	}
	return r.parse(href)
}

// parseRef resolves any href by the URL Standard's rules.
func parseRef(href, pageURL, base, siteURL string) Ref {
	return NewResolver(pageURL, base, siteURL).parse(stripURL(href))
}

// parse resolves a stripped href. The fragment is everything after the
// first '#', whatever comes before it, and is kept as written but for the
// bytes a browser escapes: the anchor lookup decodes it (see hasID).
func (r Resolver) parse(href string) Ref {
	rest, frag, hasFrag := strings.Cut(href, "#")
	t := resolveIn(rest, r.base)
	switch {
	case t.ignored:
		return Ref{Kind: Ignored}
	case t.opaque:
		return Ref{Kind: External, URL: href}
	case t.invalid:
		return Ref{Kind: Invalid, URL: href}
	}
	l := r.own(t.loc)
	frag = escape(frag, &fragmentEscapes)
	if l.host != "" || l.scheme != "" && l.scheme != "http" && l.scheme != "https" {
		u := l.scheme + "://" + l.user + l.host + l.path
		if l.scheme == "" {
			u = "//" + l.user + l.host + l.path // scheme-relative on a site of unknown scheme
		}
		if _, q, ok := strings.Cut(rest, "?"); ok {
			u += "?" + q
		}
		if hasFrag {
			u += "#" + frag
		}
		return Ref{Kind: External, URL: u}
	}
	return Ref{Kind: Internal, Path: l.path, Fragment: frag, HasFrag: hasFrag}
}

// plainStop holds the bytes that keep an href off plainRef's path: those a
// browser escapes or strips, '%' and '\'.
var plainStop = func() (set [256]bool) {
	set = pathEscapes
	set['%'], set['\\'], set['#'], set['?'] = true, true, false, false
	return set
}()

// plainRef resolves "/a/b?q#f" with nothing that parsing would change: no
// escapes, backslashes, spaces, bytes to escape or dot segments. Most links
// of a built site look like this, and they skip URL parsing entirely, in
// one pass over the href: this runs for nearly every link.
func plainRef(href string) (Ref, bool) {
	if len(href) == 0 || href[0] != '/' || strings.HasPrefix(href, "//") {
		return Ref{}, false
	}
	end, frag := len(href), len(href) // end of the path; start of the fragment's '#'
	for i := 1; i < len(href); i++ {
		switch c := href[i]; {
		case plainStop[c]:
			return Ref{}, false
		case c == '.':
			if href[i-1] == '/' && i < frag {
				return Ref{}, false
			}
		case c == '?':
			end = min(end, i)
		case c == '#':
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
// A path outside base is not part of the site at all. p is a resolved URL's
// path, percent-encoded as the browser encodes it; base is as the user wrote
// it ("/dök/"), so it is encoded the same way before they are compared.
func StripBase(p, base string) (string, bool) {
	if base == "" {
		return p, true
	}
	base = escape(base, &pathEscapes)
	if p+"/" == base {
		return "/", true
	}
	if rest, ok := strings.CutPrefix(p, base); ok {
		return "/" + rest, true
	}
	return p, false
}
