package checkscmd

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/registry"
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
// (robots.txt, sitemaps, links), and again the first time the browser does;
// one written browser:/path only the first time the browser does (a page's
// file, which the reader never asks for).
func TestCrawlDeployedSites(t *testing.T) {
	needBrowser(t)
	eachFixture(t, "../../testdata/crawl-remote", func(t *testing.T, want map[string]string) {
		listed, _ := os.ReadFile("busy") // unpacked with the site
		busy := map[string]bool{}
		for _, p := range strings.Fields(string(listed)) {
			if file, ok := strings.CutPrefix(p, "browser:"); ok {
				busy[file+" browser"] = true
				continue
			}
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

// --shard i/n crawls part i of n of the pages: of three, 1/2 takes two and
// 2/2 one (which pages, browser.Shard's test says). With every crawl check
// ignored no browser starts, so this needs none; a bad --shard is a usage
// error before anything runs.
func TestCrawlShardFlag(t *testing.T) {
	site := t.TempDir()
	for _, p := range []string{"a", "b", "c"} {
		require.NoError(t, os.WriteFile(filepath.Join(site, p+".html"), []byte("<!doctype html>"), 0o644))
	}
	args := []string{"browser", site, "--crawl", "--format", "json", "--chromium", "/no/such/chromium"}
	for _, id := range registry.IDs(registry.Of(registry.Crawl)) {
		args = append(args, "--on-"+id, "ignore")
	}
	for shard, pages := range map[string]int{"1/2": 2, "2/2": 1, "1/1": 3} {
		var out, errOut bytes.Buffer
		require.Equal(t, 0, Run(append(args, "--shard", shard), &out, &errOut, false), errOut.String())
		var run diag.Run
		require.NoError(t, json.Unmarshal(out.Bytes(), &run))
		assert.Equal(t, pages, run.Summary.Pages, "--shard %s", shard)
	}
	for _, bad := range []string{"0/2", "3/2", "2", "a/b", "1/0"} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, Run(append(args, "--shard", bad), &out, &errOut, false), bad)
		assert.Equal(t, fmt.Sprintf("checks browser: --shard is i/n, part i of n with 1 <= i <= n (2/3): got %q\n", bad), errOut.String())
	}
}

// The number of tabs is --tabs, else crawl.tabs of checks.json, else the
// browser's own (browser.DefaultTabs); none of them may be 0.
func TestCrawlTabsFlag(t *testing.T) {
	shell, full := "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
	tabs := func(chromium string, crawl *config.CrawlConfig, args ...string) (int, error) {
		fs := flag.NewFlagSet("browser", flag.ContinueOnError)
		o := crawlFlags(fs)
		require.NoError(t, fs.Parse(args))
		set, err := o.options(&config.Config{Crawl: crawl}, chromium)
		return set.tabs, err
	}
	cores := runtime.NumCPU()
	for _, c := range []struct {
		chromium string
		crawl    *config.CrawlConfig
		args     []string
		want     int
	}{
		{shell, nil, nil, min(3*cores, 6)},
		{full, nil, nil, min(2*cores, 4)},
		{full, &config.CrawlConfig{Sample: 5}, nil, min(2*cores, 4)},
		{shell, &config.CrawlConfig{Tabs: 9}, nil, 9},
		{shell, &config.CrawlConfig{Tabs: 9}, []string{"--tabs", "1"}, 1},
		{full, nil, []string{"--tabs", "7"}, 7},
	} {
		got, err := tabs(c.chromium, c.crawl, c.args...)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "%s %+v %v", c.chromium, c.crawl, c.args)
	}
	_, err := tabs(shell, nil, "--tabs", "0")
	assert.EqualError(t, err, "--tabs and --page-timeout must be positive, --sample and --quiet-window at least 0")
}

// A crawl opens no more tabs than it has pages: two pages, two tabs, where
// the default is 4 or 6.
func TestCrawlOpensNoIdleTabs(t *testing.T) {
	needBrowser(t)
	t.Chdir(t.TempDir())
	write(t, map[string]string{"site/index.html": "<!doctype html><title>a</title>", "site/b.html": "<!doctype html><title>b</title>"})
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Run([]string{"browser", "site", "--crawl", "--no-progress", "--chromium", browsertest.Path()}, &out, &errOut, false), errOut.String())
	assert.Contains(t, errOut.String(), ", 2 pages in 2 tabs\n")
}
