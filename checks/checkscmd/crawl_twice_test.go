package checkscmd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
)

// Two crawls of one build are the same run to checks report --previous:
// no new problem and none fixed, though the site is served on a new port
// each time and its pages write that port, a timestamp and a random token
// into what fails (a URL with a cache-buster, a console message naming the
// page's address, an import() that fails).
func TestTwoCrawlsOfOneBuildAreTheSameRun(t *testing.T) {
	needBrowser(t)
	t.Chdir(t.TempDir())
	page := `<!doctype html>
<title>faults that name their run</title>
<script type="module">
fetch("/data/missing.json?t=" + Date.now())
fetch("/data/gone.json?token=" + crypto.randomUUID().replaceAll("-", ""))
console.error("could not load " + location.href + "data/")
setTimeout(() => { throw new Error("late at " + location.origin + "/x") }, 50)
import("/chunk-" + "missing.js")
</script>
`
	require.NoError(t, os.MkdirAll("site", 0o755))
	require.NoError(t, os.WriteFile(filepath.Join("site", "index.html"), []byte(page), 0o644))
	for _, out := range []string{"first.json", "second.json"} {
		var stdout, stderr bytes.Buffer
		code := Run([]string{"browser", "site", "--crawl", "--format", "json", "--no-progress", "--chromium", browsertest.Path()}, &stdout, &stderr, false)
		require.Equal(t, 1, code, stderr.String())
		require.NoError(t, os.WriteFile(out, stdout.Bytes(), 0o644))
	}
	var stdout, stderr bytes.Buffer
	code := Run([]string{"report", "second.json", "--previous", "first.json", "--out", "report.html", "--markdown", "summary.md"}, &stdout, &stderr, false)
	require.Equal(t, 0, code, stderr.String())
	summary, err := os.ReadFile("summary.md")
	require.NoError(t, err)
	assert.Contains(t, string(summary), "0 new problems since the previous run, 0 fixed problems.")
	first, _ := os.ReadFile("first.json")
	assert.Contains(t, string(first), "could not load /data/", "the page's address, written by its path")
}
