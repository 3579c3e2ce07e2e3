package deploys

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// The record lists the pages in the order of their files whatever order
// the link check's workers hand them in, leaves out a 404 page and one
// the check could not read (it never comes) without holding back the
// pages after it, and keeps each page's outline as its reading gave it.
func TestRecordOrder(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "build", map[string]string{
		"index.html":   `<title>Home</title><h1 id="top">Home</h1>`,
		"a/index.html": `<p id="intro">x</p><h2 id="one">One</h2><h2>Two</h2><a id="end"></a>`,
		"b.html":       `<h1>B</h1>`,
		"c/index.html": `<title>C</title>`,
		"404.html":     `<h1>Not found</h1>`,
	})
	s, err := htmlsite.Load(filepath.Join(dir, "build"))
	require.NoError(t, err)
	for _, order := range [][]string{
		{"index.html", "c/index.html", "404.html", "b.html", "a/index.html"},
		{"c/index.html", "index.html", "404.html", "a/index.html"}, // b.html unread: it holds back none
	} {
		name := filepath.Join(dir, "deploy.json")
		r, err := NewRecorder(name, "build", s, Options{Host: serve.Default})
		require.NoError(t, err)
		for _, f := range order {
			var p htmlsite.Page
			require.NoError(t, s.Read(f, &p))
			r.Page(&p)
		}
		require.NoError(t, r.Close())
		var got []string
		never := func(string, []byte) bool { return false }
		rec, err := readRecord(name, never, func(_, _ string, p *RecordPage) {
			got = append(got, p.File)
			if p.File == "a/index.html" {
				assert.Equal(t, []string{"intro", "one", "end"}, p.IDs)
				assert.Equal(t, []int{-1, 0, 1}, p.At)
				assert.Equal(t, []string{"One", "Two"}, p.Headings)
				assert.Equal(t, "/a/", p.URL)
			}
		})
		require.NoError(t, err)
		assert.Equal(t, "build", rec.Build)
		want := slices.DeleteFunc([]string{"a/index.html", "b.html", "c/index.html", "index.html"},
			func(f string) bool { return !slices.Contains(order, f) })
		assert.Equal(t, want, got)
	}
}

// A record that cannot be written leaves no file behind, and one
// discarded leaves the last good one.
func TestRecordDiscarded(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, "build", map[string]string{"index.html": `<h1>Home</h1>`})
	s, err := htmlsite.Load(filepath.Join(dir, "build"))
	require.NoError(t, err)
	_, err = NewRecorder(filepath.Join(dir, "no such folder", "deploy.json"), "build", s, Options{})
	assert.Error(t, err)
	name := filepath.Join(dir, "deploy.json")
	require.NoError(t, os.WriteFile(name, []byte("last good"), 0o644))
	r, err := NewRecorder(name, "build", s, Options{})
	require.NoError(t, err)
	r.Discard()
	raw, _ := os.ReadFile(name)
	assert.Equal(t, "last good", string(raw))
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 2, "no temporary file left")
}

// A page's line longer than the reader's buffer (a source view's
// thousands of line ids) is read whole.
func TestRecordLongLine(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("<h1>Source</h1>")
	for i := range 20000 {
		fmt.Fprintf(&b, `<span id="line-%d-x"></span>`, i)
	}
	writeTree(t, dir, "build", map[string]string{"index.html": b.String()})
	s, err := htmlsite.Load(filepath.Join(dir, "build"))
	require.NoError(t, err)
	name := filepath.Join(dir, "deploy.json")
	r, err := NewRecorder(name, "build", s, Options{Host: serve.Default})
	require.NoError(t, err)
	var p htmlsite.Page
	require.NoError(t, s.Read("index.html", &p))
	r.Page(&p)
	require.NoError(t, r.Close())
	var ids []string
	_, err = readRecord(name, func(string, []byte) bool { return false }, func(_, _ string, p *RecordPage) { ids = p.IDs })
	require.NoError(t, err)
	require.Len(t, ids, 20000)
	assert.Equal(t, "line-19999-x", ids[19999])
}
