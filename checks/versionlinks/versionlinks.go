// Package versionlinks holds each page of versioned docs to links of its
// own version. A page of the 1.1 docs that links GitHub at main, or docs.rs
// at latest, is right the day it is written and wrong once main moves on;
// nothing in the build shows it. A rule of checks.json's "versions" says
// which folders are versions and which links carry a version part that must
// match the page's.
package versionlinks

import (
	"fmt"
	"path/filepath"
	"regexp"
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
}

// Link is one kind of versioned link: a known site, or a regexp.
type Link struct {
	GitHub   string `json:"github"`   // "owner/repo": blob, tree, raw, blame and commits URLs, raw.githubusercontent.com
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
}

type rule struct {
	pages string // absolute
	links []link
}

type link struct {
	what   string // for the message: "GitHub risc0/risc0 ref"
	re     *regexp.Regexp
	expect string
	except []*regexp.Regexp
}

// Error is a rule that cannot be used; Rule and Link are its indexes
// (Link is -1 for the rule itself), so that the caller can place it in
// its file.
type Error struct {
	Rule, Link int
	Msg        string
}

func (e *Error) Error() string { return e.Msg }

// Compile checks the rules and compiles them. Pages are read from the
// current directory.
func Compile(rules []Rule) (*Set, error) {
	s := &Set{}
	for i, r := range rules {
		if r.Pages == "" {
			return nil, &Error{i, -1, `"pages" is missing: a folder pattern whose matches are the versions, e.g. "docs/versions/*"`}
		}
		if _, err := filepath.Match(r.Pages, ""); err != nil {
			return nil, &Error{i, -1, fmt.Sprintf("pages %q: %v", r.Pages, err)}
		}
		abs, err := filepath.Abs(r.Pages)
		if err != nil {
			return nil, &Error{i, -1, err.Error()}
		}
		if len(r.Links) == 0 {
			return nil, &Error{i, -1, `"links" is empty: name the links that must match the page's version (github, docsrs, pkggodev, npm or regexp)`}
		}
		cr := rule{pages: abs}
		for j, l := range r.Links {
			cl, msg := compileLink(l)
			if msg != "" {
				return nil, &Error{i, j, msg}
			}
			cr.links = append(cr.links, cl)
		}
		s.rules = append(s.rules, cr)
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
		repo := regexp.QuoteMeta(strings.Trim(l.GitHub, "/"))
		add("github", "GitHub "+l.GitHub+" ref", `(?i)^https?://(?:(?:www\.)?github\.com/`+repo+`/(?:blob|tree|raw|blame|commits|edit)|raw\.githubusercontent\.com/`+repo+`)/`+part)
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
	if i < 0 {
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
