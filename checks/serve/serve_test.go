package serve

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func site(t *testing.T) string {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html": "home", "faq/index.html": "faq", "legacy.html": "legacy",
		"404.html": "not found", "assets/app.js": "js", "with space/index.html": "spaced",
	} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	return dir
}

func TestHandlerServesLikeAStaticHost(t *testing.T) {
	h := Handler(site(t))
	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/", 200, "home"},
		{"/faq", 200, "faq"},
		{"/faq/", 200, "faq"},
		{"/faq?q=1", 200, "faq"},
		{"/legacy", 200, "legacy"}, // clean URL answered from legacy.html
		{"/assets/app.js", 200, "js"},
		{"/with%20space/", 200, "spaced"}, // percent-encoded, as browsers send it
		{"/missing", 404, "not found"},
		{"/../../etc/passwd", 404, "not found"}, // never climbs out of the root
		{"/faq.html", 404, "not found"},         // no faq.html file: the client normalises it
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		assert.Equal(t, c.status, rec.Code, c.path)
		assert.Equal(t, c.body, rec.Body.String(), c.path)
	}
}
