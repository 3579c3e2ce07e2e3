package checkscmd

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

var timing = regexp.MustCompile(`in \d+\.\d+s|time="\d+\.\d+"`)

// Each testdata/links/*.txtar is a small built site plus the command line
// to run on it (args), the expected exit code and the exact stdout, and
// the exact stderr when it has a want/stderr section. A section named
// "symlink NAME" is a symbolic link whose target is the section's text; one
// named "fifo NAME" is a named pipe (no writer ever opens it).
func TestFixtures(t *testing.T) {
	eachFixture(t, "../../testdata/links", func(t *testing.T, want map[string]string) {
		checkFixture(t, want, strings.Fields(want["args"]))
	})
}

// checkFixture runs the command args and holds it to the archive's exact
// stdout, its stderr when it has one, and its exit code.
func checkFixture(t *testing.T, want map[string]string, args []string) {
	var out, errOut bytes.Buffer
	code := Run(args, &out, &errOut, false)
	got := timing.ReplaceAllStringFunc(out.String(), func(m string) string {
		if m[0] == 't' {
			return `time="X.XXX"`
		}
		return "in X.XXs"
	})
	assert.Equal(t, want["want/stdout"], got, "stdout (stderr: %s)", errOut.String())
	if wantErr, ok := want["want/stderr"]; ok {
		assert.Equal(t, wantErr, errOut.String(), "stderr")
	}
	wantCode, err := strconv.Atoi(strings.TrimSpace(want["want/code"]))
	require.NoError(t, err, "want/code")
	assert.Equal(t, wantCode, code, "exit code")
}

// eachFixture runs a subtest for each txtar archive in dir, in a fresh
// working directory holding its files (unpack), with its args and want/
// sections.
func eachFixture(t *testing.T, dir string, run func(t *testing.T, want map[string]string)) {
	eachFixtureWith(t, dir, "", run)
}

// eachFixtureWith runs run on each archive of dir that has a section
// named section (every archive when it is ""); it says how many did.
func eachFixtureWith(t *testing.T, dir, section string, run func(t *testing.T, want map[string]string)) int {
	archives, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	require.NotEmpty(t, archives)
	ran := 0
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		require.NoError(t, err)
		if section != "" && !slices.ContainsFunc(ar.Files, func(f txtar.File) bool { return f.Name == section }) {
			continue
		}
		ran++
		t.Run(strings.TrimSuffix(filepath.Base(a), ".txtar"), func(t *testing.T) { run(t, unpack(t, ar)) })
	}
	return ran
}

// unpack writes the archive's files into a fresh directory, makes it the
// working directory, and returns the args and want/ sections. With a "git"
// section the directory is a git repository with every file staged but
// what its .gitignore ignores (a commit to be, for --staged). Every file
// has the same modification time, so a built page is as new as its
// source, whatever order they are written in; a "newer" section lists
// files edited after that (a source changed since the site was built).
func unpack(t *testing.T, ar *txtar.Archive) map[string]string {
	dir := t.TempDir()
	t.Chdir(dir)
	want := map[string]string{}
	built := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	defer func() {
		if _, ok := want["git"]; ok {
			gitStage(t)
		}
		for _, name := range strings.Fields(want["newer"]) {
			require.NoError(t, os.Chtimes(name, built.Add(time.Minute), built.Add(time.Minute)))
		}
	}()
	for _, f := range ar.Files {
		if f.Name == "args" || f.Name == "save" || f.Name == "newer" || f.Name == "git" || strings.HasPrefix(f.Name, "want/") {
			want[f.Name] = string(f.Data)
			continue
		}
		if name, ok := strings.CutPrefix(f.Name, "symlink "); ok {
			// "-- symlink NAME --" holds the link's target, as ln -s takes it.
			require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
			require.NoError(t, os.Symlink(strings.TrimSpace(string(f.Data)), name))
			continue
		}
		if name, ok := strings.CutPrefix(f.Name, "fifo "); ok {
			require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
			require.NoError(t, syscall.Mkfifo(name, 0o644))
			continue
		}
		require.NoError(t, os.MkdirAll(filepath.Dir(f.Name), 0o755))
		require.NoError(t, os.WriteFile(f.Name, f.Data, 0o644))
		require.NoError(t, os.Chtimes(f.Name, built, built))
	}
	return want
}

func TestUsage(t *testing.T) {
	t.Chdir(t.TempDir())
	cases := []struct {
		args   string
		code   int
		stderr string
	}{
		{"", 2, "usage: checks <command>"},
		{"frobnicate", 2, `unknown command "frobnicate"`},
		{"links", 2, `want the folder the site is built into: checks links DIR, or "site" (or a "preset") in checks.json`},
		{"links . --on-broken-links explode", 2, `level "explode" for broken-link: want ignore, log, warn or throw`},
		{"links . --on-broken-lnk warn", 2, `flag provided but not defined: -on-broken-lnk`},
		{"links . --color sometimes", 2, `unknown -color "sometimes": want auto, always or never`},
		{"links /no/such/dir", 2, "/no/such/dir is not a directory"},
		{"links . --format yaml", 2, `unknown -format "yaml"`},
		{"links . --on-broken-links explode", 2, `level "explode" for broken-link`},
		{"links . --config /no/such.json", 2, "no such file"},
		{"links . --site-url docs.example.com", 2, "want an absolute http(s) URL such as https://docs.example.com/"},
		{"links . --site-url javascript://x/%0aalert(1)", 2, `site URL "javascript://x/%0aalert(1)": want an absolute http(s) URL`},
		{"links . --ignore-path (", 2, `ignore pattern "("`},
		{"links . --base-url https://example.com/proj/", 2, `base URL "https://example.com/proj/": want the path the site is served under, such as /repo/ (the site's full URL is --site-url, siteUrl in checks.json)`},
		{"links . --base-url //example.com/proj/", 2, `base URL "//example.com/proj/": want the path`},
		{"links . --base-url /proj/?v=2", 2, `base URL "/proj/?v=2": want the path`},
		{"links . --base-url /proj/../", 2, `base URL "/proj/../": want the path the site is served under, such as /repo/, without . or .. in it`},
		{"links . --base-url ..", 2, `base URL "..": want the path`},
		{"browser . --crawl --base-url https://example.com/proj/ --chromium /no/such/chromium", 2, `base URL "https://example.com/proj/": want the path`},
		{"links .", 2, ". has no HTML pages: is it the folder the site is built into?"},
		{"browser . --checks theme,search-shortcut --chromium /no/such/chromium", 2, `unknown browser check "theme" in --checks; checks are search-shortcut, theme-persistence, loader-timing`},
		{"browser . --checks search-shortcuts --chromium /no/such/chromium", 2, `unknown browser check "search-shortcuts" in --checks; did you mean "search-shortcut"?`},
		{"all . --checks bogus --chromium /no/such/chromium", 2, `checks all: unknown browser check "bogus"`},
		{"browser . --host nginks --chromium /no/such/chromium", 2, `unknown host "nginks"; did you mean "nginx"?`},
		{"all . --host s4 --chromium /no/such/chromium", 2, `unknown host "s4"; did you mean "s3"?`},
	}
	// What a user passes is echoed escaped: an escape sequence or a bell in
	// an argument does not reach the terminal.
	for _, args := range [][]string{
		{"links", "site\x1b[2J"},
		{"links", ".", "--ignore", "\x1b]0;title\a("},
		{"links", ".", "--\x1b[31mred"},
		{"links", ".", "--external-timeout", "\x1b[2J"},
	} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, Run(args, &out, &errOut, false), "%q", args)
		assert.NotContains(t, errOut.String(), "\x1b", "%q", args)
		assert.NotContains(t, errOut.String(), "\a", "%q", args)
		assert.Contains(t, errOut.String(), `\x1b`, "%q", args)
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := Run(strings.Fields(c.args), &out, &errOut, false)
		assert.Equal(t, c.code, code, c.args)
		assert.Contains(t, errOut.String(), c.stderr, c.args)
	}
}

func TestProgressOnlyOnATerminal(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll("site", 0o755))
	require.NoError(t, os.WriteFile("site/index.html", []byte(`<a href="/">home</a>`), 0o644))
	var out bytes.Buffer
	var tty terminal
	Run([]string{"links", "site"}, &out, &tty, false)
	assert.Equal(t, "\r\x1b[K", tty.String(), "a finished run leaves no progress line behind")
	for _, flag := range []string{"--no-progress", "--quiet"} {
		tty.Reset()
		Run([]string{"links", "site", flag}, &out, &tty, false)
		assert.Empty(t, tty.String(), flag)
	}
	var errOut bytes.Buffer
	Run([]string{"links", "site"}, &out, &errOut, true)
	assert.Empty(t, errOut.String(), "stdout is a terminal, stderr is not")
}

// terminal is a stderr that says it is a terminal.
type terminal struct{ bytes.Buffer }

func (*terminal) Stat() (os.FileInfo, error) { return charDevice{}, nil }

type charDevice struct{ os.FileInfo }

func (charDevice) Mode() os.FileMode { return os.ModeDevice | os.ModeCharDevice }

func TestQuiet(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll("site", 0o755))
	require.NoError(t, os.WriteFile("site/index.html", []byte(`<a href="/">home</a>`), 0o644))
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, Run([]string{"links", "site", "--quiet"}, &out, &errOut, false))
	assert.Empty(t, out.String()+errOut.String(), "a clean quiet run prints nothing")
	require.NoError(t, os.WriteFile("site/index.html", []byte(`<a href="/gone">gone</a>`), 0o644))
	assert.Equal(t, 1, Run([]string{"links", "site", "--quiet"}, &out, &errOut, false))
	assert.Contains(t, out.String(), `broken link "/gone"`)
}

// External links are requested only with --external; a 404 then fails the
// run at the page and line of the link, and the answer is cached.
func TestExternalLinksOnlyOnRequest(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if r.URL.Path == "/gone" {
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	t.Chdir(t.TempDir())
	require.NoError(t, os.MkdirAll("site", 0o755))
	page := "<p>\n<a href=\"" + srv.URL + "/ok\">ok</a>\n<a href=\"" + srv.URL + "/gone#part\">gone</a>\n<a href=\"mailto:x@y.z\">mail</a>\n"
	require.NoError(t, os.WriteFile("site/index.html", []byte(page), 0o644))

	var out, errOut bytes.Buffer
	assert.Equal(t, 0, Run([]string{"links", "site"}, &out, &errOut, false))
	assert.Zero(t, requests.Load(), "no request without --external")

	out.Reset()
	args := []string{"links", "site", "--external", "--external-cache", "cache.json"}
	assert.Equal(t, 1, Run(args, &out, &errOut, false), errOut.String())
	assert.Contains(t, out.String(), "  3:10   error   broken external link \""+srv.URL+"/gone#part\": the server answered 404 Not Found [external-link]")
	assert.NotContains(t, out.String(), "/ok")
	asked := requests.Load()

	out.Reset()
	assert.Equal(t, 1, Run(args, &out, &errOut, false))
	assert.Equal(t, asked, requests.Load(), "the second run is answered from the cache")
	assert.Contains(t, out.String(), "404 Not Found")
}

// gitStage makes the working directory a repository and stages its files.
func gitStage(t *testing.T) {
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}} {
		out, err := exec.Command("git", args...).CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
}

// Netlify reads netlify.toml at the repository's root whichever folder the
// run starts in (a docs project's, as the Action's working-directory), and
// its [build] publish, from its base, is the folder it serves: checks
// links there, with no folder named, checks that folder, with the file's
// rules and the folder's _redirects.
func TestNetlifyBaseFromTheProjectFolder(t *testing.T) {
	root := t.TempDir()
	for name, src := range map[string]string{
		".git/HEAD":                   "ref: refs/heads/main\n",
		"netlify.toml":                "[build]\n  base = \"website\"\n  publish = \"build\"\n\n[[redirects]]\n  from = \"/old\"\n  to = \"/guide\"\n",
		"website/build/index.html":    `<a href="/old">old</a> <a href="/moved">moved</a>`,
		"website/build/guide.html":    "<h1>Guide</h1>",
		"website/build/_redirects":    "/moved /guide 301\n",
		"website/docs/placeholder.md": "# A docs project\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
	}
	t.Chdir(filepath.Join(root, "website"))
	for _, args := range [][]string{{"links", "build", "--host", "netlify"}, {"links", "--host", "netlify"}} {
		var out, errOut bytes.Buffer
		code := Run(args, &out, &errOut, false)
		assert.Equal(t, 0, code, "%v: %s%s", args, out.String(), errOut.String())
		assert.Contains(t, out.String(), "2 pages, 2 links checked", args)
	}
}
