package checkscmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A deploy record written from the last deploy's build (--save-deploy)
// gives, as --previous, the very findings the build's folder gives: each
// fixture of the comparison with a "save" section (the run that writes
// the record, to rec.json) is run again with --previous rec.json and held
// to the same output.
func TestPreviousRecord(t *testing.T) {
	ran := eachFixtureWith(t, "../../testdata/links", "save", func(t *testing.T, want map[string]string) {
		var out, errOut bytes.Buffer
		Run(append(strings.Fields(want["save"]), "--save-deploy", "rec.json"), &out, &errOut, false)
		require.FileExists(t, "rec.json", "stderr: %s", errOut.String())
		checkFixture(t, want, append(strings.Fields(want["args"]), "--previous", "rec.json"))
	})
	require.NotZero(t, ran, "no fixture has a save section")
}

// A CI run that keeps its record under one name compares with the last
// one and saves its own to the same file: the comparison reads the last
// deploy's, and the file holds the new build's only once the run is done;
// a run the comparison stops saves nothing.
func TestRecordSavedOverTheOneCompared(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write := func(name, body string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
		require.NoError(t, os.WriteFile(name, []byte(body), 0o644))
	}
	write("build/index.html", `<a href="/guide/">guide</a>`)
	write("build/guide/index.html", `<h1>Guide</h1>`)
	write("build/kept/index.html", `<h1>Kept</h1>`)
	var out, errOut bytes.Buffer
	require.Equal(t, 0, Run([]string{"links", "build", "--save-deploy", "deploy.json"}, &out, &errOut, false), errOut.String())
	require.NoError(t, os.RemoveAll("build/guide"))
	write("build/index.html", `<a href="/">home</a>`)
	out.Reset()
	code := Run([]string{"links", "build", "--previous", "deploy.json", "--save-deploy", "deploy.json"}, &out, &errOut, false)
	assert.Equal(t, 1, code)
	assert.Contains(t, out.String(), "removed URL /guide/")
	saved, err := os.ReadFile("deploy.json")
	require.NoError(t, err)
	assert.NotContains(t, string(saved), `"file":"guide/index.html"`, "the new build's record")

	write("other/index.html", `<h1>Another site</h1>`)
	write("other/x/index.html", `<h1>X</h1>`)
	require.Equal(t, 2, Run([]string{"links", "other", "--previous", "deploy.json", "--save-deploy", "deploy.json"}, &out, &errOut, false))
	kept, err := os.ReadFile("deploy.json")
	require.NoError(t, err)
	assert.Equal(t, string(saved), string(kept), "a run stopped by its comparison keeps the last record")
}
