package checkscmd

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/diag"
)

// Each testdata/crawl/*.txtar is a mini-site with runtime faults, the
// command line that crawls it, and the exact stdout and exit code, as the
// links fixtures are. They need Chromium: without one they are skipped,
// saying why (under CI, where make test installs it, they fail).
func TestCrawlFixtures(t *testing.T) {
	if _, err := exec.LookPath(browsertest.Path()); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("no browser under CI: %v", err)
		}
		t.Skipf("no browser at %s: %v", browsertest.Path(), err)
	}
	eachFixture(t, "../../testdata/crawl", func(t *testing.T, want map[string]string) {
		checkFixture(t, want, append(strings.Fields(want["args"]), "--chromium", browsertest.Path()))
	})
}

// Two CI jobs crawl half the pages each (--shard 1/2, 2/2), and checks
// report reads both results into one report: every page's fault once.
func TestCrawlShardsMergeInTheReport(t *testing.T) {
	if _, err := exec.LookPath(browsertest.Path()); err != nil {
		t.Skipf("no browser at %s: %v", browsertest.Path(), err)
	}
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	require.NoError(t, os.Mkdir(site, 0o755))
	for _, p := range []string{"a", "b", "c", "d"} {
		require.NoError(t, os.WriteFile(filepath.Join(site, p+".html"), []byte("<!doctype html><script>throw new Error('"+p+"')</script>"), 0o644))
	}
	var results []string
	for _, shard := range []string{"1/2", "2/2"} {
		var out, errOut bytes.Buffer
		code := Run([]string{"browser", site, "--crawl", "--shard", shard, "--format", "json", "--chromium", browsertest.Path()}, &out, &errOut, false)
		require.Equal(t, 1, code, errOut.String())
		var run diag.Run
		require.NoError(t, json.Unmarshal(out.Bytes(), &run))
		var msgs []string
		for _, d := range run.Diagnostics {
			msgs = append(msgs, filepath.Base(d.File)+": "+d.Message)
		}
		want := map[string][]string{
			"1/2": {"a.html: uncaught exception: Error: a", "c.html: uncaught exception: Error: c"},
			"2/2": {"b.html: uncaught exception: Error: b", "d.html: uncaught exception: Error: d"},
		}[shard]
		assert.Equal(t, want, msgs, "shard %s: every 2nd page", shard)
		results = append(results, filepath.Join(dir, strings.ReplaceAll(shard, "/", "of")+".json"))
		require.NoError(t, os.WriteFile(results[len(results)-1], out.Bytes(), 0o644))
	}
	var out, errOut bytes.Buffer
	code := Run(append([]string{"report", "--out", filepath.Join(dir, "report.html")}, results...), &out, &errOut, false)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "written (4 errors, 0 warnings")
}
