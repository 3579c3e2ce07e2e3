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

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// checks all runs every step even when one cannot (no browser here), keeps
// the others' results, and exits with the worst code.
func TestAllKeepsGoingAndTheWorstCodeWins(t *testing.T) {
	abs, _ := filepath.Abs("../../testdata/sites/broken-links.txtar")
	ar, err := txtar.ParseFile(abs)
	require.NoError(t, err)
	unpack(t, ar)
	require.NoError(t, os.MkdirAll("site/dist", 0o755))
	require.NoError(t, os.WriteFile("site/dist/index.html", []byte(`<a href="/gone">x</a>`), 0o644))
	require.NoError(t, os.WriteFile("checks.json", []byte(`{"site": "site/dist", "browser": {}, "markdown": {"paths": ["content"], "versions": ["content/api/*"]}}`), 0o644))

	var out, errOut bytes.Buffer
	code := Run([]string{"all", "--chromium", "/no/such/chromium", "--format", "json", "--json", "results.json"}, &out, &errOut, false)
	assert.Equal(t, 2, code, "the browser could not run")
	assert.Contains(t, errOut.String(), "apt-get install chromium")

	var doc diag.Results
	require.NoError(t, json.Unmarshal(out.Bytes(), &doc))
	var tools []string
	for _, r := range doc.Runs {
		tools = append(tools, r.Summary.Tool)
	}
	assert.Equal(t, []string{"checks markdown", "checks links", "checks browser"}, tools, "the browser's as a run that says why it could not")
	assert.Contains(t, doc.Runs[2].Summary.Failed, "chromium not found at /no/such/chromium")
	assert.Equal(t, "checks all", doc.Summary.Tool)
	assert.Equal(t, 2, doc.Summary.Errors, "a broken markdown link and a broken link; the link across versions warns")

	file, err := os.ReadFile("results.json")
	require.NoError(t, err)
	assert.JSONEq(t, out.String(), string(file), "--json writes the same document")

	// The report reads it.
	out.Reset()
	require.Equal(t, 0, Run([]string{"report", "results.json", "--out", "r.html", "--markdown", "s.md"}, &out, &errOut, false), errOut.String())
	md, _ := os.ReadFile("s.md")
	assert.True(t, strings.HasPrefix(string(md), "### Docs gate: checks browser could not run; 2 errors and 2 warnings in the rest"), string(md))
}

// A folder that is not there is a usage error before any step runs, and so
// is a project that configures nothing.
func TestAllUsage(t *testing.T) {
	t.Chdir(t.TempDir())
	cases := []struct{ args, stderr string }{
		{"all nowhere", "checks all: nowhere is not a directory: build the site first, or name the folder it is built into (checks all DIR)\n"},
		{"all --config none.json", "checks all: config file none.json: no such file\n"},
		{"all", `checks all: nothing to check: name the built site (checks all DIR), or set "site", "markdown" or a "preset" in checks.json
`},
		{"all --preset gatsby", "checks all: unknown preset \"gatsby\": presets are docusaurus, vitepress, vuepress, docsify, starlight, rspress, nextra, mkdocs, hugo, eleventy, hexo, jekyll, sphinx, gfm (checks presets says what each assumes)\n"},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, Run(strings.Fields(c.args), &out, &errOut, false), c.args)
		assert.Equal(t, c.stderr, errOut.String(), c.args)
		assert.Empty(t, out.String(), c.args)
	}
}

// checks all runs what applies and says, one line each, what it skipped.
func TestAllSkipsWhatIsNotConfigured(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll("public", 0o755))
	require.NoError(t, os.WriteFile("public/index.html", []byte(`<a href="/gone">x</a>`), 0o644))
	var out, errOut bytes.Buffer
	code := Run([]string{"all", "--preset", "hugo", "--on-broken-link", "warn"}, &out, &errOut, false)
	assert.Equal(t, 0, code, "the broken link only warns")
	assert.Equal(t, `checks all: markdown: skipped, the hugo preset reads markdown from content, and none of it is here: run in the project's folder, or name the folders in checks.json ("markdown": {"paths": […]})
checks all: browser: skipped, no browser contract configured ("browser" in checks.json; the hugo preset has none: Hugo sites take their DOM from their theme)
`, errOut.String())
	assert.Contains(t, out.String(), `broken link "/gone"`)
	assert.Contains(t, out.String(), "checks all: 1 warning in ")

	errOut.Reset()
	out.Reset()
	Run([]string{"all", "--preset", "hugo", "--quiet"}, &out, &errOut, false)
	assert.Empty(t, errOut.String(), "--quiet: no skip lines")
}

func TestReportUsage(t *testing.T) {
	t.Chdir(t.TempDir())
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Run([]string{"report"}, &out, &errOut, false))
	assert.Contains(t, errOut.String(), "no results: pass --in DIR or JSON files")
	errOut.Reset()
	assert.Equal(t, 2, Run([]string{"report", "missing.json"}, &out, &errOut, false))
	assert.Contains(t, errOut.String(), "missing.json")
	_, err := os.Stat("report.html")
	assert.True(t, os.IsNotExist(err), "a failed run writes no report")
}

// A step of checks all that cannot run (routes.json missing) is no clean
// run: the last line says so, the JSON keeps it as a run that says why,
// and the report made from that JSON does not read "no problems".
func TestAllStepThatCouldNotRunIsNoCleanRun(t *testing.T) {
	t.Chdir(t.TempDir())
	write(t, map[string]string{"checks.json": `{"site": "site", "routes": "missing-routes.json"}`, "site/index.html": `<a href="/">home</a>`})
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Run([]string{"all", "--json", "all.json"}, &out, &errOut, false))
	assert.Contains(t, errOut.String(), "checks links: stat missing-routes.json: no such file or directory\n")
	assert.Regexp(t, `(?m)^checks all: checks links could not run; no problems in the rest in \d+\.\d\ds\n\z`, out.String())

	out.Reset()
	require.Equal(t, 0, Run([]string{"report", "all.json", "--out", "r.html", "--markdown", "s.md"}, &out, &errOut, false), errOut.String())
	md, err := os.ReadFile("s.md")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(md), "### Docs gate: checks links could not run; no problems in the rest\n\n**Could not run:** checks links: stat missing-routes.json: no such file or directory\n"), string(md))
	assert.Contains(t, out.String(), "(checks links could not run; no problems in the rest: 0 errors, 0 warnings, browser: not run)")
}
