package docscmd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

func run(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsageErrorsExitTwo(t *testing.T) {
	code, _, stderr := run()
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "usage: docs <command>")

	code, _, stderr = run("bogus")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `unknown command "bogus"`)

	code, _, stderr = run("serve", "-addr", "0.0.0.0:3000")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "must be a loopback address")
}

func TestBuildReportsContentErrorsWithExitOne(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "content/versions.json", `{"plugin":"api","routeBasePath":"/api","versions":[{"name":"1.0","label":"1.0","isLast":true}]}`)
	write(t, dir, "content/api/1.0/index.md", "---\ntitle: Intro\n---\nSee [gone](gone.md).\n")
	write(t, dir, "content/api/1.0/sidebars.json", `{"api":["index"]}`)
	write(t, dir, "content/education/sidebars.json", `{}`)
	write(t, dir, "content/pages/.keep", "")
	content := filepath.Join(dir, "content")

	code, _, stderr := run("build", "-content", content, "-out", filepath.Join(dir, "out"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "content/api/1.0/index.md:4:5: error: broken markdown link \"gone.md\"")
	assert.Contains(t, stderr, "1 error; nothing written")
	assert.NoDirExists(t, filepath.Join(dir, "out"))

	write(t, dir, "content/api/1.0/index.md", "---\ntitle: Intro\n---\nFixed.\n")
	code, stdout, _ := run("build", "-content", content, "-out", filepath.Join(dir, "out"))
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "1 page, 5 routes")
}

func write(t *testing.T, dir, name, body string) {
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
