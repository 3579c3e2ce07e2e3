package bench

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/deploys"
	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// On a generated site the checker must report exactly the injected faults:
// every one of them, and nothing on the valid-but-tricky links around them.
func TestCheckerFindsExactlyTheInjectedFaults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	faults, err := Generate(dir, 400, 7)
	require.NoError(t, err)
	require.Len(t, faults, 20)

	s, err := htmlsite.Load(dir)
	require.NoError(t, err)
	found, stats := links.Check(s, links.Options{Host: serve.Host{CleanURLs: true}})
	assert.Equal(t, 401, stats.Pages)

	var want, got []string
	for _, f := range faults {
		want = append(want, f.Page+" "+f.Href+" "+f.Check)
	}
	for _, d := range found {
		got = append(got, d.File+" "+d.Href+" "+d.Check)
	}
	sort.Strings(want)
	sort.Strings(got)
	assert.Equal(t, want, got)
}

func TestScoreLinkinator(t *testing.T) {
	faults := []Fault{{Page: "docs/s0/p0/index.html", Href: "/img/missing.png", Check: "broken-link"}}
	out := []byte(`{"passed": false, "links": [
	 {"url": "http://localhost:5000/img/missing.png", "state": "BROKEN", "parent": "http://localhost:5000/docs/s0/p0/"},
	 {"url": "http://localhost:5000/img/missing.png", "state": "BROKEN", "parent": "http://localhost:5000/docs/s0/p0/"},
	 {"url": "http://localhost:5000/docs/s1/p1/", "state": "BROKEN", "parent": "http://localhost:5000/"},
	 {"url": "http://localhost:5000/ok", "state": "OK", "parent": "http://localhost:5000/"}]}`)
	found, falses, err := ScoreLinkinator(out, "", faults)
	require.NoError(t, err)
	assert.Equal(t, 1, found)
	assert.Equal(t, 1, falses)
}

// benchSite generates a 2,000-page site once per benchmark, outside the timer.
func benchSite(b *testing.B) string {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "site")
	if _, err := Generate(dir, 2000, 1); err != nil {
		b.Fatal(err)
	}
	Floor(dir) // warm the page cache
	return dir
}

// The floor and the checker on the same site: the checker's wall time should stay within 1.3x the floor's.
func BenchmarkFloor(b *testing.B) {
	dir := benchSite(b)
	for b.Loop() {
		if _, _, err := Floor(dir); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	dir := benchSite(b)
	for b.Loop() {
		s, err := htmlsite.Load(dir)
		if err != nil {
			b.Fatal(err)
		}
		links.Check(s, links.Options{Host: serve.Host{CleanURLs: true}})
	}
}

// The API-reference shape holds every kind of redirect and line link; the
// checker must report exactly its faults there too: anchors through stubs
// judged on their targets, line ranges left to the source view's script.
func TestCheckerFindsExactlyTheAPIReferenceFaults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	faults, err := GenerateAPIRef(dir, 1200, 3)
	require.NoError(t, err)
	checks := map[string]int{}
	for _, f := range faults {
		checks[f.Check]++
	}
	assert.Equal(t, map[string]int{"broken-anchor": 36, "broken-link": 27}, checks)

	s, err := htmlsite.Load(dir)
	require.NoError(t, err)
	ranges := regexp.MustCompile(`^L[0-9]+-L[0-9]+$`)
	found, _ := links.Check(s, links.Options{ScriptFragment: func(page, frag string) bool {
		return strings.HasPrefix(page, "src/") && ranges.MatchString(frag)
	}})
	want, got := map[string]bool{}, map[string]bool{}
	for _, f := range faults {
		want[f.Page+" "+f.Href+" "+f.Check] = true
	}
	for _, d := range found {
		got[d.File+" "+d.Href+" "+d.Check] = true
	}
	assert.Equal(t, want, got)
}

func TestScoreHTMLTest(t *testing.T) {
	faults := []Fault{{Page: "c0/m0/struct.T1.html", Href: "../../c1/m2/struct.Missing1.html", Check: "broken-link"}}
	out := []byte("htmltest started at 10:26:49 on site\n=====\nc0/m0/struct.T1.html\n" +
		"\x1b[31m  target does not exist --- c0/m0/struct.T1.html --> ../../c1/m2/struct.Missing1.html\n\x1b[0m" +
		"\x1b[31m  hash does not exist --- c0/m0/struct.T1.html --> ../../c0/m0/T4.html#method.m1\n\x1b[0m=====\n")
	found, falses, err := ScoreHTMLTest(out, "", faults)
	require.NoError(t, err)
	assert.Equal(t, 1, found)
	assert.Equal(t, 1, falses)
}

// The build a generated site replaced differs from it by exactly the
// changes Previous returns, and comparing the two finds each of them and
// nothing else.
func TestPreviousBuildDiffersByItsChanges(t *testing.T) {
	site := filepath.Join(t.TempDir(), "site")
	_, err := Generate(site, 400, 7)
	require.NoError(t, err)
	changes, err := Previous(site, 400)
	require.NoError(t, err)
	require.Len(t, changes, 2*changedPages)

	s, err := htmlsite.Load(site)
	require.NoError(t, err)
	host := serve.Host{CleanURLs: true}
	_, stats := links.Check(s, links.Options{Host: host})
	found, err := deploys.Compare(deploys.Builds{Previous: site + ".previous", Current: site}, s, stats.Page, deploys.Options{Host: host, Sum: stats.Sum})
	require.NoError(t, err)
	var want, got []string
	for _, c := range changes {
		want = append(want, c.Check+" "+c.Page)
	}
	for _, d := range found {
		got = append(got, d.Check+" "+pageOf(d.File, site))
	}
	sort.Strings(want)
	sort.Strings(got)
	assert.Equal(t, want, got)
}
