package checkscmd

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/remote"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Each testdata/crawl/*.txtar is a mini-site with runtime faults, the
// command line that crawls it, and the exact stdout and exit code, as the
// links fixtures are. They need Chromium: without one they are skipped,
// saying why (under CI, where make test installs it, they fail).
func TestCrawlFixtures(t *testing.T) {
	needBrowser(t)
	eachFixture(t, "../../testdata/crawl", func(t *testing.T, want map[string]string) {
		checkFixture(t, want, append(strings.Fields(want["args"]), "--chromium", browsertest.Path()))
	})
}

// needBrowser skips a test without Chromium, saying why (under CI, where
// make test installs it, it fails).
func needBrowser(t *testing.T) {
	if _, err := exec.LookPath(browsertest.Path()); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no browser under CI: %v", err)
		}
		t.Skipf("no browser at %s: %v", browsertest.Path(), err)
	}
}

// Each testdata/crawl-remote/*.txtar is a deployed site: its site/ folder
// is served on 127.0.0.1 by the default host's rules (SITE in args and
// want/stdout is its address), and the paths in "busy" answer 429 with
// Retry-After: 1 the first time the crawl's reader of pages asks for them
// (robots.txt, sitemaps, links), and again the first time the browser does.
func TestCrawlDeployedSites(t *testing.T) {
	needBrowser(t)
	eachFixture(t, "../../testdata/crawl-remote", func(t *testing.T, want map[string]string) {
		listed, _ := os.ReadFile("busy") // unpacked with the site
		busy := map[string]bool{}
		for _, p := range strings.Fields(string(listed)) {
			busy[p+" "+remote.Agent] = true
			busy[p+" browser"] = true
		}
		require.NotEmpty(t, busy, "the fixture lists busy pages")
		var mu sync.Mutex
		files := serve.Handler("site")
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			who := "browser"
			if r.UserAgent() == remote.Agent {
				who = remote.Agent
			}
			mu.Lock()
			first := busy[r.URL.Path+" "+who]
			delete(busy, r.URL.Path+" "+who)
			mu.Unlock()
			if first {
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
			files.ServeHTTP(w, r)
		}))
		defer srv.Close()
		want["want/stdout"] = strings.ReplaceAll(want["want/stdout"], "SITE", srv.URL)
		checkFixture(t, want, append(strings.Fields(strings.ReplaceAll(want["args"], "SITE", srv.URL)), "--chromium", browsertest.Path()))
		assert.Empty(t, busy, "every busy page was asked for")
	})
}
