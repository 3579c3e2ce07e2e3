package versionlinks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJudge(t *testing.T) {
	t.Chdir(t.TempDir()) // the rules' pages are read from the current directory
	s, err := Compile([]Rule{
		{Pages: "docs/next", Links: []Link{{GitHub: "acme/tool", Expect: "main"}}},
		{Pages: "docs/*", Links: []Link{
			{GitHub: "acme/tool", Expect: "v{version}.*", Except: []string{`/blob/main/LICENSE$`}},
			{DocsRS: "acme-core", Expect: "{version}.*"},
			{PkgGoDev: "example.com/acme", Expect: "v{version}.*"},
			{NPM: "@acme/ui", Expect: "{version}.*"},
			{Regexp: `^https://acme\.dev/manual/(?P<version>[^/]+)/`, Expect: "release-{version}"},
		}},
		{Pages: "versioned_docs/*", Links: []Link{{GitHub: "acme/tool", Expect: "v{version}"}}},
	})
	require.NoError(t, err)
	for _, tc := range []struct {
		file, href string
		bad        string // a part of the message; "" for none
	}{
		{"docs/1.2/a.md", "https://github.com/acme/tool/blob/v1.2.6/src/lib.rs", ""},
		{"docs/1.2/deep/er/a.md", "https://github.com/acme/tool/tree/v1.2.0", ""},
		{"docs/1.2/a.md", "https://github.com/acme/tool/blob/main/src/lib.rs", `GitHub acme/tool ref "main", but its page is in docs version 1.2: expected v1.2.*`},
		// The dot after the version is literal: 1.20 is not 1.2.
		{"docs/1.2/a.md", "https://github.com/acme/tool/blob/v1.20.0/x", `ref "v1.20.0"`},
		{"docs/1.2/a.md", "https://GitHub.com/Acme/Tool/blob/v1.1.0/x", `ref "v1.1.0"`},
		{"docs/1.2/a.md", "https://raw.githubusercontent.com/acme/tool/main/install.sh", `ref "main"`},
		{"docs/1.2/a.md", "https://github.com/acme/tool/blob/main/LICENSE", ""},
		{"docs/1.2/a.md", "https://github.com/acme/tool", ""},                   // no version part
		{"docs/1.2/a.md", "https://github.com/acme/tool-extra/blob/main/x", ""}, // another repository
		{"docs/1.2/a.md", "https://docs.rs/acme-core/1.2.3/acme_core/", ""},
		{"docs/1.2/a.md", "https://docs.rs/acme_core/latest/acme_core/", `docs.rs acme-core version "latest"`},
		{"docs/1.2/a.md", "https://docs.rs/crate/acme-core/1.1.0", `version "1.1.0"`},
		{"docs/1.2/a.md", "https://pkg.go.dev/example.com/acme/sub@v1.2.1#Thing", ""},
		{"docs/1.2/a.md", "https://pkg.go.dev/example.com/acme@v1.3.0", `pkg.go.dev example.com/acme version "v1.3.0"`},
		{"docs/1.2/a.md", "https://www.npmjs.com/package/@acme/ui/v/1.1.9", `npm @acme/ui version "1.1.9"`},
		{"docs/1.2/a.md", "https://acme.dev/manual/release-1.2/intro", ""},
		{"docs/1.2/a.md", "https://acme.dev/manual/latest/intro", `"latest", but its page is in docs version 1.2: expected release-1.2`},
		// The first rule whose folder holds the page is the page's.
		{"docs/next/a.md", "https://github.com/acme/tool/blob/main/x", ""},
		{"docs/next/a.md", "https://github.com/acme/tool/blob/v1.2.0/x", "expected main"},
		// Docusaurus's folders: version-1.1 holds version 1.1.
		{"versioned_docs/version-1.1/a.md", "https://github.com/acme/tool/blob/v1.1/x", ""},
		{"versioned_docs/version-1.1/a.md", "https://github.com/acme/tool/blob/v1.2/x", "docs version 1.1: expected v1.1"},
		// Pages of no version are not judged.
		{"guide/a.md", "https://github.com/acme/tool/blob/main/x", ""},
		{"docs/a.md", "https://github.com/acme/tool/blob/main/x", ""},
	} {
		got := s.Judge(filepath.FromSlash(tc.file), tc.href)
		if tc.bad == "" {
			assert.Empty(t, got, "%s → %s", tc.file, tc.href)
		} else {
			assert.Contains(t, got, tc.bad, "%s → %s", tc.file, tc.href)
		}
	}
}

func TestCompileSaysWhichRuleIsWrong(t *testing.T) {
	t.Chdir(t.TempDir()) // the rules' pages are read from the current directory
	for _, tc := range []struct {
		rules      []Rule
		rule, link int
		msg        string
	}{
		{[]Rule{{Links: []Link{{GitHub: "a/b", Expect: "x"}}}}, 0, -1, `"pages" is missing`},
		{[]Rule{{Pages: "docs/*"}}, 0, -1, `"links" is empty`},
		{[]Rule{{Pages: "docs/[", Links: []Link{{GitHub: "a/b", Expect: "x"}}}}, 0, -1, "syntax error in pattern"},
		{[]Rule{{Pages: "docs/*", Links: []Link{{GitHub: "a/b", Expect: "x"}, {Regexp: `^https://x/([^/]+)/`, Expect: "{version}"}}}}, 0, 1, "has no (?P<version>…) group"},
		{[]Rule{{Pages: "a/*", Links: []Link{{GitHub: "a/b", Expect: "x"}}}, {Pages: "b/*", Links: []Link{{Regexp: `(`, Expect: "x"}}}}, 1, 0, "missing closing )"},
		{[]Rule{{Pages: "docs/*", Links: []Link{{GitHub: "a/b"}}}}, 0, 0, `"expect" is missing`},
		{[]Rule{{Pages: "docs/*", Links: []Link{{Expect: "x"}}}}, 0, 0, "no link named"},
		{[]Rule{{Pages: "docs/*", Links: []Link{{GitHub: "a/b", NPM: "c", Expect: "x"}}}}, 0, 0, "names github and npm"},
		{[]Rule{{Pages: "docs/*", Links: []Link{{GitHub: "a/b", Expect: "x", Except: []string{"["}}}}}, 0, 0, `except "["`},
	} {
		_, err := Compile(tc.rules)
		var e *Error
		require.ErrorAs(t, err, &e, tc.msg)
		assert.Equal(t, [2]int{tc.rule, tc.link}, [2]int{e.Rule, e.Link}, tc.msg)
		assert.True(t, strings.Contains(e.Msg, tc.msg), "%q does not say %q", e.Msg, tc.msg)
	}
}

func TestAtReadsTheURLFolders(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, d := range []string{"docs/1.1", "docs/1.2", "docs/next", "versioned_docs/version-2.0", "current"} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	s, err := Compile([]Rule{
		{Pages: "docs/next", URLs: map[string]string{"/docs/next/": "next"}, Links: []Link{{GitHub: "a/b", Expect: "main"}}},
		{Pages: "docs/*", URLs: map[string]string{"/docs/": "1.2", "/docs/{version}/": "{version}", "/v/r{version}/": "{version}"}, Links: []Link{{GitHub: "a/b", Expect: "v{version}"}}},
		{Pages: "versioned_docs/*", Links: []Link{{GitHub: "a/b", Expect: "v{version}"}}},
	})
	require.NoError(t, err)
	s.Served("versioned_docs/version-2.0", "/api/")
	s.Served("current", "/api/next") // a generator's current docs: no version's
	for _, tc := range []struct {
		url, version string
		rule         int
	}{
		{"/docs/", "1.2", 1},
		{"/docs/intro/", "1.2", 1},   // no version folder is named intro
		{"/docs/1.1/a/b/", "1.1", 1}, // the longest folder
		{"/docs/1.1", "1.1", 1},
		{"/docs/1.10/", "1.2", 1},
		{"/docs/next/x/", "next", 0}, // as long as rule 1's {version}: the first rule
		{"/v/r1.1/x/", "1.1", 1},
		{"/v/1.1/x/", "", -1},
		{"/api/x/", "2.0", 2},
		{"/api/next/x/", "", -1},
		{"/blog/", "", -1},
		{"/", "", -1},
	} {
		v, i := s.At(tc.url)
		assert.Equal(t, tc.version, v, tc.url)
		assert.Equal(t, tc.rule, i, tc.url)
	}
}

func TestCompileSaysWhichURLIsWrong(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, tc := range []struct {
		key, value, msg string
	}{
		{"docs/", "1.1", "starting with /"},
		{"/docs/?v=1", "1.1", "no query"},
		{"/docs/", "", "the version is empty"},
		{"/docs/", "{version}", "has no {version}"},
		{"/docs/{version}/", "1.1", `its value must be "{version}"`},
		{"/{version}/docs/", "{version}", "in the key's last folder"},
	} {
		_, err := Compile([]Rule{{Pages: "docs/*", URLs: map[string]string{tc.key: tc.value}, Links: []Link{{GitHub: "a/b", Expect: "x"}}}})
		var e *Error
		require.ErrorAs(t, err, &e, tc.msg)
		assert.Equal(t, tc.key, e.URL)
		assert.Contains(t, e.Msg, tc.msg)
	}
}
