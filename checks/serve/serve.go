// Package serve serves a built static site the way a static host does:
// /p, /p/ and /p/index.html are one page, /p answers from p.html when there
// is no p/index.html (clean URLs), and unknown paths get 404.html with a 404.
package serve

import (
	"net/http"
	"os"
	"path/filepath"
)

// Handler serves dir.
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if file, ok := Resolve(dir, r.URL.EscapedPath()); ok {
			http.ServeFile(w, r, file)
			return
		}
		notFound(w, dir)
	})
}

// Resolve maps a URL path (as sent, percent-encoded) to the file the host
// sends. The link check looks files up by the same rules (host.go), so the
// preview server answers exactly the links `checks links` accepts. Candidates are cleaned paths
// relative to dir, so nothing outside dir is ever served.
func Resolve(dir, escapedPath string) (string, bool) {
	for _, c := range (Host{CleanURLs: true}).Candidates(escapedPath) {
		f := filepath.Join(dir, filepath.FromSlash(c))
		if st, err := os.Stat(f); err == nil && !st.IsDir() {
			return f, true
		}
	}
	return "", false
}

func notFound(w http.ResponseWriter, dir string) {
	body, err := os.ReadFile(filepath.Join(dir, NotFoundFile))
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write(body)
}
