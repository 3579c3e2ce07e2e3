package config

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

// loadDoc writes doc as checks.json in the current folder, which holds
// nothing else, and loads it as a run of that release would.
func loadDoc(t *testing.T, doc, release string) (*Config, error) {
	t.Helper()
	require.NoError(t, os.WriteFile(Name, []byte(doc), 0o644))
	return Load(Source{File: Name, Release: release, Files: func(string) []string { return nil }})
}

// Each error of the decoding names the file, line and column of what is
// wrong, in JSON's words, not Go's.
func TestDecodingErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for doc, want := range map[string]string{
		"{\n  \"sites\": \"out\"\n}\n":                       `checks.json:2:3: unknown key "sites"; did you mean "site"?`,
		"{\"markdown\": {\n  \"path\": [\"docs\"]}}":         `checks.json:2:3: unknown key "path" in "markdown"; did you mean "paths"?`,
		`{"zzzzzzzz": 1}`:                                    `checks.json:1:2: unknown key "zzzzzzzz"; known keys: $schema, baseUrl, browser,`,
		"{\n  \"site\": 3\n}":                                `checks.json:2:11: "site" must be a string, not a number`,
		`{"markdown": {"paths": "docs"}}`:                    `checks.json:1:24: "markdown.paths" must be a list of strings, not a string`,
		`{"ignore": ["a", 2]}`:                               `checks.json:1:18: each item of "ignore" must be a string, not a number`,
		`{"levels": {"broken-link": 1}}`:                     `checks.json:1:28: each value in "levels" must be a string, not a number`,
		`[]`:                                                 `checks.json:1:1: the file must hold an object ({…}), not a list`,
		"{\"site\": \"a\",\n \"site\": \"b\"}":               `checks.json:2:2: "site" is set twice in this object (first at line 1, column 2): keep one`,
		`{"site": "a",}`:                                     `checks.json:1:14: invalid JSON: expected a key in double quotes, found '}' (a comma after the last entry?)`,
		`{"site": 'a'}`:                                      `checks.json:1:10: invalid JSON: expected a value, found '\'' (strings take double quotes)`,
		`{"site": "a"`:                                       `checks.json:1:12: invalid JSON: the file ends before the JSON does (a missing } or ]?)`,
		"{\n  \"levels\": {\"broken-links\": \"warn\"}\n}":   `checks.json:2:14: unknown check "broken-links"; did you mean "broken-link"?`,
		`{"levels": {"broken-link": "loud"}}`:                `checks.json:1:13: level "loud" for broken-link:`,
		`{"host": "netlfy"}`:                                 `checks.json:1:2: unknown host "netlfy"; did you mean "netlify"?`,
		`{"baseUrl": "https://example.com/p/"}`:              `checks.json:1:2: base URL "https://example.com/p/": want the path the site is served under`,
		"{\"scriptFragments\": [\n  {\"fragment\": \"(\"}]}": `checks.json:2:3: fragment "(": error parsing regexp`,
		"{\"versions\": [{\"pages\": \"docs/*\",\n  \"links\": [{\"pattern\": \"x\"}]}]}": `checks.json:2:14:`,
	} {
		_, err := loadDoc(t, doc, "")
		if assert.Error(t, err, doc) {
			assert.Contains(t, err.Error(), want, doc)
		}
	}
}

// A byte order mark is no part of the JSON: the file is read, and an
// error's column is the one an editor shows.
func TestByteOrderMark(t *testing.T) {
	t.Chdir(t.TempDir())
	c, err := loadDoc(t, "\xef\xbb\xbf{\"site\": \"out\"}", "")
	require.NoError(t, err)
	assert.Equal(t, "out", c.Site)
	_, err = loadDoc(t, "\xef\xbb\xbf{\"sites\": \"out\"}", "")
	assert.ErrorContains(t, err, `checks.json:1:2: unknown key "sites"`)
}

// What the file leaves out is the default; its levels are laid over the
// registry's, its paths read from the file's folder.
func TestDefaultsAndPaths(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll("sub", 0o755))
	require.NoError(t, os.WriteFile("sub/"+Name, []byte(`{"site": "out", "levels": {"broken-anchor": "throw"}, "markdown": {"paths": ["docs"]}}`), 0o644))
	c, err := Load(Source{File: "sub/" + Name, Files: func(string) []string { return nil }})
	require.NoError(t, err)
	assert.Equal(t, "sub/out", c.Site)
	assert.Equal(t, []string{"sub/docs"}, c.Markdown.Paths)
	assert.Equal(t, registry.Throw, c.Levels[registry.BrokenAnchor])
	want, _ := registry.Lookup(registry.BrokenLink)
	assert.Equal(t, want.Level, c.Levels[registry.BrokenLink])
	assert.Equal(t, "sub/"+Name, c.File())
}
