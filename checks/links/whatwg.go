package links

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
)

// Browsers parse hrefs with the WHATWG URL Standard, not RFC 3986, and the
// two disagree on hrefs that real pages hold. net/url follows RFC 3986: it
// rejects "100%.png" or "#%_sec_6.2" (a '%' that starts no escape), keeps
// "\" and "%2e" as written, does not strip the tabs and newlines an
// attribute may wrap, and re-escapes a whole path with its own set when one
// byte is outside it. So the path and the fragment are worked out here, by
// the Standard's rules for a special (http, https) URL, and net/url only
// reads the authority of a link to another site.

// stripURL is the URL parser's first two steps: leading and trailing C0
// controls and spaces go, then every tab, LF and CR ("/a\n/b" is "/a/b").
// Only these bytes: strings.TrimSpace would also drop U+00A0 and other
// Unicode spaces, which a browser keeps (percent-encoded).
func stripURL(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	s = s[i:j]
	for k := 0; k < len(s); k++ {
		if c := s[k]; c == '\t' || c == '\n' || c == '\r' {
			return tabsAndNewlines.Replace(s)
		}
	}
	return s
}

// A Replacer, not strings.Map: Map would turn bytes that are not UTF-8 into U+FFFD.
var tabsAndNewlines = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// splitScheme reads the scheme state: an ASCII letter, then letters,
// digits, '+', '-' or '.', then ':'. The scheme is returned lower-cased.
func splitScheme(s string) (scheme, rest string, ok bool) {
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

// special schemes are the ones whose URLs have a host and a path of
// segments; in them a backslash is a slash.
var special = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "file": true}

// location is an absolute special URL without its query and fragment.
type location struct {
	scheme string // "" when unknown: a page of this site without --site-url
	user   string // "user:password@", kept in the URL of a link to another site
	host   string // lower-cased, without a default port; "" for this site
	path   string // absolute, serialized as a browser does (see normPath)
}

// target is what an href (stripped, fragment cut) points at: a location,
// a URL that is no file of any site (opaque), or nothing to check.
type target struct {
	loc     location
	opaque  bool // a scheme that is not special, or a host that does not parse
	ignored bool // mailto:, javascript: …
}

// resolveIn resolves rest (an href without its fragment) against base, as
// the URL parser does for a special base URL.
func resolveIn(rest string, base location) target {
	if scheme, after, ok := splitScheme(rest); ok {
		if ignoredSchemes[scheme] {
			return target{ignored: true}
		}
		if !special[scheme] || scheme == "file" {
			return target{opaque: true} // no file of a web site; "file:" hosts have rules of their own
		}
		after = slashes(after)
		if scheme != base.scheme || strings.HasPrefix(after, "//") {
			// "special authority ignore slashes": http:x, http:/x and http:///x all name host x.
			return authority(scheme, strings.TrimLeft(after, "/"))
		}
		rest = after // "http:a/b" or "http:/a" on an http page is a relative reference
	} else {
		rest = slashes(rest)
	}
	if strings.HasPrefix(rest, "//") {
		return authority(base.scheme, strings.TrimLeft(rest, "/"))
	}
	p, _, _ := strings.Cut(rest, "?")
	switch {
	case strings.HasPrefix(p, "/"):
	case p == "":
		p = base.path
	default:
		p = base.path[:strings.LastIndexByte(base.path, '/')+1] + p
	}
	return target{loc: location{base.scheme, base.user, base.host, normPath(p)}}
}

// slashes turns backslashes into slashes before the query, as a special
// URL's parser reads them ("\\host\x" is "//host/x").
func slashes(s string) string {
	end := strings.IndexByte(s, '?')
	if end < 0 {
		end = len(s)
	}
	if strings.IndexByte(s[:end], '\\') < 0 {
		return s
	}
	return strings.ReplaceAll(s[:end], `\`, "/") + s[end:]
}

// authority reads "host:port/path?query" after "scheme://".
func authority(scheme, s string) target {
	end := strings.IndexAny(s, "/?")
	if end < 0 {
		end = len(s)
	}
	auth := s[:end]
	user := ""
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		user, auth = auth[:i+1], auth[i+1:]
	}
	host, ok := hostOf(scheme, auth)
	if !ok {
		return target{opaque: true}
	}
	p, _, _ := strings.Cut(s[end:], "?")
	if p == "" {
		p = "/"
	}
	return target{loc: location{scheme, user, host, normPath(p)}}
}

// hostOf is the host and port of an authority, lower-cased, without
// userinfo or the scheme's default port; ok is false when there is no host
// or it does not parse (a browser fails such a URL).
func hostOf(scheme, auth string) (string, bool) {
	u, err := url.Parse("//" + auth)
	if err != nil || u.Host == "" {
		return "", false
	}
	host := strings.ToLower(u.Host)
	if p := u.Port(); p != "" && p == defaultPort[scheme] {
		host = strings.TrimSuffix(host, ":"+p)
	}
	return host, true
}

var defaultPort = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}

// normPath is the path state of the URL parser on an absolute path:
// single- and double-dot segments go, "%2e" counting as a dot, and bytes of
// the path percent-encode set are escaped. Empty segments stay ("/a//b").
func normPath(p string) string {
	if !hasDotSegment(p) {
		return escape(p, &pathEscapes)
	}
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		last := i == len(segs)-1
		switch {
		case isDots(s, 2):
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		case isDots(s, 1):
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	return escape("/"+strings.Join(out, "/"), &pathEscapes)
}

// hasDotSegment is true when some segment of p may be a dot segment: it
// starts with '.' or "%2e".
func hasDotSegment(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		if p[i] == '/' && (p[i+1] == '.' || p[i+1] == '%' && i+3 < len(p) && p[i+2] == '2' && p[i+3]|0x20 == 'e') {
			return true
		}
	}
	return false
}

// isDots tells whether segment s is n dots, each written '.' or "%2e" (either case).
func isDots(s string, n int) bool {
	for ; n > 0; n-- {
		switch {
		case strings.HasPrefix(s, "."):
			s = s[1:]
		case len(s) >= 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e':
			s = s[3:]
		default:
			return false
		}
	}
	return s == ""
}

// The path and fragment percent-encode sets: C0 controls, space, '"', '<',
// '>', '`', bytes above '~', and in paths also '#', '?', '^', '{', '}'. A
// '%' is never escaped: "100%.png" stays as written.
var pathEscapes, fragmentEscapes = escapeSet("\"#<>?^`{}"), escapeSet("\"<>`")

func escapeSet(punct string) (set [256]bool) {
	for c := range 256 {
		set[c] = c <= ' ' || c > '~'
	}
	for _, c := range []byte(punct) {
		set[c] = true
	}
	return set
}

// escape percent-encodes the bytes of s in set. Bytes that are not UTF-8
// are escaped one by one, so that decoding gives back the bytes a file
// name on disk holds.
func escape(s string, set *[256]bool) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; set[c] {
			b = append(b, '%', hex[c>>4], hex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// percentDecode is the URL Standard's percent-decode: "%" followed by two
// hex digits is a byte, any other '%' stays as written (url.PathUnescape
// rejects the whole string instead). Bytes that are not UTF-8 are decoded
// as the HTML fragment lookup's "UTF-8 decode without BOM" does: each
// maximal bad sequence becomes one U+FFFD ("%E2%82" one, "%FF%FF" two),
// which x/text's decoder implements and strings.ToValidUTF8 does not.
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	if !utf8.Valid(b) {
		s, _ := unicode.UTF8.NewDecoder().String(string(b))
		return s
	}
	return string(b)
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
