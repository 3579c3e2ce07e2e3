// Package versionlinks holds each page of versioned docs to links of its
// own version. A page of the 1.1 docs that links GitHub at main, or docs.rs
// at latest, is right the day it is written and wrong once main moves on;
// nothing in the build shows it. A rule of checks.json's "versions" says
// which folders are versions and which links carry a version part that must
// match the page's.
package versionlinks

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Rule is one entry of checks.json's "versions".
type Rule struct {
	// Pages is a folder pattern (filepath.Match, "content/api/*"); each
	// folder it matches is one version, named by the folder ("1.2"; a
	// Docusaurus "version-1.2" is "1.2"). checks.json may leave it out
	// for the preset's version folders.
	Pages string `json:"pages"`
	// Links are the links whose version part must be the page's.
	Links []Link `json:"links"`
	// URLs say which built pages are which version where neither the
	// generator's record (routes.json) nor its preset says: each key a URL
	// folder from the site's root, without the base URL ("/docs/1.1/"),
	// each value the version of the pages under it ("1.1"); the longest
	// key that holds a page decides. A key may write {version} in its last
	// folder ("/docs/v{version}/"), its value then "{version}": any name
	// of the rule's version folders here, or with none here any name.
	URLs map[string]string `json:"urls"`
}

// Link is one kind of versioned link: a known site, or a regexp.
type Link struct {
	GitHub   string `json:"github"`   // "owner/repo": blob, tree, raw, blame and commits URLs, raw.githubusercontent.com (not edit: a branch's, on purpose)
	DocsRS   string `json:"docsrs"`   // a crate: docs.rs/CRATE/VERSION and docs.rs/crate/CRATE/VERSION
	PkgGoDev string `json:"pkggodev"` // a module path: pkg.go.dev/MODULE[/PKG]@VERSION
	NPM      string `json:"npm"`      // a package: npmjs.com/package/PKG/v/VERSION
	// Regexp is any other link, with a (?P<version>…) group.
	Regexp string `json:"regexp"`
	// Expect is what the whole version part must be: {version} stands for
	// the page's version, * for any run of characters, and the rest is
	// literal ("v{version}.*" takes v1.2.6 on a 1.2 page, not v1.20.0).
	Expect string `json:"expect"`
	// Except are regular expressions on the link: the links that point
	// elsewhere on purpose.
	Except []string `json:"except"`
}

// Set is the rules compiled.
type Set struct {
	rules []rule
	urls  []served
}

type rule struct {
	pages string // absolute
	links []link
}

// served is a URL folder of built pages and the version they are: a
// literal folder (version set), or with {version} in its last folder,
// the text between before and after (names: the versions it may be,
// nil for any). rule -1: the pages of no version (a generator's current
// docs served under its last version's URL).
type served struct {
	before, after string
	pattern       bool
	names         []string
	version       string
	rule          int
}

type link struct {
	what   string // for the message: "GitHub risc0/risc0 ref"
	re     *regexp.Regexp
	expect string
	except []*regexp.Regexp
}

// Error is a rule that cannot be used; Rule and Link are its indexes
// (Link is -1 for the rule itself), and URL the key of its urls at fault
// (else ""), so that the caller can place it in its file.
type Error struct {
	Rule, Link int
	URL        string
	Msg        string
}

func (e *Error) Error() string { return e.Msg }

// Compile checks the rules and compiles them. Pages are read from the
// current directory.
func Compile(rules []Rule) (*Set, error) {
	s := &Set{}
	for i, r := range rules {
		if r.Pages == "" {
			return nil, &Error{i, -1, "", `"pages" is missing: a folder pattern whose matches are the versions, e.g. "docs/versions/*"`}
		}
		if _, err := filepath.Match(r.Pages, ""); err != nil {
			return nil, &Error{i, -1, "", fmt.Sprintf("pages %q: %v", r.Pages, err)}
		}
		abs, err := filepath.Abs(r.Pages)
		if err != nil {
			return nil, &Error{i, -1, "", err.Error()}
		}
		if len(r.Links) == 0 {
			return nil, &Error{i, -1, "", `"links" is empty: name the links that must match the page's version (github, docsrs, pkggodev, npm or regexp)`}
		}
		cr := rule{pages: abs}
		for j, l := range r.Links {
			cl, msg := compileLink(l)
			if msg != "" {
				return nil, &Error{i, j, "", msg}
			}
			cr.links = append(cr.links, cl)
		}
		s.rules = append(s.rules, cr)
		if err := s.compileURLs(i, r.URLs, names(abs)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// The version part of a URL: up to the next '/', '?' or '#'.
const part = `(?P<version>[^/?#]+)`

func compileLink(l Link) (link, string) {
	var kinds []string
	var out link
	add := func(kind, what, expr string) {
		kinds = append(kinds, kind)
		out.what, out.re = what, regexp.MustCompile(expr)
	}
	if l.GitHub != "" {
		// Not edit/: GitHub edits a file on a branch only, and a theme's
		// "Edit this page" on every versioned page names the default one
		// (Docusaurus's versioned_docs live on main).
		repo := regexp.QuoteMeta(strings.Trim(l.GitHub, "/"))
		add("github", "GitHub "+l.GitHub+" ref", `(?i)^https?://(?:(?:www\.)?github\.com/`+repo+`/(?:blob|tree|raw|blame|commits)|raw\.githubusercontent\.com/`+repo+`)/`+part)
	}
	if l.DocsRS != "" {
		// docs.rs takes - and _ in a crate's name as the same.
		name := strings.NewReplacer(`\-`, `[-_]`, `-`, `[-_]`, `_`, `[-_]`).Replace(regexp.QuoteMeta(l.DocsRS))
		add("docsrs", "docs.rs "+l.DocsRS+" version", `(?i)^https?://docs\.rs/(?:crate/)?`+name+`/`+part)
	}
	if l.PkgGoDev != "" {
		add("pkggodev", "pkg.go.dev "+l.PkgGoDev+" version", `^https?://pkg\.go\.dev/`+regexp.QuoteMeta(strings.Trim(l.PkgGoDev, "/"))+`(?:/[^@?#]*)?@`+part)
	}
	if l.NPM != "" {
		add("npm", "npm "+l.NPM+" version", `^https?://(?:www\.)?npmjs\.com/package/`+regexp.QuoteMeta(l.NPM)+`/v/`+part)
	}
	if l.Regexp != "" {
		re, err := regexp.Compile(l.Regexp)
		if err != nil {
			return out, fmt.Sprintf("regexp %q: %v", l.Regexp, err)
		}
		if re.SubexpIndex("version") < 0 {
			return out, fmt.Sprintf("regexp %q has no (?P<version>…) group: it must say which part of the link is the version", l.Regexp)
		}
		kinds = append(kinds, "regexp")
		out.what, out.re = "version", re
	}
	switch {
	case len(kinds) == 0:
		return out, `no link named: give one of "github", "docsrs", "pkggodev", "npm" or "regexp"`
	case len(kinds) > 1:
		return out, fmt.Sprintf("one link per entry: this one names %s", strings.Join(kinds, " and "))
	case l.Expect == "":
		return out, `"expect" is missing: what the version part must be, with {version} for the page's version, e.g. "v{version}.*"`
	}
	out.expect = l.Expect
	for _, e := range l.Except {
		re, err := regexp.Compile(e)
		if err != nil {
			return out, fmt.Sprintf("except %q: %v", e, err)
		}
		out.except = append(out.except, re)
	}
	return out, ""
}

// expectation is the regular expression a version part must match on a
// page of version.
func expectation(expect, version string) *regexp.Regexp {
	expect = strings.ReplaceAll(expect, "{version}", version)
	return regexp.MustCompile(`^` + strings.ReplaceAll(regexp.QuoteMeta(expect), `\*`, `.*`) + `$`)
}

// compileURLs adds rule i's urls; names are its version folders' names.
func (s *Set) compileURLs(i int, urls map[string]string, names []string) error {
	keys := slices.Sorted(maps.Keys(urls)) // an error is the same on every run
	for _, key := range keys {
		v := urls[key]
		u, msg := compileURL(key, v)
		if msg != "" {
			return &Error{i, -1, key, msg}
		}
		u.rule, u.names = i, names
		s.urls = append(s.urls, u)
	}
	return nil
}

func compileURL(key, version string) (served, string) {
	if !strings.HasPrefix(key, "/") {
		return served{}, fmt.Sprintf("urls key %q: write the URL folder from the site's root, starting with /: \"/docs/1.1/\"", key)
	}
	if strings.ContainsAny(key, "?#") {
		return served{}, fmt.Sprintf("urls key %q: a URL folder has no query or fragment", key)
	}
	key = strings.TrimSuffix(key, "/") + "/"
	before, after, pattern := strings.Cut(key, "{version}")
	switch {
	case version == "":
		return served{}, fmt.Sprintf("urls %q: the version is empty: name the version its pages are (\"1.1\")", key)
	case !pattern && strings.Contains(version, "{version}"):
		return served{}, fmt.Sprintf("urls %q: the version is %q, but the key has no {version} to take it from", key, version)
	case pattern && version != "{version}":
		return served{}, fmt.Sprintf("urls %q: a key with {version} is the pages of every version: its value must be \"{version}\", not %q", key, version)
	case pattern && (strings.Count(after, "/") != 1 || strings.Contains(after, "{version}")):
		return served{}, fmt.Sprintf("urls key %q: {version} must be once, in the key's last folder (\"/docs/v{version}/\")", key)
	}
	return served{before: before, after: after, pattern: pattern, version: version}, ""
}

// names are the names of the versions of the folders a pattern matches.
func names(pattern string) []string {
	dirs, _ := filepath.Glob(pattern)
	var out []string
	for _, d := range dirs {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			out = append(out, Name(filepath.Base(d)))
		}
	}
	return out
}

// Served says that a generator serves the pages of a folder of its
// (a version folder of a rule, or docs of no version) under a URL folder
// from the site's root ("/docs/1.1/"), for the built pages.
func (s *Set) Served(folder, url string) {
	if s == nil {
		return
	}
	version, i := s.Version(filepath.Join(folder, "page"))
	s.urls = append(s.urls, served{before: strings.TrimSuffix(url, "/") + "/", version: version, rule: i})
}

// At is the version of a built page (the path of its URL from the site's
// root, "/docs/1.1/intro/") and its rule: the longest URL folder of the
// rules' urls, and those the generator serves (Served), that holds it;
// the first rule's of two as long. "" and -1 when none does.
func (s *Set) At(urlPath string) (version string, rule int) {
	if s == nil {
		return "", -1
	}
	urlPath = strings.TrimSuffix(urlPath, "/") + "/"
	best := -1
	rule = -1
	for _, u := range s.urls {
		v, n := u.match(urlPath)
		if n > best || n == best && n >= 0 && u.rule >= 0 && (rule < 0 || u.rule < rule) {
			best, version, rule = n, v, u.rule
		}
	}
	if best < 0 || rule < 0 {
		return "", -1
	}
	return version, rule
}

// match is the version of urlPath under u and the length of the folder
// that holds it (-1: not under u).
func (u served) match(urlPath string) (string, int) {
	if !strings.HasPrefix(urlPath, u.before) {
		return "", -1
	}
	if !u.pattern {
		return u.version, len(u.before)
	}
	rest := urlPath[len(u.before):]
	folder, _, _ := strings.Cut(rest, "/")
	sfx := strings.TrimSuffix(u.after, "/")
	v, ok := strings.CutSuffix(folder, sfx)
	if !ok || v == "" || u.names != nil && !slices.Contains(u.names, v) {
		return "", -1
	}
	return v, len(u.before) + len(folder) + 1
}

// Version is the version of the docs a file belongs to ("" when none),
// and the rule that says so.
func (s *Set) Version(file string) (version string, rule int) {
	if s == nil || len(s.rules) == 0 {
		return "", -1
	}
	patterns := make([]string, len(s.rules))
	for i, r := range s.rules {
		patterns[i] = r.pages
	}
	dir, i := Folder(patterns, file)
	if i < 0 {
		return "", -1
	}
	return Name(filepath.Base(dir)), i
}

// Folder is the version folder that holds file: the nearest folder above
// it that a pattern matches, and the first pattern that matches it (-1:
// none). Both are compared as absolute paths, so "../api/1.2" (from a
// subfolder) is found by the pattern "content/api/*" written at the root.
func Folder(patterns []string, file string) (dir string, pattern int) {
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return "", -1
	}
	for ; ; dir = filepath.Dir(dir) {
		for i, p := range patterns {
			abs, err := filepath.Abs(p)
			if ok, _ := filepath.Match(abs, dir); ok && err == nil {
				return dir, i
			}
		}
		if filepath.Dir(dir) == dir {
			return "", -1
		}
	}
}

// Name is the version a version folder holds: its name, without the
// "version-" Docusaurus puts before it.
func Name(folder string) string {
	return strings.TrimPrefix(folder, "version-")
}

// Judge says what is wrong with a link of a file; "" when nothing is: the
// file is no version's, the link is no versioned link, it is excepted, or
// its version part is the page's.
func (s *Set) Judge(file, href string) string {
	version, i := s.Version(file)
	return s.JudgeIn(version, i, href)
}

// JudgeIn is Judge for a page of version by rule i (Version, At; -1: no
// version's).
func (s *Set) JudgeIn(version string, i int, href string) string {
	if s == nil || i < 0 || i >= len(s.rules) {
		return ""
	}
	for _, l := range s.rules[i].links {
		m := l.re.FindStringSubmatch(href)
		if m == nil {
			continue
		}
		if excepted(l.except, href) {
			return ""
		}
		got := m[l.re.SubexpIndex("version")]
		if expectation(l.expect, version).MatchString(got) {
			return ""
		}
		want := strings.ReplaceAll(l.expect, "{version}", version)
		return fmt.Sprintf("link %q is at %s %q, but its page is in docs version %s: expected %s (or list the link in the rule's \"except\")", href, l.what, got, version, want)
	}
	return ""
}

func excepted(except []*regexp.Regexp, href string) bool {
	for _, re := range except {
		if re.MatchString(href) {
			return true
		}
	}
	return false
}
