package serve

import (
	"cmp"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// RedirectsFile is the file at a site's root whose rules Netlify and
// Cloudflare Pages apply before they answer a path
// (docs.netlify.com "Redirects and rewrites", developers.cloudflare.com
// pages/configuration/redirects): one rule a line, "FROM TO [STATUS]".
const RedirectsFile = "_redirects"

// RedirectsDialect is how one host reads and applies a _redirects file.
// The two hosts share the syntax and part of the meaning; where they part,
// each field cites its host's documentation.
type RedirectsDialect struct {
	Host string // as messages name it: "Netlify"
	// Status is a rule's status when it names none.
	Status int
	// Allowed tells whether the host applies a rule of that status; it
	// ignores the line otherwise.
	Allowed func(status int) bool
	// Force: the host reads "301!" as a rule that applies even where a
	// file answers the path. A host without it ignores such a line.
	Force bool
	// Shadowing: a file that answers the path wins over a rule that is
	// not forced. Without it the host applies every rule first.
	Shadowing bool
	// Loose: "/p" and "/p/" match a rule alike, and "/p/*" matches "/p";
	// a ":name" is a whole segment and "*" only the last one. Otherwise
	// the rule is a pattern of the whole path, "*" any characters
	// anywhere, ":name" one or more characters other than "/".
	Loose bool
	// ProxiesOut: a 200 rule may fetch another site's URL.
	ProxiesOut bool
	// Hidden: the host does not serve the _redirects file itself.
	Hidden bool
	// IndexLoops: the host ignores a rule of "/*" or "/" to an index
	// page, which its own dropping of "index.html" would send back.
	IndexLoops bool
	// MaxStatic and MaxDynamic, when set, are how many rules of no
	// placeholder, and with one, the host reads; a static rule after a
	// dynamic one counts as dynamic, and the host reads no line after the
	// last dynamic one it takes.
	MaxStatic, MaxDynamic int
	// Config, when set, is the host's configuration file, kept beside the
	// publish folder, whose redirects follow the _redirects file's
	// (netlify.toml, WithConfig).
	Config string
}

// Netlify: rules in file order, the first that matches wins; the default
// status is 301; 200 rewrites, 404 serves TO as the not-found page, "!"
// forces ("Redirects and rewrites", "Redirect options": HTTP status codes,
// Custom 404 page handling, Trailing slash: the slash is normalised before
// any rule). A rule is a fallback: a file at the path is served instead
// unless the rule is forced ("Rewrites and proxies", Shadowing; "the
// request chain": redirects are not evaluated again for a rewrite's
// target). A 200 to a URL proxies another site.
var Netlify = &RedirectsDialect{Host: "Netlify", Status: 301, Force: true, Shadowing: true, Loose: true, ProxiesOut: true,
	Allowed: func(s int) bool { return s >= 200 && s <= 599 }, Config: NetlifyConfig}

// CloudflarePages: "[source] [destination] [code?]", the code 302 by
// default and one of 301, 302, 303, 307, 308 or 200 (a rewrite, "proxying",
// of a path on the site only); a line otherwise is ignored. "Redirects are
// always followed, regardless of whether or not an asset matches the
// incoming request": no shadowing, and no "!" (developers.cloudflare.com
// pages/configuration/redirects: Structure, Advanced redirects, Proxying:
// only the first rule applies, "/a /b 200" then "/b /c 200" render /b at
// /a). The file "will not itself be served"; it holds at most 2,000 static
// and 100 dynamic rules (Per file). A source is matched whole, "*" greedily and ":name" up to a "/"
// (workers-sdk's rules engine): "/p" is no rule of "/p/". Its parser also
// drops "/* /index.html" and "/ /index", which would loop.
var CloudflarePages = &RedirectsDialect{Host: "Cloudflare Pages", Status: 302, Hidden: true, IndexLoops: true, MaxStatic: 2000, MaxDynamic: 100,
	Allowed: func(s int) bool { return slices.Contains([]int{200, 301, 302, 303, 307, 308}, s) }}

// Redirects are the rules of a _redirects file, in its order: the first
// that matches a path answers it.
type Redirects struct {
	File string
	// Base is the path the site is served under ("/" at the root): rules
	// are written for the whole domain's paths.
	Base    string
	dialect *RedirectsDialect
	rules   []redirectRule
	// static finds the rules with no placeholder by their path: on a large
	// site every link asks, and most rules of a real file are such.
	static  map[string]int
	dynamic []int // the other rules, by index
	// Ignored are the lines the host reads and does not apply, with why.
	Ignored []IgnoredRule
}

// Rule is a rule the host applies, as written (its status filled in), and
// where: File is the file's path from the site's root ("_redirects", or
// "../netlify.toml" beside the publish folder).
type Rule struct {
	From, To string
	Status   int
	Force    bool
	File     string
	Line     int
}

// Rules are the rules the host applies, in the file's order.
func (r *Redirects) Rules() []Rule {
	if r == nil {
		return nil
	}
	out := make([]Rule, len(r.rules))
	for i, rule := range r.rules {
		out[i] = Rule{From: rule.src, To: rule.to, Status: rule.status, Force: rule.force, File: rule.file, Line: rule.line}
	}
	return out
}

// HasPlaceholder: s has a ":name" or a "*", filled in per path.
func HasPlaceholder(s string) bool { return strings.Contains(s, "*") || placeholder.MatchString(s) }

var placeholder = regexp.MustCompile(`:[A-Za-z]`)

// IgnoredRule is a line of the file the host does not apply.
type IgnoredRule struct {
	File string // from the site's root, as Rule's
	Line int
	From string
	Why  string // "Cloudflare Pages ignores …"
}

type redirectRule struct {
	src    string         // FROM as written
	from   []string       // Loose: path segments; ":name" matches one, a last "*" the rest (none or more)
	re     *regexp.Regexp // otherwise: the whole path
	to     string
	status int
	force  bool   // "301!": applies even where a file answers the path
	file   string // from the site's root, as Rule's
	line   int
}

// Redirected is the rule that answers a path: where it sends the reader
// (a path or a URL of another site) and with which status. Status 200 is a
// rewrite: the host serves To's answer at the path itself.
type Redirected struct {
	To     string
	Status int
	Force  bool
	File   string // the rule's file, from the site's root
	Line   int    // of the rule in the file
}

// ParseRedirects reads a _redirects file (name for errors) as the host of
// dialect d does; nil is Netlify. A rule that applies only to some
// requests (a query, a country, a language, a role or a cookie condition
// after its path) or only to some domain (a FROM that is a URL) is left
// out: it does not answer every reader.
func ParseRedirects(name string, src []byte, d *RedirectsDialect) (*Redirects, error) {
	if d == nil {
		d = Netlify
	}
	r := newRedirects(name, d)
	var static, dynamic int
	for i, line := range strings.Split(string(src), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		rule, why, err := d.parseRule(f)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		case why != "":
			r.Ignored = append(r.Ignored, IgnoredRule{File: RedirectsFile, Line: i + 1, From: f[0], Why: why})
		case rule.from != nil || rule.re != nil:
			rule.file, rule.line = RedirectsFile, i+1
			if dynamic == 0 && !HasPlaceholder(f[0]) {
				static++
			} else {
				dynamic++
			}
			switch {
			case d.MaxStatic > 0 && dynamic == 0 && static > d.MaxStatic:
				r.Ignored = append(r.Ignored, IgnoredRule{File: RedirectsFile, Line: i + 1, From: f[0], Why: fmt.Sprintf("%s reads at most %d static rules", d.Host, d.MaxStatic)})
			case d.MaxDynamic > 0 && dynamic > d.MaxDynamic:
				r.Ignored = append(r.Ignored, IgnoredRule{File: RedirectsFile, Line: i + 1, From: f[0], Why: fmt.Sprintf("%s reads at most %d rules with a placeholder or a splat, and no line after the last", d.Host, d.MaxDynamic)})
				return r, nil
			default:
				r.add(rule, f[0])
			}
		}
	}
	return r, nil
}

func newRedirects(name string, d *RedirectsDialect) *Redirects {
	return &Redirects{File: name, Base: "/", dialect: d, static: map[string]int{}}
}

// clone is a copy of r to add rules to, r left as it is.
func (r *Redirects) clone() *Redirects {
	c := *r
	c.rules, c.dynamic, c.Ignored = slices.Clone(r.rules), slices.Clone(r.dynamic), slices.Clone(r.Ignored)
	c.static = maps.Clone(r.static)
	return &c
}

// add keeps a rule; a rule of no placeholder is also found by its path,
// the first of a path winning.
func (r *Redirects) add(rule redirectRule, from string) {
	if !strings.ContainsAny(from, "*:") {
		key := r.dialect.key(from)
		if _, seen := r.static[key]; !seen {
			r.static[key] = len(r.rules)
		}
	} else {
		r.dynamic = append(r.dynamic, len(r.rules))
	}
	r.rules = append(r.rules, rule)
}

// key is the form of a path a rule of no placeholder is filed under.
func (d *RedirectsDialect) key(p string) string {
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	if d.Loose {
		return "/" + strings.Trim(p, "/")
	}
	return p
}

// parseRule reads one line's fields. A rule left out (conditions, another
// domain's) has neither from nor re; one the host ignores says why.
func (d *RedirectsDialect) parseRule(f []string) (rule redirectRule, why string, err error) {
	if len(f) < 2 {
		return rule, "", fmt.Errorf("a rule is FROM TO [STATUS], not %q alone", f[0])
	}
	if strings.Contains(f[1], "=") && !strings.HasPrefix(f[1], "/") && !strings.Contains(f[1], "://") {
		return rule, "", nil // a query condition: /store id=:id /blog/:id
	}
	rule = redirectRule{src: f[0], to: f[1], status: d.Status}
	if len(f) > 2 {
		code, force := strings.CutSuffix(f[2], "!")
		n, err := strconv.Atoi(code)
		if err != nil || n < 200 || n > 599 {
			return rule, "", fmt.Errorf("status %q: want a number such as 301 or 200, with ! to force", f[2])
		}
		rule.status, rule.force = n, force
	}
	if len(f) > 3 || !strings.HasPrefix(f[0], "/") {
		return redirectRule{}, "", nil // conditions, or another domain's rule
	}
	if why := d.refuses(rule); why != "" {
		return redirectRule{}, why, nil
	}
	if d.Loose {
		rule.from = segments(f[0])
		if rule.from == nil {
			rule.from = []string{}
		}
	} else {
		rule.re = sourcePattern(d.key(f[0]))
	}
	return rule, "", nil
}

// refuses says why the host ignores a well-formed rule, if it does.
func (d *RedirectsDialect) refuses(rule redirectRule) string {
	switch {
	case rule.force && !d.Force:
		return d.Host + " ignores a rule with \"!\" (it applies every rule, whatever file answers the path)"
	case !d.Allowed(rule.status):
		return fmt.Sprintf("%s ignores a rule of status %d", d.Host, rule.status)
	case rule.status == 200 && !d.ProxiesOut && offSite(rule.to):
		return d.Host + " ignores a rewrite (200) to another site: it rewrites only to a path of the site"
	case d.IndexLoops && !offSite(rule.to) && indexLoop(rule.src, rule.to):
		return d.Host + " ignores a rule of every path, or the root, to an index page: its own dropping of index.html would send the reader back to it"
	}
	return ""
}

// indexLoop: "/*" (any source ending so) or a source ending in "/", to
// a path ending in "/index" or "/index.html".
func indexLoop(from, to string) bool {
	index := strings.HasSuffix(to, "/index") || strings.HasSuffix(to, "/index.html")
	return index && (strings.HasSuffix(from, "/*") || strings.HasSuffix(from, "/"))
}

// offSite: a TO that names another site (a scheme or "//").
func offSite(to string) bool {
	u, err := url.Parse(to)
	return err != nil || u.Scheme != "" || u.Host != ""
}

// sourcePattern is a whole-path pattern: "*" any characters (the splat),
// ":name" one or more but "/".
func sourcePattern(from string) *regexp.Regexp {
	var b strings.Builder
	for i := 0; i < len(from); {
		switch c := from[i]; {
		case c == '*':
			b.WriteString(`(?P<splat>.*)`)
			i++
		case c == ':' && i+1 < len(from) && isLetter(from[i+1]):
			n := 1 + nameLen(from[i+1:])
			b.WriteString(`(?P<` + from[i+1:i+n] + `>[^/]+)`)
			i += n
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
			i++
		}
	}
	re, err := regexp.Compile("^" + b.String() + "$")
	if err != nil { // a name twice: the host's engine drops the rule too
		return regexp.MustCompile(`^\z.`)
	}
	return re
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

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

// Match is the first rule that answers urlPath (absolute, escaped, from
// the domain's root), its TO with the placeholders and the splat filled
// in.
func (r *Redirects) Match(urlPath string) (Redirected, bool) {
	if r == nil {
		return Redirected{}, false
	}
	first := len(r.rules)
	if i, ok := r.static[r.dialect.key(urlPath)]; ok {
		first = i
	}
	path, decoded := segments(urlPath), r.dialect.key(urlPath)
	for _, i := range r.dynamic {
		if i > first {
			break
		}
		if values, ok := r.rules[i].match(path, decoded); ok {
			return r.rules[i].answer(values), true
		}
	}
	if first < len(r.rules) {
		return r.rules[first].answer(nil), true
	}
	return Redirected{}, false
}

func (rule redirectRule) answer(values map[string]string) Redirected {
	return Redirected{To: fill(rule.to, values), Status: rule.status, Force: rule.force, File: rule.file, Line: rule.line}
}

// match says whether a path (its segments, or decoded whole) matches the
// rule, with the values of its placeholders (":splat" for the "*").
func (rule redirectRule) match(path []string, decoded string) (map[string]string, bool) {
	if rule.re != nil {
		m := rule.re.FindStringSubmatch(decoded)
		if m == nil {
			return nil, false
		}
		values := map[string]string{}
		for i, name := range rule.re.SubexpNames()[1:] {
			values[":"+name] = m[i+1]
		}
		return values, true
	}
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

// WithRedirects is h with the rules of the _redirects file at the root of
// dir, when h applies one and dir holds one; name is the file as messages
// name it, base the path the site is served under ("" at the root). A
// file that does not read as rules is an error at its line.
func (h Host) WithRedirects(dir, name, base string) (Host, error) {
	if h.ReadsRedirects == nil || h.Redirects != nil || !(Root{dir}).IsFile(RedirectsFile) {
		return h, nil
	}
	src, err := textfile.Read(filepath.Join(dir, RedirectsFile), textfile.MaxConfig)
	if err != nil {
		return h, err
	}
	r, err := ParseRedirects(name, src, h.ReadsRedirects)
	if err != nil {
		return h, err
	}
	if base != "" {
		r.Base = base
	}
	h.Redirects = r
	return h, nil
}
