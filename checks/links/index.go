package links

import (
	"net/url"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Index answers "which file serves this URL path" with one map lookup in
// the common case, so checking a link costs the same on a 50k-page site as
// on a small one. On a large site most lookups miss the CPU caches, and the
// memory a lookup touches, not the work it does, sets its cost: so files
// are filed by stem (one key per page, not one per spelling), and answers
// are small file numbers rather than names.
type Index struct {
	host  serve.Host
	files map[string]struct{}
	stems *stemTable
	names []string // by File; names[0] is unused
	html  []bool   // by File: the file is a page that can hold anchors
}

// A File is a file of the site by number; 0 is none.
type File int32

// answers are the files filed under one stem, by kind.
type answers [3]File

// Kinds of file under a stem s: s itself, s/index.html, s.html.
const (
	self = iota
	index
	html
)

// stem splits a file name into its stem and kind: "a/index.html" is
// ("a", index), "b.html" is ("b", html), "c.png" is ("c.png", self).
func stem(f string) (string, int) {
	if f == "index.html" {
		return "", index
	}
	if d, ok := strings.CutSuffix(f, "/index.html"); ok {
		return d, index
	}
	if s, ok := strings.CutSuffix(f, ".html"); ok {
		return s, html
	}
	return f, self
}

// NewIndex numbers the files and files each under its stem.
func NewIndex(files map[string]struct{}, h serve.Host) *Index {
	ix := &Index{host: h, files: files, stems: newStemTable(len(files)), names: []string{""}, html: []bool{false}}
	for f := range files {
		s, k := stem(f)
		ix.stems.set(s, k, File(len(ix.names)))
		ix.names = append(ix.names, f)
		ix.html = append(ix.html, serve.IsHTML(f))
	}
	return ix
}

// Name is the file's name, relative to the site root.
func (ix *Index) Name(f File) string { return ix.names[f] }

// IsHTML tells whether the file is a page, whose anchors can be linked.
func (ix *Index) IsHTML(f File) bool { return ix.html[f] }

// Named is the file of that name, or 0.
func (ix *Index) Named(name string) File {
	s, k := stem(name)
	return ix.stems.get(s)[k]
}

// Lookup finds the file that answers urlPath (absolute, percent-encoded),
// trying the path as written and then percent-decoded, as Candidates does.
func (ix *Index) Lookup(urlPath string) File {
	if f := ix.lookupForm(urlPath); f != 0 || !strings.Contains(urlPath, "%") {
		return f
	}
	if dec, err := url.PathUnescape(urlPath); err == nil && dec != urlPath {
		return ix.lookupForm(dec)
	}
	return 0
}

// lookupForm answers one spelling of a path. Paths a host would normalise
// first ("//", dot segments) take the general route through the host's
// candidates.
func (ix *Index) lookupForm(p string) File {
	if !plainPath(p) {
		for _, c := range ix.host.AppendCandidates(nil, p) {
			if _, ok := ix.files[c]; ok {
				return ix.Named(c)
			}
		}
		return 0
	}
	return ix.clean(p[1:])
}

// plainPath is true for an absolute path with no "//" and no "/.": one
// that hosts serve as written. (One loop: this runs for every link.)
func plainPath(p string) bool {
	if len(p) == 0 || p[0] != '/' {
		return false
	}
	for i := 1; i < len(p); i++ {
		if p[i-1] == '/' && (p[i] == '/' || p[i] == '.') {
			return false
		}
	}
	return true
}

// clean answers a clean path q (no leading slash) in Candidates' order: q
// itself, q/index.html and q.html where the host serves clean URLs (q.html
// first on hosts that try it first); q/ by q/index.html, or by q.html on
// hosts that send q/ on to q.
func (ix *Index) clean(q string) File {
	h := ix.host
	if q == "" || strings.HasSuffix(q, "/") {
		d := strings.TrimSuffix(q, "/")
		a := ix.stems.get(d)
		if a[index] != 0 || !h.SlashToHTML || !h.CleanURLs || d == "" {
			return a[index]
		}
		return ix.cleanHTML(d, a)
	}
	s, k := stem(q)
	a := ix.stems.get(s)
	if a[k] != 0 {
		return a[k]
	}
	if s != q {
		a = ix.stems.get(q)
	}
	if h.CleanURLs && h.HTMLFirst {
		if f := ix.cleanHTML(q, a); f != 0 {
			return f
		}
	}
	if a[index] != 0 || !h.CleanURLs {
		return a[index]
	}
	return ix.cleanHTML(q, a)
}

// cleanHTML is q.html, given a, the answers filed under q: q.html is
// filed there, except "d/index.html", which is d's index.
func (ix *Index) cleanHTML(q string, a answers) File {
	if d, ok := strings.CutSuffix(q, "index"); ok && (d == "" || strings.HasSuffix(d, "/")) {
		return ix.stems.get(strings.TrimSuffix(d, "/"))[index]
	}
	return a[html]
}
