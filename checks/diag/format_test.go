package diag

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The closing line names what each command counted: links, a browser's
// expectations, the crawl's requests, or that there was nothing to check.
func TestSummaryLine(t *testing.T) {
	for _, c := range []struct {
		sum  Summary
		want string
	}{
		{Summary{Tool: "checks links", Pages: 3, Links: 1, Seconds: 0.5}, "checks links: 3 pages, 1 link checked in 0.50s: no problems"},
		{Summary{Tool: "checks browser", Pages: 1, Checks: 5, Errors: 2}, "checks browser: 1 page, 5 expectations checked in 0.00s: 2 errors"},
		{Summary{Tool: "checks browser --crawl", Pages: 39, Requests: 1102, Errors: 4, Warnings: 1}, "checks browser --crawl: 39 pages, 1102 requests checked in 0.00s: 4 errors and 1 warning"},
		{Summary{Tool: "checks browser"}, "checks browser: nothing to check in 0.00s: no problems"},
		{Summary{Tool: "checks links", Pages: 2}, "checks links: 2 pages, 0 links checked in 0.00s: no problems"},
	} {
		assert.Equal(t, c.want, c.sum.String())
	}
}
