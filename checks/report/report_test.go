package report

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/routes"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/report")

const dir = "../../testdata/report"

func fixture(t *testing.T) Report {
	res, err := LoadResults(filepath.Join(dir, "all.json"), filepath.Join(dir, "browser.json"))
	require.NoError(t, err)
	prev, err := LoadResults(filepath.Join(dir, "previous.json"))
	require.NoError(t, err)
	table, err := routes.Load(filepath.Join(dir, "routes.json"))
	require.NoError(t, err)
	return Build(res, Options{Dist: "site/dist", SiteURL: "https://dev.risczero.com", Routes: table.Routes, Previous: &prev,
		Generated: time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC)})
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	file := filepath.Join(dir, name)
	if *update {
		require.NoError(t, os.WriteFile(file, got, 0o644))
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "%s differs; rerun with -update if the change is intended", name)
}

func TestGoldenMarkdown(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteMarkdown(&b, fixture(t)))
	golden(t, "summary.md", b.Bytes())
}

func TestGoldenHTML(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, fixture(t)))
	golden(t, "report.html", b.Bytes())
}

func TestModel(t *testing.T) {
	r := fixture(t)
	assert.Equal(t, 3, r.Errors)
	assert.Equal(t, 2, r.Warnings)
	assert.Equal(t, 3, r.Passed)
	// The broken link moved from line 80 to 88 and the timing changed:
	// still the same problems, not new ones.
	assert.Equal(t, 3, r.New, "new: the markdown link, the anchor and the duplicate route")
	require.Len(t, r.Fixed, 1)
	assert.Equal(t, "/api/next", r.Fixed[0].Page)
	assert.Equal(t, []string{"next", "1.2", "0.21"}, r.Matrix.Versions)
	var rows []string
	for _, row := range r.Matrix.Rows {
		rows = append(rows, row.Page)
	}
	assert.Equal(t, []string{"/", "recursion", "zkvm/install"}, rows)
	install := r.Matrix.Rows[2].Cells
	assert.Equal(t, Cell{Exists: true, Path: "/api/zkvm/install", Link: "https://dev.risczero.com/api/zkvm/install", Problems: 2}, install[1],
		"the broken link on the page and the broken markdown link in its source")
	assert.False(t, r.Matrix.Rows[1].Cells[2].Exists, "0.21 has no recursion page")
}

func TestHTMLIsSelfContainedAndEscaped(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, fixture(t)))
	html := b.String()
	for _, remote := range []string{"<script", "<link", "@import", "src=\"http", "url(http"} {
		assert.NotContains(t, html, remote, "the report must open offline")
	}
	assert.Contains(t, html, `#&lt;script&gt;`, "messages are escaped")
	assert.Contains(t, html, `name="viewport"`, "readable on a phone")
}

func TestLoadErrorsNameTheFile(t *testing.T) {
	tmp := t.TempDir()
	bad := filepath.Join(tmp, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"diagnostics": [`), 0o644))
	_, err := LoadResults(bad)
	assert.ErrorContains(t, err, "bad.json: not checks JSON output")
	other := filepath.Join(tmp, "other.json")
	require.NoError(t, os.WriteFile(other, []byte(`{"name": "x"}`), 0o644))
	_, err = LoadResults(other)
	assert.ErrorContains(t, err, "other.json: no \"runs\" and no \"summary\"")
	_, err = LoadResults(t.TempDir())
	assert.ErrorContains(t, err, "holds no .json results")
}

// A pull-request comment renders what pages say: nothing of it may become
// a heading, a link, a mention or a fake line, and 1 MB stays out.
func TestMarkdownEscapesWhatAPageWrites(t *testing.T) {
	r := Report{Errors: 1, Problems: []Problem{{Severity: "error", Check: "broken-link",
		Message:  "broken link \"/x\": no file answers /x\n\n## heading\r[click](https://evil.example) @team </details> \x1b]0;t\a" + strings.Repeat("a", 1<<20),
		Page:     "/p`` `x",
		Link:     "https://docs.example.com/p) [x](https://evil.example",
		Location: "site/dist/p\n# h.html:3"}}}
	var b bytes.Buffer
	require.NoError(t, WriteMarkdown(&b, r))
	out := b.String()
	assert.Less(t, len(out), 4000)
	assert.NotContains(t, out, "\n## heading")
	assert.NotContains(t, out, "\n# h")
	assert.NotContains(t, out, "[click]")
	assert.NotContains(t, out, "@team")
	assert.NotContains(t, out, "</details> ")
	assert.NotContains(t, out, "\x1b")
	assert.NotContains(t, out, "\r")
	assert.Contains(t, out, `\\n\\n## heading\\r\[click\](https://evil.example) @`+"\u200b"+`team &lt;/details&gt; \\x1b\]0;t\\a`)
	assert.Contains(t, out, "(https://docs.example.com/p%29%20%5Bx%5D%28https://evil.example)")
	assert.Contains(t, out, "(`site/dist/p\\n# h.html:3`)")
	assert.Contains(t, out, "on [/p`` `x](")
}

func TestCodeSpanOutlastsBackticks(t *testing.T) {
	assert.Equal(t, "`a`", codeSpan("a"))
	assert.Equal(t, "`` a`b ``", codeSpan("a`b"))
	assert.Equal(t, "``` a``b ```", codeSpan("a``b"))
}
