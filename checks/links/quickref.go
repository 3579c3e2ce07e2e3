package links

import (
	"path"
	"strings"
)

// quickRef resolves an href without URL parsing when every byte of it is
// one that parsing keeps as written: "/a%20b?q", "#f", "../a/b/", on a page
// whose URL is clean (see cleanPage). On a docs site that is nearly every
// link, and parsing and re-escaping cost more than the rest of its check.
// FuzzQuickRefAgreesWithParsing holds it to parseRef's answer.
func quickRef(href, pageURL string) (Ref, bool) {
	rest, frag, hasFrag := strings.Cut(href, "#")
	p, query, _ := strings.Cut(rest, "?")
	if strings.Contains(p, "//") || hasEscapedDot(p) || !kept(p, &pathBytes) || !kept(query, &pathBytes) || !kept(frag, &fragmentBytes) {
		return Ref{}, false
	}
	return Ref{Kind: Internal, Path: resolvePath(pageURL, p), Fragment: frag, HasFrag: hasFrag}, true
}

// resolvePath is the URL Standard's merge and dot-segment removal for a
// path with no empty segment and no "%2e" (which is a dot there), on a page
// URL with neither: path.Clean, keeping the trailing slash that names a
// directory.
func resolvePath(pageURL, p string) string {
	full := p
	switch {
	case p == "":
		return pageURL
	case p[0] != '/':
		full = pageURL[:strings.LastIndexByte(pageURL, '/')+1] + p
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	if last != "." && last != ".." && !strings.Contains(full, "/.") {
		return full // nothing to remove: no allocation for the common case
	}
	clean := path.Clean(full)
	if (last == "" || last == "." || last == "..") && clean != "/" {
		clean += "/"
	}
	return clean
}

// cleanPage is true for an absolute page URL of kept bytes with no escapes,
// empty or dot segments: the URL of any page whose file name needs no escaping.
func cleanPage(pageURL string) bool {
	return strings.HasPrefix(pageURL, "/") && !strings.Contains(pageURL, "%") && kept(pageURL, &pathBytes) &&
		!strings.Contains(pageURL, "//") && !strings.Contains(pageURL, "/.")
}

// pathBytes and fragmentBytes are the bytes net/url leaves as written in a
// path (less ':', which makes "a:b" a scheme) and in a fragment; '%' only
// where it starts an escape.
var pathBytes, fragmentBytes = byteSet("-_.~$&+,/;=@%"), byteSet("-_.~$&+,/:;=?@!()*%")

func byteSet(punct string) (set [256]bool) {
	for c := '0'; c <= 'z'; c++ {
		set[c] = 'a' <= c || 'A' <= c && c <= 'Z' || c <= '9'
	}
	for _, c := range []byte(punct) {
		set[c] = true
	}
	return set
}

func kept(s string, set *[256]bool) bool {
	for i := 0; i < len(s); i++ {
		if !set[s[i]] || s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			return false
		}
	}
	return true
}

// hasEscapedDot is true when p holds "%2e" in either case: a browser reads
// it as '.', path.Clean does not.
func hasEscapedDot(p string) bool {
	return strings.Contains(p, "%2e") || strings.Contains(p, "%2E")
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
