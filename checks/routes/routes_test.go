package routes

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A problem on a built page names the markdown line of the link, as the
// compiler recorded it in routes.json (also for a .md link it rewrote to a
// route); the gate reads no markdown for it.
func TestSourceNamesTheLineTheCompilerRecorded(t *testing.T) {
	file := filepath.Join(t.TempDir(), "routes.json")
	require.NoError(t, os.WriteFile(file, []byte(`[{"path":"/api/page","kind":"doc","source":"content/page.md",
		"links":{"/api/1.2/zkvm/receipts#the-journal":3,"/api/zkvm/install":4,"/":5}}]`), 0o644))
	table, err := Load(file)
	require.NoError(t, err)
	page := "api/page/index.html"
	assert.Equal(t, "content/page.md:3", table.Source(page, "/api/1.2/zkvm/receipts#the-journal"), "rewritten from .md")
	assert.Equal(t, "content/page.md:4", table.Source(page, "/api/zkvm/install"), "written as a route")
	assert.Equal(t, "content/page.md:5", table.Source(page, "/"))
	assert.Equal(t, "content/page.md", table.Source(page, "/nowhere"), "file without line when the markdown has no such link")
	assert.Equal(t, "", table.Source("other/index.html", "/x"), "no source for a page routes.json does not know")
}

// Every route is written where the site's prerender writes it
// (testdata/static-host.json holds the cases its node test reads too).
func TestRouteFileAgreesWithThePrerender(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/static-host.json")
	require.NoError(t, err)
	var cases struct {
		RouteFile [][2]string `json:"routeFile"`
	}
	require.NoError(t, json.Unmarshal(raw, &cases))
	require.NotEmpty(t, cases.RouteFile)
	for _, c := range cases.RouteFile {
		assert.Equal(t, c[1], Route{Path: c[0]}.File(), c[0])
	}
}

func TestDuplicatesNameBothSources(t *testing.T) {
	d := Duplicates([]Route{{Path: "/a", Source: "content/a.md"}, {Path: "/b", Source: "content/b.md"}, {Path: "/a", Source: "content/a/index.md"}})
	require.Len(t, d, 1)
	assert.Equal(t, "content/a/index.md:1: error: route /a is produced by both content/a.md and content/a/index.md [duplicate-route]", d[0].String())
}

func TestCollisionsFindFilesAnsweringOneURL(t *testing.T) {
	files := map[string]struct{}{"myindex.html": {}, "myindex/index.html": {}, "a.png": {}, "A.png": {}, "b/index.html": {}}
	var got []string
	for _, d := range Collisions(files, nil) {
		got = append(got, d.File+": "+d.Message)
	}
	assert.ElementsMatch(t, []string{
		"myindex.html: duplicate route: myindex.html and myindex/index.html both answer /myindex",
		"a.png: duplicate route: A.png and a.png differ only in letter case",
	}, got)
}
