// Package serve serves a built static site the way a static host does (see
// Host: which files answer a URL, the redirects, the 404 page), and no more
// than a static host would: only GET and HEAD, only files inside the root
// once symlinks are resolved, no dotfiles.
package serve

import (
	"errors"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Handler serves dir as Default does.
func Handler(dir string) http.Handler { return Default.Handler(dir) }

// Handler serves dir as the host does. The preview server (docs serve), the
// browser checks and the tests all serve through it, so a page behaves
// there as the link check (which uses the same Host) judged it.
func (h Host) Handler(dir string) http.Handler {
	root := Root{dir}
	rules := &redirectsCache{top: ConfigTop()}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			// A static host has nothing to post to; the page answering a
			// POST with 200 would hide a form or fetch aimed at the wrong place.
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		a := rules.host(h, dir, mountedAt(r)+"/").Answer(r.URL.EscapedPath(), root.IsFile)
		switch {
		case a.Away && a.Status == http.StatusOK:
			// A rule proxying another site: the host fetches it, the preview does not.
			http.Error(w, "502 the host would fetch "+a.Location+" here; the preview does not", http.StatusBadGateway)
		case a.Location != "":
			loc := a.Location
			if !a.Away {
				loc = mountedAt(r) + loc
			}
			if r.URL.RawQuery != "" {
				loc += "?" + r.URL.RawQuery
			}
			// The host's status, but not remembered: a browser caches a 301
			// for good, and the next site previewed on this port may not
			// want it.
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Location", loc)
			w.WriteHeader(a.Status)
		case a.Status == http.StatusOK:
			sendFile(w, r, root.path(a.File))
		case a.File != "":
			sendPage(w, r, root.path(a.File), a.Status)
		default:
			http.Error(w, "404 page not found", http.StatusNotFound)
		}
	})
}

// redirectsCache holds the host with the rules of the served folder's
// _redirects (and of the netlify.toml Netlify's build reads for it, found
// up to top as the link check finds it), read again when a file changes (a rebuild while the
// preview runs) or the server is mounted elsewhere.
type redirectsCache struct {
	top  string // ConfigTop, when the handler was made
	mu   sync.Mutex
	key  string
	kept Host
}

// host is h with the folder's rules. A file that does not read as rules
// is served without them: the link check names its line.
func (c *redirectsCache) host(h Host, dir, base string) Host {
	if h.ReadsRedirects == nil || h.Redirects != nil {
		return h
	}
	key := base
	config := h.FindConfig(dir, c.top)
	for _, f := range []string{filepath.Join(dir, RedirectsFile), config} {
		if st, err := os.Stat(f); err == nil && f != "" {
			key += "\x00" + st.ModTime().String() + "\x00" + strconv.FormatInt(st.Size(), 10)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.key != key {
		c.key, c.kept = key, h
		if withRules, err := h.WithRedirects(dir, RedirectsFile, base); err == nil {
			c.kept = withRules
		}
		if withConfig, err := c.kept.WithConfig(config, config, dir, base); err == nil {
			c.kept = withConfig
		}
	}
	return c.kept
}

// mountedAt is the path the handler is mounted under (http.StripPrefix
// leaves the request's own URI as sent): a redirect must carry it.
func mountedAt(r *http.Request) string {
	u, err := url.ParseRequestURI(r.RequestURI)
	if err != nil {
		return ""
	}
	sent, here := u.EscapedPath(), r.URL.EscapedPath()
	if prefix, ok := strings.CutSuffix(sent, here); ok && here != sent {
		return prefix
	}
	return ""
}

// sendFile sends a file with its type, ranges and conditional requests.
// (Not http.ServeFile: it sends /p/index.html on to /p/ and lists folders,
// which is the host's to decide, not the file server's.)
func sendFile(w http.ResponseWriter, r *http.Request, file string) {
	f, err := os.Open(file)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	http.ServeContent(w, r, file, st.ModTime(), f)
}

// sendPage sends an HTML page with status (the 404 page, or a single-page
// app's index.html for a URL it routes).
func sendPage(w http.ResponseWriter, r *http.Request, file string, status int) {
	body, err := os.ReadFile(file)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// Root is a served folder. A file in it is served only when it is a regular
// file inside the folder once every symlink is resolved (a link in the
// build to /etc is not a way out), and no part of its path starts with a
// dot: .git, .env and editor files lie in built folders more often than a
// page a host would serve does.
type Root struct{ Dir string }

// IsFile tells whether rel (slash-separated, cleaned, relative to the root)
// is a file the root serves.
func (r Root) IsFile(rel string) bool {
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return false
		}
	}
	// The root is resolved on every request, not once: a rebuild may
	// replace the folder while the server runs.
	abs, err := filepath.Abs(r.Dir)
	if err != nil {
		return false
	}
	dir, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return false
	}
	// EvalSymlinks fails on a loop (too many links) and on a dangling
	// link: both are no file, answered at once.
	real, err := filepath.EvalSymlinks(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return false
	}
	if !strings.HasPrefix(real, dir+string(filepath.Separator)) {
		return false
	}
	st, err := os.Stat(real)
	return err == nil && st.Mode().IsRegular()
}

func (r Root) path(rel string) string { return filepath.Join(r.Dir, filepath.FromSlash(rel)) }

// Resolve maps a URL path (as sent, percent-encoded) to the file Default
// sends for it, following its redirects: the page a browser ends on. The
// link check looks files up by the same rules (host.go), so this answers
// exactly the links `checks links` accepts.
func Resolve(dir, escapedPath string) (string, bool) {
	root := Root{dir}
	for _, c := range Default.Candidates(escapedPath) {
		if root.IsFile(c) {
			return root.path(c), true
		}
	}
	return "", false
}

// CheckRoot says why dir cannot be served, if it cannot: a preview of a
// folder that is not there would answer 404 to everything.
func CheckRoot(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New(dir + " does not exist (build the site first?)")
	case err != nil:
		return err
	case !st.IsDir():
		return errors.New(dir + " is not a folder")
	}
	return nil
}
