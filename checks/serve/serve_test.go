package serve

import (
	"encoding/json"
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

// hostCases is testdata/static-host.json: the cases the site's JavaScript
// (site/src/lib/routePath.js) must answer as this package does.
type hostCases struct {
	RouteOf   [][2]string `json:"routeOf"`
	RouteFile [][2]string `json:"routeFile"`
}

func readHostCases(t *testing.T) hostCases {
	raw, err := os.ReadFile("../../testdata/static-host.json")
	require.NoError(t, err)
	var c hostCases
	require.NoError(t, json.Unmarshal(raw, &c))
	return c
}

func TestURLRouteAgreesWithTheSite(t *testing.T) {
	for _, c := range readHostCases(t).RouteOf {
		assert.Equal(t, c[1], URLRoute(c[0]), c[0])
	}
}

// A route written to RouteFile is the route that file shows, and the URL
// the host serves that file at shows it too.
func TestRouteFileRoundTrips(t *testing.T) {
	for _, c := range readHostCases(t).RouteFile {
		if c[0] == "*" { // routes.json's not-found route: checks/routes
			continue
		}
		assert.Equal(t, c[1], RouteFile(c[0]), c[0])
		route, ok := FileRoute(RouteFile(c[0]))
		assert.True(t, ok)
		assert.Equal(t, URLRoute(c[0]), route, c[0])
		assert.Equal(t, route, URLRoute(PageURL(RouteFile(c[0]))), c[0])
	}
}

func TestIsHTMLIgnoresLetterCase(t *testing.T) {
	for f, want := range map[string]bool{"a.html": true, "A.HTML": true, "b/c.htm": true, "d.Htm": true, "e.js": false, "html": false, "f.html.gz": false} {
		assert.Equal(t, want, IsHTML(f), f)
	}
}

func TestFileRoute(t *testing.T) {
	for file, want := range map[string]string{"index.html": "/", "api/zkvm/index.html": "/api/zkvm", "legacy.html": "/legacy", "404.html": "/404"} {
		got, ok := FileRoute(file)
		assert.True(t, ok, file)
		assert.Equal(t, want, got, file)
	}
	_, ok := FileRoute("img/logo.svg")
	assert.False(t, ok, "a file that is no page shows no route")
}
