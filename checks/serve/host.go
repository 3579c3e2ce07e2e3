package serve

import (
	"net/url"
	"path"
	"strings"
)

// This file is the one place that says how a static host maps files to URLs
// and back. The link check (checks/links), the report, the route table
// (checks/routes), the browser checks and `docs serve` all use it; the
// site's JavaScript (site/src/lib/routePath.js: the prerender's output files
// and the route a URL shows) is held to the same cases by
// testdata/static-host.json, read by a Go test and a node test.

// NotFoundFile is the page a host sends, with status 404, for a URL no file answers.
const NotFoundFile = "404.html"

// Host describes how the static host maps URL paths to files.
type Host struct {
	// CleanURLs: /p is answered by p.html when there is no p/index.html.
	CleanURLs bool
}

// Candidates lists the files, relative to the root, that may answer urlPath
// (absolute, percent-encoded), in the order the host tries them: the path as
// written, then percent-decoded (see Forms).
func (h Host) Candidates(urlPath string) []string {
	var out []string
	for _, p := range Forms(urlPath) {
		out = h.AppendCandidates(out, p)
	}
	return out
}

// AppendCandidates appends the files that may answer one spelling of a path:
// p itself, p/index.html, then p.html with clean URLs. A path ending in "/"
// names a folder, answered only by its index.html. Dot segments and "//" are
// cleaned first, so no candidate leaves the root.
func (h Host) AppendCandidates(out []string, p string) []string {
	dir := strings.HasSuffix(p, "/")
	clean := strings.TrimPrefix(path.Clean("/"+p), "/")
	if clean == "" {
		return append(out, "index.html")
	}
	if !dir {
		out = append(out, clean)
	}
	out = append(out, clean+"/index.html")
	if h.CleanURLs && !dir {
		out = append(out, clean+".html")
	}
	return out
}

// Forms returns the spellings to try for an escaped path or fragment: as
// written and percent-decoded. Hosts differ in which they match, and
// authors write both, so either answering makes the link good.
func Forms(escaped string) []string {
	forms := []string{escaped}
	if dec, err := url.PathUnescape(escaped); err == nil && dec != escaped {
		forms = append(forms, dec)
	}
	return forms
}

// PageURL is the URL path a static host serves a file at: a/index.html at
// /a/ (hosts redirect /a there), a.html and other files at their own path.
func PageURL(file string) string {
	if file == "index.html" {
		return "/"
	}
	if strings.HasSuffix(file, "/index.html") {
		return "/" + strings.TrimSuffix(file, "index.html")
	}
	return "/" + file
}

// URLRoute is the route a URL path shows, as the site's router reads it:
// /p/index.html, /p.html and /p/ all show the route /p.
func URLRoute(urlPath string) string {
	p := strings.TrimSuffix(urlPath, "index.html")
	if !strings.HasSuffix(p, "/") {
		p = strings.TrimSuffix(urlPath, ".html")
	}
	if p = strings.TrimRight(p, "/"); p == "" {
		return "/"
	}
	return p
}

// RouteFile is the file a route is written to, so that a host answers the
// route's clean URL with it: / → index.html, /a/b → a/b/index.html.
func RouteFile(route string) string {
	if p := strings.Trim(route, "/"); p != "" {
		return p + "/index.html"
	}
	return "index.html"
}

// FileRoute is the route a built page shows, for a file under the site's
// root: a/index.html → /a, a.html → /a, index.html → /. Other files show
// none.
func FileRoute(file string) (string, bool) {
	if !strings.HasSuffix(file, ".html") {
		return "", false
	}
	return URLRoute(PageURL(file)), true
}

// IsHTML tells whether a file is a page (whose links are read and whose
// anchors can be linked). Hosts choose the type by the extension in any
// letter case, so "A.HTML" is a page too.
func IsHTML(file string) bool {
	ext := strings.ToLower(path.Ext(file))
	return ext == ".html" || ext == ".htm"
}
