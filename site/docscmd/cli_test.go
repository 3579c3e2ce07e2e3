package docscmd

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

func TestServeRefusesWhatItWasNotAskedFor(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "site/index.html", "home")
	site := filepath.Join(dir, "site")
	cases := []struct {
		args   []string
		stderr string
	}{
		// Before, the flags after "extra" were dropped and site/dist served.
		{[]string{"serve", "extra", "-dir", site}, `unexpected argument "extra"`},
		{[]string{"serve", "-dir", site, "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "-dir", filepath.Join(dir, "nonexistent")}, "nonexistent does not exist"},
		{[]string{"serve", "-dir", filepath.Join(site, "index.html")}, "index.html is not a folder"},
		{[]string{"serve", "-dir", site, "-host", "gh-pages"}, `unknown -host "gh-pages"; hosts are default, github-pages, netlify`},
	}
	for _, c := range cases {
		// Bounded: a server that starts instead of refusing never returns.
		done := make(chan [3]string, 1)
		go func() {
			code, stdout, stderr := run(append(c.args, "-addr", "127.0.0.1:0")...)
			done <- [3]string{fmt.Sprint(code), stdout, stderr}
		}()
		select {
		case got := <-done:
			assert.Equal(t, "2", got[0], c.args)
			assert.Contains(t, got[2], c.stderr, c.args)
			assert.Empty(t, got[1], "nothing is served: %v", c.args)
		case <-time.After(5 * time.Second):
			t.Errorf("%v: started serving instead of refusing", c.args)
		}
	}
}

// startServe runs `docs serve` on a free port, as a user does, and returns
// its address once it listens. The server lives until the test binary ends.
func startServe(t *testing.T, args ...string) string {
	t.Helper()
	r, w := io.Pipe()
	go Run(append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), w, io.Discard)
	line, err := bufio.NewReader(r).ReadString('\n')
	require.NoError(t, err)
	go func() { _, _ = io.Copy(io.Discard, r) }()
	m := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`).FindStringSubmatch(line)
	require.NotNil(t, m, line)
	return m[1]
}

func TestServeAnswersAsTheNamedHost(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "index.html", "home")
	write(t, dir, "guide.html", "guide")
	write(t, dir, "a/b/index.html", `<a href="sibling">sibling</a>`)
	addr := startServe(t, "-dir", dir, "-host", "nginx")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get("http://" + addr + "/a/b?x=1")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, 301, res.StatusCode)
	assert.Equal(t, "/a/b/?x=1", res.Header.Get("Location"), "the page is served at /a/b/, where its relative links resolve")
	res, err = client.Get("http://" + addr + "/guide")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, 404, res.StatusCode, "nginx's defaults have no clean URLs")
}

// On -host netlify, docs serve reads the netlify.toml Netlify's build
// reads, as checks links finds it: the repository's root's (its [build]
// base naming the docs folder, which has none of its own), though the
// preview runs in that folder, below the file.
func TestServeReadsTheRepositorysNetlifyToml(t *testing.T) {
	top := t.TempDir()
	write(t, top, ".git/HEAD", "ref: refs/heads/main\n")
	write(t, top, "netlify.toml", "[build]\n  base = \"website\"\n  publish = \"build\"\n\n[[redirects]]\n  from = \"/old\"\n  to = \"/new/\"\n")
	write(t, top, "website/build/index.html", "home")
	write(t, top, "website/build/new/index.html", "new")
	t.Chdir(filepath.Join(top, "website"))
	addr := startServe(t, "-dir", "build", "-host", "netlify")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get("http://" + addr + "/old")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, 301, res.StatusCode, "the rule of the repository's netlify.toml")
	assert.Equal(t, "/new/", res.Header.Get("Location"))
}

// A client that sends no headers, and a connection left open after its
// request, are both cut off. The bounds are shortened here; docs/site.md
// states the real ones, which TestServeTimeoutsAreTheDocumentedOnes holds.
func TestServeClosesSlowAndIdleConnections(t *testing.T) {
	saved := serveTimeouts
	defer func() { serveTimeouts = saved }()
	serveTimeouts.header, serveTimeouts.idle = 300*time.Millisecond, 300*time.Millisecond
	dir := t.TempDir()
	write(t, dir, "index.html", "home")
	addr := startServe(t, "-dir", dir)

	slow, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer slow.Close()
	_, err = slow.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n")) // never ends its headers
	require.NoError(t, err)
	assert.True(t, closedWithin(t, slow, 3*time.Second), "a client that never ends its headers is cut off")

	idle, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer idle.Close()
	_, err = idle.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	require.NoError(t, err)
	br := bufio.NewReader(idle)
	res, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	assert.Equal(t, 200, res.StatusCode)
	start := time.Now()
	assert.True(t, closedWithin(t, idle, 3*time.Second), "a kept-alive connection with no request is closed")
	assert.GreaterOrEqual(t, time.Since(start), 200*time.Millisecond, "not before the idle bound")
}

func TestServeTimeoutsAreTheDocumentedOnes(t *testing.T) {
	page, err := os.ReadFile("../../docs/site.md")
	require.NoError(t, err)
	doc := fmt.Sprintf("headers within %s, the whole request within %s, the answer within %s; an idle connection is closed after %s",
		serveTimeouts.header, serveTimeouts.read, serveTimeouts.write, serveTimeouts.idle)
	assert.True(t, bytes.Contains(page, []byte(doc)), "docs/site.md must say: %s", doc)
}

// closedWithin tells whether the server closes conn within d.
func closedWithin(t *testing.T, conn net.Conn, d time.Duration) bool {
	t.Helper()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(d)))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	return err == nil || !(errors.As(err, &ne) && ne.Timeout()) // EOF or reset: closed; a timeout: still open
}
