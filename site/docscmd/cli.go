// Package cli is the `docs` command: build (compile content), watch
// (recompile on every edit, for the dev server) and serve (preview a build).
package docscmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/serve"
	"github.com/devdocs-dev/devdocs/site/compile"
)

const usage = `usage: docs <command> [flags]

commands:
  build   compile content/ into the site's page data (site/.generated)
  watch   build, then rebuild whenever a file under content/ changes
  serve   serve a built site (site/dist) on 127.0.0.1 as a static host does
          (-dir DIR, -addr 127.0.0.1:PORT, -host default|github-pages|netlify|cloudflare-pages|s3|nginx)
`

// Run executes one command and returns the process exit code:
// 0 success, 1 content errors, 2 usage or I/O failure.
func Run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "build":
		return runBuild(args[1:], stdout, stderr)
	case "watch":
		return runWatch(args[1:], stdout, stderr)
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "docs: unknown command %q\n%s", args[0], usage)
	return 2
}

type buildFlags struct{ content, out string }

func parseBuildFlags(name string, args []string, stderr io.Writer) (*buildFlags, error) {
	fs := flag.NewFlagSet("docs "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := &buildFlags{}
	fs.StringVar(&f.content, "content", "content", "content directory")
	fs.StringVar(&f.out, "out", "site/.generated", "output directory for page data")
	return f, fs.Parse(args)
}

func runBuild(args []string, stdout, stderr io.Writer) int {
	f, err := parseBuildFlags("build", args, stderr)
	if err != nil {
		return 2
	}
	return build(f, stdout, stderr)
}

func build(f *buildFlags, stdout, stderr io.Writer) int {
	start := time.Now()
	res, diags := compile.Build(f.content, f.out)
	if len(diags) > 0 {
		fmt.Fprintln(stderr, diags.Error())
	}
	if diags.Count(diag.Error) > 0 {
		fmt.Fprintf(stderr, "docs build: %s; nothing written\n", diag.Counts(diags.Count(diag.Error), diags.Count(diag.Warning)))
		return 1
	}
	fmt.Fprintf(stdout, "docs build: %s, %s, %s updated in %s", diag.Plural(res.Pages, "page"), diag.Plural(res.Routes, "route"), diag.Plural(res.Written, "file"),
		time.Since(start).Round(time.Millisecond))
	if n := diags.Count(diag.Warning); n > 0 {
		fmt.Fprintf(stdout, " (%s)", diag.Counts(0, n))
	}
	fmt.Fprintln(stdout)
	return 0
}

// serveTimeouts bound what one client may hold of docs serve (the README's
// "docs serve" says them): its request headers must arrive within header,
// the whole request within read, the answer go out within write, and a
// kept-alive connection with no request is closed after idle. A preview
// server has no slow clients to wait for; without bounds, a stuck or
// hostile one keeps a connection (and its goroutine) for ever.
var serveTimeouts = struct{ header, read, write, idle time.Duration }{
	header: 5 * time.Second, read: 10 * time.Second, write: 30 * time.Second, idle: 10 * time.Second,
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("docs serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "site/dist", "built site to serve")
	addr := fs.String("addr", "127.0.0.1:3000", "address to listen on (loopback only)")
	hostName := fs.String("host", "default", "the static host to behave as: "+strings.Join(serve.ProfileNames(), ", "))
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// The flag package stops at the first word that is no flag: the flags
	// after it would be dropped without a word, and the server would
	// start on what the user did not ask for.
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "docs serve: unexpected argument %q: serve takes only flags (-dir, -addr, -host), and none after it were read\n", fs.Arg(0))
		return 2
	}
	host, ok := serve.Profile(*hostName)
	if !ok {
		fmt.Fprintf(stderr, "docs serve: unknown -host %q; hosts are %s\n", *hostName, strings.Join(serve.ProfileNames(), ", "))
		return 2
	}
	h, _, err := net.SplitHostPort(*addr)
	if err != nil || !net.ParseIP(h).IsLoopback() {
		fmt.Fprintf(stderr, "docs serve: -addr %q must be a loopback address such as 127.0.0.1:3000\n", *addr)
		return 2
	}
	if err := serve.CheckRoot(*dir); err != nil {
		fmt.Fprintf(stderr, "docs serve: -dir %v\n", err)
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "docs serve: %v\n", err)
		return 2
	}
	as := ""
	if host.Name != "" {
		as = " as " + host.Name + " does"
	}
	fmt.Fprintf(stdout, "serving %s%s on http://%s/\n", *dir, as, ln.Addr())
	srv := &http.Server{Handler: host.Handler(*dir), ReadHeaderTimeout: serveTimeouts.header, ReadTimeout: serveTimeouts.read,
		WriteTimeout: serveTimeouts.write, IdleTimeout: serveTimeouts.idle}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "docs serve: %v\n", err)
		return 2
	}
	return 0
}
