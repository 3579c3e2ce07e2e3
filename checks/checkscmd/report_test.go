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
