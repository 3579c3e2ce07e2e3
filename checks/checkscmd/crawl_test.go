package checkscmd

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
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
