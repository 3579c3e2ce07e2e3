package links

import (
	"net/url"
	"strings"
)

// Index answers "which file serves this URL path" with one map lookup in
// the common case: every key a clean path can take is listed up front, so
// checking a link costs the same on a 50k-page site as on a small one.
type Index struct {
	host  Host
	files map[string]struct{}
	paths map[string]string // "a/b" and "a/b/" (no leading slash) → file
}

// NewIndex lists the URL paths each file answers, following Candidates'
// order of preference: the file itself, then p/index.html, then p.html.
func NewIndex(files map[string]struct{}, h Host) *Index {
	ix := &Index{host: h, files: files, paths: make(map[string]string, 2*len(files))}
	// Lowest preference first: a better answer overwrites a worse one.
	if h.CleanURLs {
		for f := range files {
			if p, ok := strings.CutSuffix(f, ".html"); ok && p != "" && !strings.HasSuffix(p, "/") {
				ix.paths[p] = f
			}
		}
	}
	for f := range files {
		if f == "index.html" {
			ix.paths[""] = f
		} else if d, ok := strings.CutSuffix(f, "/index.html"); ok {
			ix.paths[d] = f
			ix.paths[d+"/"] = f
		}
	}
	for f := range files {
		ix.paths[f] = f
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
	f, ok := ix.paths[p[1:]]
	return f, ok
}
