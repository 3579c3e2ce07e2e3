package links

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/unicode"

	"github.com/devdocs-dev/devdocs/checks/internal/urlscheme"
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
// a URL that is no file of any site (opaque), one no browser can open
// (invalid), or nothing to check.
type target struct {
	loc     location
	opaque  bool // a scheme that is not special
	invalid bool // a host or port that does not parse: the browser fails the URL
	ignored bool // mailto:, javascript: …
}

// resolveIn resolves rest (an href without its fragment) against base, as
// the URL parser does for a special base URL.
func resolveIn(rest string, base location) target {
	if scheme, after, ok := urlscheme.Split(rest); ok {
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
		return target{invalid: true}
	}
	p, _, _ := strings.Cut(s[end:], "?")
	if p == "" {
		p = "/"
	}
	return target{loc: location{scheme, user, host, normPath(p)}}
}

// hostOf is the host and port of an authority as a browser serializes it,
// without userinfo or the scheme's default port; ok is false when there is
// no host or it does not parse (a browser fails such a URL). The host is
// what the URL Standard's host parser makes of it: a domain through IDNA
// ("Bücher.example" is "xn--bcher-kva.example", full-width dots are dots),
// and one that ends in a number an IPv4 address ("127.1" is "127.0.0.1").
// Two spellings of one host are then one origin and one external URL.
func hostOf(scheme, auth string) (string, bool) {
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	host, port := auth, ""
	if i := strings.LastIndexByte(auth, ':'); i >= 0 && i > strings.LastIndexByte(auth, ']') {
		host, port = auth[:i], auth[i+1:]
	}
	ok := host != ""
	switch {
	case !ok:
	case host[0] == '[':
		host, ok = ipv6(host)
	default:
		host, ok = domainToASCII(percentDecode(host))
		if ok && endsInNumber(host) {
			host, ok = ipv4(host)
		}
	}
	if port != "" && ok {
		n, err := strconv.Atoi(port) // "0443" is 443
		if err != nil || n > 65535 || strings.Trim(port, "0123456789") != "" {
			return "", false
		}
		port = strconv.Itoa(n)
		if port != defaultPort[scheme] {
			host += ":" + port
		}
	}
	return host, ok
}

// ipv6 serializes "[addr]" as the URL Standard does: hex pieces in lower
// case, the longest run of two or more zero pieces as "::", no embedded
// IPv4 form and no zone.
func ipv6(host string) (string, bool) {
	a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	if err != nil || !a.Is6() || a.Zone() != "" || !strings.HasSuffix(host, "]") {
		return "", false
	}
	b := a.As16()
	var pieces [8]uint16
	start, run := -1, 1 // the longest run of zero pieces; 1: a single zero is no run
	for i := range pieces {
		pieces[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		n := 0
		for i+n < 8 && b[2*(i+n)] == 0 && b[2*(i+n)+1] == 0 {
			n++
		}
		if n > run {
			start, run = i, n
		}
	}
	var out strings.Builder
	out.WriteByte('[')
	for i := 0; i < 8; i++ {
		switch {
		case i == start:
			out.WriteString("::")
			i += run - 1
			continue
		case i > 0 && i != start+run:
			out.WriteByte(':')
		}
		out.WriteString(strconv.FormatUint(uint64(pieces[i]), 16))
	}
	out.WriteByte(']')
	return out.String(), true
}

// idnaProfile is the URL Standard's "domain to ASCII": UTS #46 mapping,
// not transitional ("ß" stays itself), with the bidi and joiner rules, but
// neither STD3 rules nor DNS lengths ("my_host", "a..b" are hosts).
var idnaProfile = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.BidiRule(), idna.CheckJoiners(true),
	idna.StrictDomainName(false), idna.CheckHyphens(false), idna.VerifyDNSLength(false))

// domainToASCII maps a domain as a browser does. An ASCII name is only
// lower-cased: Chromium does not check its punycode labels either
// ("xn--a.example" opens), and nearly every host is one.
func domainToASCII(d string) (string, bool) {
	ascii := true
	for i := 0; ascii && i < len(d); i++ {
		ascii = d[i] < utf8.RuneSelf
	}
	if !ascii {
		var err error
		if d, err = idnaProfile.ToASCII(d); err != nil {
			return "", false
		}
	}
	if d == "" || strings.ContainsFunc(d, func(r rune) bool { return r <= ' ' || strings.ContainsRune(forbiddenInDomain, r) }) {
		return "", false
	}
	return strings.ToLower(d), true
}

// forbiddenInDomain are the ASCII "forbidden domain code points" beyond
// controls and space.
const forbiddenInDomain = "#%/:<>?@[\\]^|\x7f"

// endsInNumber is the URL Standard's "ends in a number": the last label
// (before a final dot) is digits, or "0x" and hex digits.
func endsInNumber(host string) bool {
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	last := labels[len(labels)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, err := strconv.ParseUint("0"+strings.TrimPrefix(last, "0x"), 16, 64)
	return strings.HasPrefix(last, "0x") && err == nil
}

// ipv4 is the URL Standard's IPv4 parser: up to four parts, each decimal,
// octal ("010") or hex ("0x1f"), the last filling the bytes left.
func ipv4(host string) (string, bool) {
	parts := strings.Split(strings.TrimSuffix(host, "."), ".")
	if len(parts) > 4 {
		return "", false
	}
	var addr uint64
	for i, p := range parts {
		n, ok := ipv4Number(p)
		last := i == len(parts)-1
		if !ok || !last && n > 255 || last && n >= 1<<(8*(5-len(parts))) {
			return "", false
		}
		if last {
			addr = addr<<(8*(5-len(parts))) | n
		} else {
			addr = addr<<8 | n
		}
	}
	return fmt.Sprintf("%d.%d.%d.%d", addr>>24, addr>>16&255, addr>>8&255, addr&255), true
}

func ipv4Number(p string) (uint64, bool) {
	base := 10
	switch {
	case strings.HasPrefix(p, "0x"):
		base, p = 16, p[2:]
		if p == "" {
			return 0, true
		}
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	case p == "":
		return 0, false
	}
	n, err := strconv.ParseUint(p, base, 64)
	return n, err == nil && n < 1<<32
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
