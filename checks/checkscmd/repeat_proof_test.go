//go:build proof

package checkscmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/devdocs-dev/devdocs/checks/browser/browsertest"
	"github.com/devdocs-dev/devdocs/checks/internal/busyload"
)

// The crawl's findings are the same on every run, however busy the
// machine: each fault fixture is crawled CRAWL_REPEATS times (ten unless
// set) in a row under the bounded synthetic load, and every run must
// print exactly its want/stdout (the same pages, checks, places and
// messages as the idle run of make test). Too slow for make test; make
// crawl-repeat-check runs it (-tags proof), three times each as a step of
// make proofs.
func TestCrawlRepeatsUnderLoad(t *testing.T) {
	needBrowser(t)
	repeats := 10
	if n, err := strconv.Atoi(os.Getenv("CRAWL_REPEATS")); err == nil && n > 0 {
		repeats = n
	}
	busyload.Start(t)
	for _, name := range repeatedFixtures {
		ar, err := txtar.ParseFile(filepath.Join("../../testdata/crawl", name+".txtar"))
		if err != nil {
			t.Fatal(err)
		}
		for run := 1; run <= repeats; run++ {
			t.Run(fmt.Sprintf("%s/run%d", name, run), func(t *testing.T) {
				want := unpack(t, ar)
				checkFixture(t, want, append(strings.Fields(want["args"]), "--chromium", browsertest.Path()))
			})
		}
	}
}

// repeatedFixtures are the crawl fixtures of faults a page makes as it runs.
var repeatedFixtures = []string{"faults", "places", "thrown-objects", "hydration", "csp", "left-site", "workers", "service-workers", "service-worker-requests", "shared-workers"}
