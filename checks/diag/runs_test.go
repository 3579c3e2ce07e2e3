package diag

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func results() Results {
	return Results{Runs: []Run{
		Counted(List{{Severity: Error, Check: "broken-link", File: "out/a.html", Message: "gone"}}, Summary{Tool: "checks links", Pages: 40, Links: 7}, time.Now()),
		{Summary: Summary{Tool: "checks markdown", Pages: 12, Links: 3, Warnings: 2, Hints: []Hint{{Check: "x", Count: 1, Message: "a hint"}}}},
		{Summary: Summary{Tool: "checks browser", Failed: "no browser"}},
	}}
}

// checks all's total: pages the most any run saw, the rest summed, every
// run's hints; the runs that could not run; a run by its tool.
func TestResultsTotal(t *testing.T) {
	res := results()
	total := res.Total(2 * time.Second)
	assert.Equal(t, Summary{Tool: "checks all", Pages: 40, Links: 10, Errors: 1, Warnings: 2, Seconds: 2, Hints: []Hint{{Check: "x", Count: 1, Message: "a hint"}}}, total)
	assert.Equal(t, []Summary{{Tool: "checks browser", Failed: "no browser"}}, res.Failed())
	assert.Equal(t, 1, res.Of("checks links").Summary.Errors)
	assert.Nil(t, res.Of("checks browser --crawl"))
}

// Text goes run by run, a run that could not run left to stderr, then the
// verdict; quiet prints nothing of a clean run.
func TestWriteAll(t *testing.T) {
	res := results()
	res.Summary = res.Total(time.Second)
	var out bytes.Buffer
	require.NoError(t, WriteAll(&out, FormatText, res, false, false))
	assert.Contains(t, out.String(), "out/a.html\n")
	assert.NotContains(t, out.String(), "no browser")
	assert.Contains(t, out.String(), "checks all: ")
	out.Reset()
	require.NoError(t, WriteAll(&out, FormatText, Results{Runs: []Run{{Summary: Summary{Tool: "checks links"}}}}, true, false))
	assert.Empty(t, out.String())
}
