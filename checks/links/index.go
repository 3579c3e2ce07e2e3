package links

import (
	"net/url"
	"strings"
)

// Index answers "which file serves this URL path" with one map lookup in
// the common case, so checking a link costs the same on a 50k-page site as
// on a small one. Files are filed by stem, the path without "/index.html"
// or ".html": one key per page keeps the map small, and on a large site
// the size of the map, not the work per link, sets the cost of a lookup
// (most lookups miss the CPU caches).
type Index struct {
	host  Host
	files map[string]struct{}
	stems map[string]answers
}

// answers are the files filed under one stem, by kind.
type answers [3]string

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

// NewIndex files every file under its stem.
func NewIndex(files map[string]struct{}, h Host) *Index {
	ix := &Index{host: h, files: files, stems: make(map[string]answers, len(files))}
	for f := range files {
		s, k := stem(f)
		a := ix.stems[s]
		a[k] = f
		ix.stems[s] = a
	}
	return ix
}

// Lookup finds the file that answers urlPath (absolute, percent-encoded),
// trying the path as written and then percent-decoded, as Candidates does.
func (ix *Index) Lookup(urlPath string) (string, bool) {
	if f, ok := ix.lookupForm(urlPath); ok || !strings.Contains(urlPath, "%") {
		return f, ok
	}
	if dec, err := url.PathUnescape(urlPath); err == nil && dec != urlPath {
		return ix.lookupForm(dec)
	}
	return "", false
}

// lookupForm answers one spelling of a path. Paths a host would normalise
// first ("//", dot segments) take the general route through the host's
// candidates.
func (ix *Index) lookupForm(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") || strings.Contains(p, "//") || strings.Contains(p, "/.") {
		for _, c := range ix.host.candidates(p, nil) {
			if _, ok := ix.files[c]; ok {
				return c, true
			}
		}
		return "", false
	}
	f := ix.clean(p[1:])
	return f, f != ""
}

// clean answers a clean path q (no leading slash) in Candidates' order: q
// itself, q/index.html, then q.html where the host serves clean URLs.
func (ix *Index) clean(q string) string {
	if q == "" || strings.HasSuffix(q, "/") {
		return ix.stems[strings.TrimSuffix(q, "/")][index]
	}
	s, k := stem(q)
	a := ix.stems[s]
	if a[k] != "" {
		return a[k]
	}
	if s != q {
		a = ix.stems[q]
	}
	if a[index] != "" || !ix.host.CleanURLs {
		return a[index]
	}
	// q.html is filed under q, except "d/index.html", which is d's index.
	if d, ok := strings.CutSuffix(q, "index"); ok && (d == "" || strings.HasSuffix(d, "/")) {
		return ix.stems[strings.TrimSuffix(d, "/")][index]
	}
	return a[html]
}
