package browser

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Options of one run.
type Options struct {
	Dir      string
	Chromium string
	Contract Contract
	// Timeout bounds each step of a check (a tab of its own); a hung or
	// crashed browser fails that check instead of hanging the run.
	Timeout time.Duration
	// Checks to run, by id; all when empty.
	Checks []string
	// Started, when set, hears which browser Run started, before any check.
	Started func(version, path string)
	// Base is the path the site is served under ("/repo/"); empty for the
	// host's root. The contract's pages are paths within the site.
	Base string
	// Host is the static host the site is served as; nil is serve.Default.
	Host *serve.Host
}

// All is every check id, in the order they run.
var All = registry.IDs(registry.Of(registry.Browser))

// Run serves Dir on 127.0.0.1, starts Chromium and runs the checks. The error
// is for what stops the whole run: no directory, no browser, or ctx cancelled
// (an interrupt), after which the browser and its profile are gone.
func Run(ctx context.Context, o Options) ([]Result, error) {
	if st, err := os.Stat(o.Dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", o.Dir)
	}
	b, err := Launch(ctx, o.Chromium)
	if err != nil {
		return nil, errors.Join(ctx.Err(), err)
	}
	defer b.Close()
	if o.Started != nil {
		o.Started(b.Version, o.Chromium)
	}
	res, err := b.Check(o)
	if ctx.Err() != nil {
		return nil, ctx.Err() // what the checks saw of a dying browser means nothing
	}
	return res, err
}

// Check runs the checks of o in this browser.
func (b *Browser) Check(o Options) ([]Result, error) {
	host := serve.Default
	if o.Host != nil {
		host = *o.Host
	}
	base, stop, err := start(host.Handler(o.Dir), o.Base, nil)
	if err != nil {
		return nil, err
	}
	defer stop()
	var out []Result
	for _, id := range selected(o.Checks) {
		out = append(out, runOne(b, base, id, o)...)
	}
	return out, nil
}

func selected(ids []string) []string {
	if len(ids) == 0 {
		return All
	}
	return ids
}

// runOne gives a check its own tab and deadline.
func runOne(b *Browser, base, id string, o Options) []Result {
	ctx, cancel := b.Tab(o.Timeout, true)
	defer cancel()
	t := tab{ctx: ctx, base: base, c: o.Contract, limit: o.Timeout}
	switch id {
	case registry.SearchShortcut:
		return checkSearch(t)
	case registry.ThemePersistence:
		return checkTheme(b, t)
	case registry.LoaderTiming:
		return checkLoader(b, t, o.Dir)
	}
	r := &results{check: id, page: o.Contract.Page}
	return r.broke("a known check", errors.New("unknown check "+id))
}

// start serves a site with the host's rules (h) on a free local port,
// over https with cert, else http.
func start(h http.Handler, basePath string, cert *siteCert) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	// Under a base path, as a project site on GitHub Pages: the build's
	// absolute URLs (/repo/assets/…) reach its files, nothing else does.
	prefix := strings.TrimSuffix(basePath, "/")
	srv := &http.Server{Handler: http.StripPrefix(prefix, h), ReadHeaderTimeout: 5 * time.Second}
	scheme := "http"
	if cert != nil {
		scheme = "https"
		// A connection dropped in its handshake (a tab closed) is no
		// fault of the site, and the server's log is stderr.
		srv.ErrorLog = log.New(io.Discard, "", 0)
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert.cert}}
		// HTTP/1.1, as over http: the listener offers no h2, so Chromium
		// opens its connections to the site as it did before.
		ln = tls.NewListener(ln, srv.TLSConfig)
	}
	go func() { _ = srv.Serve(ln) }()
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
	return scheme + "://" + ln.Addr().String() + prefix, stop, nil
}
