package report

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/diag"
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
		Generated: time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC), Artifact: "docs-gate-report"})
}

// localFixture is a run on a maintainer's machine: the markdown check
// alone, no CI artifact, one moved page linked from 41 files.
func localFixture(t *testing.T) Report {
	res, err := LoadResults(filepath.Join(dir, "local.json"))
	require.NoError(t, err)
	return Build(res, Options{Generated: time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC), HTMLPath: "gate/report.html"})
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

func TestGoldenLocal(t *testing.T) {
	var md, html bytes.Buffer
	r := localFixture(t)
	require.NoError(t, WriteMarkdown(&md, r))
	require.NoError(t, WriteHTML(&html, r))
	golden(t, "local-summary.md", md.Bytes())
	golden(t, "local-report.html", html.Bytes())
}

// One cause is one group, however many pages it is on; places go in
// numeric order, and a run without the browser says so.
func TestGroupsAtScale(t *testing.T) {
	r := localFixture(t)
	assert.False(t, r.BrowserRan)
	require.Len(t, r.Groups, 2)
	g := r.Groups[0]
	assert.Equal(t, "markdown-link", g.Check)
	assert.Equal(t, 41, g.Pages)
	assert.Len(t, g.Problems, 42)
	assert.Empty(t, g.Message, "two hrefs meet at docs/old.md: each place keeps its own message")
	var p03 []string
	for _, p := range g.Problems {
		if p.File == "docs/guide/p03.md" {
			p03 = append(p03, p.Location)
		}
	}
	assert.Equal(t, []string{"docs/guide/p03.md:9:1", "docs/guide/p03.md:10:3"}, p03)

	var md bytes.Buffer
	require.NoError(t, WriteMarkdown(&md, r))
	assert.Contains(t, md.String(), "markdown-link to docs/old.md — on 41 pages")
	assert.Contains(t, md.String(), "  - … and 37 more")
	assert.Contains(t, md.String(), "Browser checks: not run.")
	assert.NotContains(t, md.String(), "passed")
	assert.NotContains(t, md.String(), "artifact")
	assert.Contains(t, md.String(), "is `gate/report.html`.")

	ps := make([]Problem, 1451)
	for i := range ps {
		ps[i] = Problem{Severity: "error", Check: "broken-link", Message: `broken link "/blog"`, Target: "/blog", Page: fmt.Sprintf("/p%d", i), Location: "x"}
	}
	big := Report{Total: len(ps), Groups: groups(ps)}
	md.Reset()
	require.NoError(t, WriteMarkdown(&md, big))
	assert.Contains(t, md.String(), `broken link "/blog" — on 1,451 pages`)
	assert.Contains(t, md.String(), "… and 1,446 more")
	assert.Less(t, md.Len(), 2000, "a comment lists a handful of places, not 1,451")
}

func TestModel(t *testing.T) {
	r := fixture(t)
	assert.Equal(t, 8, r.Errors)
	assert.Equal(t, 2, r.Warnings)
	assert.Equal(t, 3, r.Passed)
	assert.True(t, r.BrowserRan)
	require.Len(t, r.Groups, 6, "the broken /blog is one cause on 4 pages")
	assert.Equal(t, `broken link "/blog": no file answers /blog`, r.Groups[0].Title())
	assert.Equal(t, 4, r.Groups[0].Pages)
	// all.json was written before hints, with the navbar note on every
	// diagnostic: such results still load, and the note shows once.
	assert.Len(t, r.Groups[0].Notes, 1, "the navbar note once, not once a page")
	assert.Empty(t, r.Hints)
	// The broken link moved from line 80 to 88 and the timing changed:
	// still the same problems, not new ones.
	assert.Equal(t, 8, r.New, "new: the markdown link, the anchor, the duplicate route and the five /blog links")
	require.Len(t, r.Fixed, 1)
	assert.Equal(t, "/api/next", r.Fixed[0].Page)
	assert.Equal(t, []string{"next", "1.2", "0.21"}, r.Matrix.Versions)
	var rows []string
	for _, row := range r.Matrix.Rows {
		rows = append(rows, row.Page)
	}
	assert.Equal(t, []string{"/", "recursion", "zkvm/install"}, rows)
	install := r.Matrix.Rows[2].Cells
	assert.Equal(t, Cell{Exists: true, Path: "/api/zkvm/install", Link: "https://dev.risczero.com/api/zkvm/install", Problems: 4}, install[1],
		"the broken links on the page and the broken markdown link in its source")
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
	r := Report{Errors: 1, Total: 1, Groups: groups([]Problem{{Severity: "error", Check: "broken-link",
		Message:  "broken link \"/x\": no file answers /x\n\n## heading\r[click](https://evil.example) @team </details> \x1b]0;t\a" + strings.Repeat("a", 1<<20),
		Page:     "/p`` `x",
		Link:     "https://docs.example.com/p) [x](https://evil.example",
		Location: "site/dist/p\n# h.html:3"}})}
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

// The last line says where the full report is, in words that fit the run.
func TestFooter(t *testing.T) {
	assert.Equal(t, "The full report is `gate/report.html`.", footer(Report{HTMLPath: "gate/report.html"}))
	assert.Equal(t, "The full report, with every problem, is the `docs-gate-report` artifact of this run.",
		footer(Report{Artifact: "docs-gate-report", HTMLPath: "gate/report.html", Total: 1}))
}

// Hints of current results are said once, above the problems, in the page
// and the summary, however many problems they explain; the problems stay
// grouped by cause.
func TestHintsOnce(t *testing.T) {
	res, err := LoadResults(filepath.Join(dir, "hints.json"))
	require.NoError(t, err)
	r := Build(res, Options{Dist: "site", Generated: time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC), HTMLPath: "gate/report.html"})
	require.Len(t, r.Groups, 4, "three targets under /proj/ and one anchor")
	assert.Equal(t, 3, r.Groups[0].Pages)

	var md, html bytes.Buffer
	require.NoError(t, WriteMarkdown(&md, r))
	require.NoError(t, WriteHTML(&html, r))
	for name, out := range map[string]string{"summary.md": md.String(), "report.html": html.String()} {
		assert.Equal(t, 1, strings.Count(out, "is the site served under /proj/?"), name)
		assert.Equal(t, 1, strings.Count(out, "is broken on 2 pages"), name)
	}
	assert.Contains(t, md.String(), "| 0 |\n\nBrowser checks: not run.\n\n**Hint:** 6 of 6 broken links start with /proj/,", "after the counts, before the problems")
	assert.Contains(t, md.String(), "**Hint:** /b.html#x is broken on 2 pages: probably in the &lt;nav&gt; or footer\n\n<details>", "escaped as the page's own text")
	assert.Contains(t, html.String(), "<p class=\"hint\"><b>Hint:</b> /b.html#x is broken on 2 pages: probably in the &lt;nav&gt; or footer</p>")

	twice, err := LoadResults(filepath.Join(dir, "hints.json"), filepath.Join(dir, "hints.json"))
	require.NoError(t, err)
	assert.Len(t, Build(twice, Options{}).Hints, 2, "the same run read twice says each hint once")
}

// A file whose name is not UTF-8 keeps its name from the JSON to the
// report and the summary, quoted as every format quotes it (diag.Name),
// not turned into U+FFFD; a page built from it is its route, quoted too.
func TestReportNamesAFileThatIsNotUTF8(t *testing.T) {
	var js bytes.Buffer
	d := diag.Diagnostic{Severity: diag.Error, Check: "broken-link", File: "site/dist/caf\xe9.html", Line: 1, Col: 10,
		Message: `broken link "gone.html": no file answers /gone.html`, Href: "gone.html", Target: "/gone.html"}
	require.NoError(t, diag.Write(&js, diag.FormatJSON, diag.List{d}, diag.Summary{Tool: "checks links", Errors: 1}, false))
	file := filepath.Join(t.TempDir(), "r.json")
	require.NoError(t, os.WriteFile(file, js.Bytes(), 0o644))
	res, err := LoadResults(file)
	require.NoError(t, err)
	assert.Equal(t, "site/dist/caf\xe9.html", res.Runs[0].Diagnostics[0].File, "the bytes, back from the JSON")

	r := Build(res, Options{Dist: "site/dist"})
	var page, summary bytes.Buffer
	require.NoError(t, WriteHTML(&page, r))
	require.NoError(t, WriteMarkdown(&summary, r))
	assert.Contains(t, page.String(), `&#34;site/dist/caf\xe9.html&#34;:1:10`)
	assert.Contains(t, page.String(), `page &#34;/caf\xe9&#34;`)
	assert.Contains(t, summary.String(), "`\"site/dist/caf\\xe9.html\":1:10`")
	for _, out := range []string{page.String(), summary.String()} {
		assert.NotContains(t, out, "\ufffd")
		assert.True(t, utf8.ValidString(out))
	}
}

// A cause found in more places than the report lists shows the first
// PlacesShown of them, in place order whatever the order read, and says
// how many more there are; the totals still count every one.
func TestGroupListsItsFirstPlacesAndCountsTheRest(t *testing.T) {
	var l diag.List
	for i := 250; i > 0; i-- { // read last place first
		l = append(l, diag.Diagnostic{Severity: diag.Error, Check: "broken-link", File: fmt.Sprintf("site/p%03d.html", i), Line: 1,
			Message: `broken link "/nav/": no file answers /nav/`, Target: "/nav/"})
	}
	r := Build(diag.Results{Runs: []diag.Run{{Diagnostics: l, Summary: diag.Summary{Tool: "checks links", Errors: 250}}}}, Options{Dist: "site"})
	require.Len(t, r.Groups, 1)
	g := r.Groups[0]
	assert.Equal(t, 250, g.Total)
	assert.Equal(t, 250, g.Pages)
	assert.Len(t, g.Problems, 100)
	assert.Equal(t, "site/p001.html:1", g.Problems[0].Location)
	assert.Equal(t, "site/p100.html:1", g.Problems[99].Location)
	assert.Equal(t, 150, g.More())

	var page, md bytes.Buffer
	require.NoError(t, WriteHTML(&page, r))
	assert.Equal(t, 100, strings.Count(page.String(), `<li class="where">`))
	assert.Contains(t, page.String(), "<h2>Problems (250 from 1 cause)</h2>")
	assert.Contains(t, page.String(), "on 250 pages")
	assert.Contains(t, page.String(), `<li class="muted">… and 150 more, not listed</li>`)
	require.NoError(t, WriteMarkdown(&md, r))
	assert.Contains(t, md.String(), "  - … and 245 more")

	// Fixed since the previous run: as many as there are, the first listed.
	fixed := Build(diag.Results{Runs: []diag.Run{{Summary: diag.Summary{Tool: "checks links"}}}},
		Options{Dist: "site", Previous: &diag.Results{Runs: []diag.Run{{Diagnostics: l, Summary: diag.Summary{Tool: "checks links"}}}}})
	assert.Equal(t, 250, fixed.FixedTotal)
	assert.Len(t, fixed.Fixed, 100)
	assert.Equal(t, "site/p001.html:1", fixed.Fixed[0].Location)
	page.Reset()
	require.NoError(t, WriteHTML(&page, fixed))
	assert.Contains(t, page.String(), "Fixed since the previous report (250)")
	assert.Contains(t, page.String(), `… and 150 more, not listed`)
}

// The crawl's findings carry no target: a fault is one cause when its
// check and message are the same, as a chunk that is gone is on every page
// that asks for it, and a script that throws on every page that runs it;
// the report lists each cause once with its pages, worst first (then on
// most pages, then by the first page), and a page's text stays text.
func TestCrawlFindingsGroupByCause(t *testing.T) {
	res, err := LoadResults(filepath.Join(dir, "crawl.json"))
	require.NoError(t, err)
	r := Build(res, Options{Dist: "site", Generated: time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC)})
	var got []string
	for _, g := range r.Groups {
		got = append(got, fmt.Sprintf("%s %s on %d: %s", g.Severity, g.Check, g.Pages, g.Title()))
	}
	assert.Equal(t, []string{
		"error failed-request on 3: /assets/js/1209.js answered 404 Not Found",
		"error page-exception on 2: uncaught exception: TypeError: x is undefined (at /assets/js/main.js:1:200)",
		"error hydration-mismatch on 1: React hydration: uncaught exception: Error: Minified React error #418; visit https://react.dev/errors/418?args[]=text&args[]= for the full message",
		"error failed-request on 1: /img/logo.png answered 404 Not Found",
		"warning console-error on 1: console.error: <b>not markup</b>",
	}, got)
	var html bytes.Buffer
	require.NoError(t, WriteHTML(&html, r))
	assert.Contains(t, html.String(), "console.error: &lt;b&gt;not markup&lt;/b&gt;")
	assert.Contains(t, html.String(), "<b>3</b>pages crawled", "a crawl is not \"not run\"")
	var md bytes.Buffer
	require.NoError(t, WriteMarkdown(&md, r))
	assert.Contains(t, md.String(), "\nBrowser checks: the crawl opened 3 pages; the contract checks did not run.\n")
}

// A run compared with the last deploy says, in the comment and the page,
// what the new build lost of it, before the problems listed one by one.
func TestSinceTheLastDeploy(t *testing.T) {
	l := diag.List{
		{Severity: diag.Error, Check: "removed-url", File: "prev/guide/old/index.html", Message: "removed URL /guide/old/: the last deploy served it; now it answers 404"},
		{Severity: diag.Error, Check: "removed-url", File: "prev/blog/a.html", Message: "removed URL /blog/a: the last deploy served it; now it answers 404"},
		{Severity: diag.Warning, Check: "removed-anchor", File: "build/setup/index.html", Line: 4, Message: "removed anchor #install-the-cli of /setup/"},
		{Severity: diag.Error, Check: "broken-link", File: "build/index.html", Line: 3, Message: "broken link \"/x\": no file answers /x"},
	}
	r := Build(diag.Results{Runs: []diag.Run{{Diagnostics: l, Summary: diag.Summary{Tool: "checks links", Errors: 3, Warnings: 1}}}}, Options{Dist: "build"})
	want := "2 URLs it served answer 404 now (removed-url); 1 id of its pages is gone (removed-anchor). Each is listed with the page it most likely moved to, or the heading nearest to where it stood, and how to keep it."
	assert.Equal(t, want, r.SinceDeploy())
	var md, page bytes.Buffer
	require.NoError(t, WriteMarkdown(&md, r))
	assert.Contains(t, md.String(), "\n**Since the last deploy:** 2 URLs it served answer 404 now (removed-url); 1 id of its pages is gone (removed-anchor).")
	require.NoError(t, WriteHTML(&page, r))
	assert.Contains(t, page.String(), "<h2>Since the last deploy</h2>\n<p>2 URLs it served answer 404 now (removed-url); 1 id")
	clean := Build(diag.Results{Runs: []diag.Run{{Diagnostics: l[3:], Summary: diag.Summary{Tool: "checks links", Errors: 1}}}}, Options{Dist: "build"})
	md.Reset()
	require.NoError(t, WriteMarkdown(&md, clean))
	assert.NotContains(t, md.String(), "Since the last deploy", "no comparison, or nothing lost: no section")
}
