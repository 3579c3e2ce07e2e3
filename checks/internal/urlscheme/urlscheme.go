// Package urlscheme reads the scheme a URL starts with, by the URL
// Standard's scheme state: both the markdown check (is a link another
// site's?) and the links check (how does a browser resolve it?) ask, and
// must agree on what a scheme is.
package urlscheme

import "strings"

// Split returns the scheme s starts with, lower-cased, and what follows
// its colon: an ASCII letter, then letters, digits, '+', '-' or '.', then
// ':'. ok is false, and rest is s, when s starts with no scheme. Not
// url.Parse: it rejects a '%' that starts no escape, which would hide
// "./missing-100%.md" as no local link at all.
func Split(s string) (scheme, rest string, ok bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(s[:i]), s[i+1:], true
		default:
			return "", s, false
		}
	}
	return "", s, false
}
