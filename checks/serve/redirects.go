package serve

import (
	"cmp"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// RedirectsFile is the file at a site's root whose rules Netlify and
// Cloudflare Pages apply before they answer a path
// (docs.netlify.com "Redirects and rewrites", developers.cloudflare.com
// pages/configuration/redirects): one rule a line, "FROM TO [STATUS]".
const RedirectsFile = "_redirects"

// Redirects are the rules of a _redirects file, in its order: the first
// that matches a path answers it.
type Redirects struct {
	File  string
	rules []redirectRule
}

type redirectRule struct {
	from   []string // path segments; ":name" matches one, a last "*" the rest (none or more)
	to     string
	status int
	force  bool // "301!": applies even where a file answers the path
	line   int
}

// Redirected is the rule that answers a path: where it sends the reader
// (a path or a URL of another site) and with which status. Status 200 is a
// rewrite: the host serves To's answer at the path itself.
type Redirected struct {
	To     string
	Status int
	Force  bool
	Line   int // of the rule in the file
}

// ParseRedirects reads a _redirects file (name for errors). A rule that
// applies only to some requests (a query, a country, a language, a role or
// a cookie condition after its path) or only to some domain (a FROM that is
// a URL) is left out: it does not answer every reader.
func ParseRedirects(name string, src []byte) (*Redirects, error) {
	r := &Redirects{File: name}
	for i, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		rule, ok, err := parseRule(f)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		if ok {
			rule.line = i + 1
			r.rules = append(r.rules, rule)
		}
	}
	return r, nil
}

// parseRule reads one line's fields; ok is false for a rule left out.
func parseRule(f []string) (redirectRule, bool, error) {
	if len(f) < 2 {
		return redirectRule{}, false, fmt.Errorf("a rule is FROM TO [STATUS], not %q alone", f[0])
	}
	if strings.Contains(f[1], "=") && !strings.HasPrefix(f[1], "/") && !strings.Contains(f[1], "://") {
		return redirectRule{}, false, nil // a query condition: /store id=:id /blog/:id
	}
	rule := redirectRule{to: f[1], status: 301}
	if len(f) > 2 {
		code, force := strings.CutSuffix(f[2], "!")
		n, err := strconv.Atoi(code)
		if err != nil || n < 200 || n > 599 {
			return redirectRule{}, false, fmt.Errorf("status %q: want a number such as 301 or 200, with ! to force", f[2])
		}
		rule.status, rule.force = n, force
	}
	if len(f) > 3 || !strings.HasPrefix(f[0], "/") {
		return redirectRule{}, false, nil // conditions, or another domain's rule
	}
	rule.from = segments(f[0])
	return rule, true, nil
}

// segments splits a path, decoded where it can be, at its slashes; a
// trailing slash is no segment, as the hosts match /p/ and /p alike.
func segments(p string) []string {
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// Match is the first rule that answers urlPath (absolute, escaped), its
// TO with the placeholders and the splat filled in.
func (r *Redirects) Match(urlPath string) (Redirected, bool) {
	if r == nil {
		return Redirected{}, false
	}
	path := segments(urlPath)
	for _, rule := range r.rules {
		if values, ok := rule.match(path); ok {
			return Redirected{To: fill(rule.to, values), Status: rule.status, Force: rule.force, Line: rule.line}, true
		}
	}
	return Redirected{}, false
}

// match says whether the segments of a path match the rule, with the
// values of its placeholders (":splat" for the "*").
func (rule redirectRule) match(path []string) (map[string]string, bool) {
	values := map[string]string{}
	for i, seg := range rule.from {
		if seg == "*" && i == len(rule.from)-1 {
			values[":splat"] = strings.Join(path[min(i, len(path)):], "/")
			return values, true
		}
		if i >= len(path) {
			return nil, false
		}
		if strings.HasPrefix(seg, ":") && len(seg) > 1 {
			values[seg] = path[i]
		} else if seg != path[i] {
			return nil, false
		}
	}
	return values, len(path) == len(rule.from)
}

// fill writes the values into TO, longest name first, so ":id" does not
// take the start of ":identity".
func fill(to string, values map[string]string) string {
	names := slices.Collect(maps.Keys(values))
	slices.SortFunc(names, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	for _, k := range names {
		to = strings.ReplaceAll(to, k, values[k])
	}
	return to
}
