// Package serve serves a built static site the way a static host does:
// /p, /p/ and /p/index.html are one page, /p answers from p.html when there
// is no p/index.html (clean URLs), and unknown paths get 404.html with a 404.
package serve

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Handler serves dir.
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if file, ok := Resolve(dir, r.URL.Path); ok {
			http.ServeFile(w, r, file)
			return
		}
		notFound(w, dir)
	})
}

// Resolve maps a URL path to the file a clean-URL static host would send.
// The path is cleaned first, so it can never climb out of dir.
func Resolve(dir, urlPath string) (string, bool) {
	clean := path.Clean("/" + urlPath)
	base := filepath.Join(dir, filepath.FromSlash(clean))
	candidates := []string{base, filepath.Join(base, "index.html")}
	if !strings.HasSuffix(urlPath, "/") {
		candidates = append(candidates, base+".html")
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			return c, true
		}
	}
	return "", false
}

func notFound(w http.ResponseWriter, dir string) {
	body, err := os.ReadFile(filepath.Join(dir, "404.html"))
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write(body)
}
