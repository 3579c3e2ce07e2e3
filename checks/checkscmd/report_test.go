package checkscmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// What the GitHub Action asks of one run's JSON: the report, SARIF for code
// scanning, annotations, and a summary that names the artifact.
func TestReportSARIFAnnotationsArtifact(t *testing.T) {
	results, err := filepath.Abs("../../testdata/report/local.json")
	require.NoError(t, err)
	t.Chdir(t.TempDir())
	var out, errOut bytes.Buffer
	code := Run([]string{"report", results, "--out", "r.html", "--markdown", "s.md", "--sarif", "c.sarif", "--annotations", "--artifact", "docs-report"}, &out, &errOut, false)
	require.Equal(t, 0, code, errOut.String())

	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Equal(t, "::error file=docs/guide/p01.md,line=9,col=3,title=markdown-link::broken markdown link \"../old.md\": docs/old.md does not exist", lines[0])
	assert.Contains(t, out.String(), "::warning file=docs/index.md,line=12,col=1,title=markdown-anchor::anchor #<b>x</b> not found in docs/setup.md")
	assert.Equal(t, "checks report: r.html written (42 errors, 1 warning, browser: not run)", lines[len(lines)-1])

	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	raw, err := os.ReadFile("c.sarif")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &sarif))
	assert.Equal(t, "2.1.0", sarif.Version)
	require.Len(t, sarif.Runs, 1)
	assert.Len(t, sarif.Runs[0].Results, 43)

	md, err := os.ReadFile("s.md")
	require.NoError(t, err)
	assert.Contains(t, string(md), "is the `docs-report` artifact of this run.")
}

// A run with a crawl and no contract checks is not "browser: not run" in
// the line checks report ends with, as the report itself says.
func TestReportLineCountsTheCrawl(t *testing.T) {
	results, err := filepath.Abs("../../testdata/report/crawl.json")
	require.NoError(t, err)
	t.Chdir(t.TempDir())
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Run([]string{"report", results, "--out", "r.html"}, &out, &errOut, false), errOut.String())
	assert.Equal(t, "checks report: r.html written (7 errors, 1 warning, browser: 3 pages crawled, contract checks not run)\n", out.String())
}

// From checks all to the report, the base-URL hint of a site built for
// /proj/ is said once wherever a reader meets it: after the text list,
// in the summary for the pull request, and as one annotation.
func TestHintFromAllToReport(t *testing.T) {
	abs, err := filepath.Abs("../../testdata/links/base-url-hint.txtar")
	require.NoError(t, err)
	ar, err := txtar.ParseFile(abs)
	require.NoError(t, err)
	unpack(t, ar)
	const hint = "is the site served under /proj/?"

	var out, errOut bytes.Buffer
	assert.Equal(t, 1, Run([]string{"all", "site", "--json", "results.json"}, &out, &errOut, false), errOut.String())
	assert.Equal(t, 1, strings.Count(out.String(), hint), out.String())
	assert.Regexp(t, `\n\nhint: 30 of 31 broken links start with /proj/[^\n]*\n\nchecks links: 5 pages`, out.String())

	out.Reset()
	require.Equal(t, 0, Run([]string{"report", "results.json", "--out", "r.html", "--markdown", "s.md", "--annotations"}, &out, &errOut, false), errOut.String())
	assert.Equal(t, 1, strings.Count(out.String(), hint), out.String())
	assert.Contains(t, out.String(), "\n::notice title=broken-link hint::30 of 31 broken links start with /proj/")
	for _, f := range []string{"s.md", "r.html"} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.Equal(t, 1, strings.Count(string(b), hint), f)
	}
}

// checks report never writes over the results it reads (a file named, or a
// .json file in a folder it reads), and links pages only at an http(s) URL.
func TestReportKeepsItsInputs(t *testing.T) {
	results, err := filepath.Abs("../../testdata/report/crawl.json")
	require.NoError(t, err)
	raw, err := os.ReadFile(results)
	require.NoError(t, err)
	t.Chdir(t.TempDir())
	write(t, map[string]string{"res.json": string(raw), "in/res.json": string(raw)})
	for _, args := range [][]string{
		{"res.json", "--out", "res.json"},
		{"res.json", "--markdown", "./res.json"},
		{"res.json", "--sarif", "res.json"},
		{"--in", "in", "--out", "in/report.json"},
	} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, Run(append([]string{"report"}, args...), &out, &errOut, false), "%q", args)
		assert.Contains(t, errOut.String(), "is one of the results it reads", "%q", args)
	}
	after, err := os.ReadFile("res.json")
	require.NoError(t, err)
	assert.Equal(t, raw, after, "the results are as they were")

	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Run([]string{"report", "res.json", "--site-url", "javascript://x/%0aalert(1)"}, &out, &errOut, false))
	assert.Equal(t, "checks report: site URL \"javascript://x/%0aalert(1)\": want an absolute http(s) URL such as https://docs.example.com/\n", errOut.String())
	assert.Equal(t, 0, Run([]string{"report", "in", "--out", "in/report.html", "--site-url", "https://docs.example.com/"}, &out, &errOut, false), errOut.String())
}
