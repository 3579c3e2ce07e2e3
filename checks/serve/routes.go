package serve

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// Routes are the paths a host answers by its own configuration, whatever
// files the site holds: Vercel's redirects and rewrites (vercel.json). A
// redirect the browser follows, a rewrite the host serves from elsewhere;
// either way a link to such a path is answered.
type Routes struct {
	File    string // the configuration file, as it was named
	sources []*regexp.Regexp
	// slash is vercel.json's trailingSlash: "true" sends /p on to /p/
	// before any rule, "false" /p/ on to /p, "" neither.
	slash string
}

// vercelConfig is the part of vercel.json that answers paths.
type vercelConfig struct {
	TrailingSlash *bool         `json:"trailingSlash"`
	Redirects     []vercelRoute `json:"redirects"`
	Rewrites      []vercelRoute `json:"rewrites"`
}

type vercelRoute struct {
	Source string          `json:"source"`
	Has    json.RawMessage `json:"has"`
	Miss   json.RawMessage `json:"missing"`
}

// ReadVercel reads the redirects and rewrites of a vercel.json. A rule
// with has or missing answers only some requests, so it is left out.
func ReadVercel(file string) (*Routes, error) {
	src, err := textfile.Read(file, textfile.MaxConfig)
	if err != nil {
		return nil, err
	}
	var c vercelConfig
	if err := json.Unmarshal(src, &c); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	r := &Routes{File: file}
	if c.TrailingSlash != nil {
		r.slash = fmt.Sprint(*c.TrailingSlash)
	}
	for _, rule := range append(c.Redirects, c.Rewrites...) {
		if rule.Has != nil || rule.Miss != nil {
			continue
		}
		re, err := PathPattern(rule.Source)
		if err != nil {
			return nil, fmt.Errorf("%s: source %q: %v", file, rule.Source, err)
		}
		r.sources = append(r.sources, re)
	}
	return r, nil
}

// Answers reports whether a rule answers urlPath (absolute, escaped), as
// the host sees it after its trailing-slash redirect.
func (r *Routes) Answers(urlPath string) bool {
	if r == nil {
		return false
	}
	p := urlPath
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	switch {
	case r.slash == "true" && !strings.HasSuffix(p, "/") && !strings.Contains(path.Base(p), "."):
		p += "/"
	case r.slash == "false" && p != "/":
		p = strings.TrimSuffix(p, "/")
	}
	for _, re := range r.sources {
		if re.MatchString(p) {
			return true
		}
	}
	return false
}

// PathPattern is a path pattern as path-to-regexp reads it (Vercel's
// sources, VitePress's rewrites): a parameter :name matches one segment,
// or its own (pattern); the modifiers ? (optional), * (any number of
// segments) and + (one or more) take the slash before it along; a bare
// (pattern) is a regular expression; the rest is literal. Each parameter
// is a group of its name, its segments joined by "/" (FillPath).
func PathPattern(src string) (*regexp.Regexp, error) {
	var b strings.Builder
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == ':' && i+1 < len(src) && isNameByte(src[i+1]):
			j := i + 1
			for j < len(src) && isNameByte(src[j]) {
				j++
			}
			seg := "[^/]+"
			if j < len(src) && src[j] == '(' {
				k := closing(src, j)
				if k < 0 {
					return nil, fmt.Errorf("unclosed (")
				}
				seg, j = "(?:"+src[j+1:k]+")", k+1
			}
			mod := byte(0)
			if j < len(src) && strings.IndexByte("?*+", src[j]) >= 0 {
				mod, j = src[j], j+1
			}
			writeParam(&b, src[i+1:i+1+nameLen(src[i+1:])], seg, mod)
			i = j
		case c == '(':
			k := closing(src, i)
			if k < 0 {
				return nil, fmt.Errorf("unclosed (")
			}
			b.WriteString("(?:" + src[i+1:k] + ")")
			i = k + 1
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
			i++
		}
	}
	return regexp.Compile("^(?:" + b.String() + ")$")
}

// writeParam writes a parameter matching seg, as the group of its name,
// with its modifier: an optional or repeated one owns the slash written
// before it, which is not part of its value.
func writeParam(b *strings.Builder, name, seg string, mod byte) {
	group := func(re string) string { return "(?P<" + name + ">" + re + ")" }
	if mod == 0 {
		b.WriteString(group(seg))
		return
	}
	slash := ""
	if s := b.String(); strings.HasSuffix(s, "/") {
		b.Reset()
		b.WriteString(strings.TrimSuffix(s, "/"))
		slash = "/"
	}
	many := group(seg + "(?:/" + seg + ")*")
	switch mod {
	case '?':
		b.WriteString("(?:" + slash + group(seg) + ")?")
	case '*':
		b.WriteString("(?:" + slash + many + ")?")
	case '+':
		b.WriteString(slash + many)
	}
}

// FillPath writes a destination's parameters (:name, with a modifier or
// not) with what a match of PathPattern gave them; an empty optional one
// takes the slash before it along.
func FillPath(dest string, re *regexp.Regexp, m []string) string {
	var b strings.Builder
	for i := 0; i < len(dest); {
		if dest[i] != ':' || i+1 >= len(dest) || !isNameByte(dest[i+1]) {
			b.WriteByte(dest[i])
			i++
			continue
		}
		n := nameLen(dest[i+1:])
		value := ""
		if k := re.SubexpIndex(dest[i+1 : i+1+n]); k >= 0 && k < len(m) {
			value = m[k]
		}
		i += 1 + n
		if i < len(dest) && strings.IndexByte("?*+", dest[i]) >= 0 {
			i++
		}
		if value == "" {
			s := strings.TrimSuffix(b.String(), "/")
			b.Reset()
			b.WriteString(s)
		}
		b.WriteString(value)
	}
	return b.String()
}

// nameLen is the length of the parameter name s starts with.
func nameLen(s string) int {
	n := 0
	for n < len(s) && isNameByte(s[n]) {
		n++
	}
	return n
}

func isNameByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// closing is the index of the ")" that closes the "(" at i, or -1.
func closing(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}
