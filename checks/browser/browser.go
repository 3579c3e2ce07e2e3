// Package browser drives a headless Chromium through chromedp to check what
// a link checker cannot see: the search shortcuts, the colour mode and the
// loader timing of a built site, and what breaks when each of its pages
// runs (the crawl).
package browser

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// Browsers are the names the gate looks for on PATH when it is told no
// browser, in this order. A headless shell comes first: Chromium's old
// headless mode, built apart (Debian's chromium-headless-shell, Chrome for
// Testing's chrome-headless-shell), draws no browser window around the
// page and takes less than half the CPU per page of a crawl (make
// bench-crawl). Then Chromium, or Chrome as GitHub's Ubuntu runners have it.
var Browsers = []string{"chromium-headless-shell", "chrome-headless-shell", "chromium", "google-chrome", "chromium-browser"}

// debianChromium is where Debian's chromium package puts the browser: the
// path a machine with none of Browsers is told to install.
const debianChromium = "/usr/bin/chromium"

// DefaultChromium is the browser the gate runs when told none: the first
// of Browsers on PATH, else Debian's path (so that the error names it).
func DefaultChromium() string {
	for _, name := range Browsers {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return debianChromium
}

// DefaultTabs is how many pages a crawl opens at once in the browser at
// path, on cores CPUs, when told no number. A tab spends most of a page
// waiting (for the page to go quiet, for the tab's reset), so a core keeps
// two busy. Full Chromium is then bound by CPU: on 2 cores past 4 tabs it
// gains nothing (make bench-crawl). A headless shell, at less than half the
// CPU per page, keeps three a core busy and gains about a fifth at 6 tabs,
// for some 100 MiB more a tab; past 6 it gains little. A shell is known by
// its binary's name: both builds of one (Debian's, Chrome for Testing's)
// end in headless-shell.
// cores may be a fraction: a CPU quota of half a core gets one tab (two
// on half a core made every page of a clean site time out).
func DefaultTabs(path string, cores float64) int {
	perCore, most := 2.0, 4
	if IsHeadlessShell(path) {
		perCore, most = 3, 6
	}
	return max(1, min(int(perCore*cores), most))
}

// IsHeadlessShell says whether the browser at path is a headless shell.
func IsHeadlessShell(path string) bool {
	name := strings.TrimSuffix(filepath.Base(path), ".exe")
	return strings.HasSuffix(name, "headless-shell")
}

// ErrNoChromium means the browser binary is missing; the message says how to get it.
var ErrNoChromium = errors.New("chromium not found")

// Browser is one headless Chromium with its own profile directory. Every
// check opens its tabs in it; Close leaves no process and no directory behind.
type Browser struct {
	// Version is what the browser says it is, e.g. "HeadlessChrome 156.0.8078.79":
	// Debian's builds differ from machine to machine, so runs print it.
	Version string
	ctx     context.Context // the browser's root context: no deadline (only the caller's cancel), it owns the process
	parent  context.Context // Launch's: cancelled on an interrupt
	path    string
	cancel  context.CancelFunc
	profile string
	cmd     *exec.Cmd
	cert    *siteCert // the local crawl's; kept by a Chromium started again
}

// Launch starts Chromium at path (DefaultChromium() when empty). Cancelling
// ctx (an interrupt) stops the browser; Close still removes its profile.
func Launch(ctx context.Context, path string) (*Browser, error) {
	cert, err := newSiteCert()
	if err != nil {
		return nil, err
	}
	return launch(ctx, path, cert)
}

func launch(ctx context.Context, path string, cert *siteCert) (*Browser, error) {
	if path == "" {
		path = DefaultChromium()
	}
	if _, err := exec.LookPath(path); err != nil {
		return nil, fmt.Errorf("%w at %s: install it (Debian: apt-get install chromium-headless-shell or chromium, or `make chromium`) or pass --chromium PATH / set CHROMIUM", ErrNoChromium, path)
	}
	profile, err := os.MkdirTemp("", "checks-browser-")
	if err != nil {
		return nil, err
	}
	// Chromium keeps a socket at TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket,
	// and a Unix socket's path has at most 107 bytes.
	if len(profile)+len("/org.chromium.Chromium.XXXXXX/SingletonSocket") > 107 {
		_ = os.RemoveAll(profile)
		return nil, fmt.Errorf("the temporary directory %s has too long a path for Chromium's socket: set TMPDIR to a shorter one, e.g. /tmp", os.TempDir())
	}
	b := &Browser{profile: profile, parent: ctx, path: path, cert: cert}
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, b.options(path)...)
	ctx, cancelCtx := chromedp.NewContext(alloc, quiet)
	b.ctx, b.cancel = ctx, func() { cancelCtx(); cancelAlloc() }
	// The first action starts the process and ties its life to b.ctx, so it
	// gets no deadline itself; a start that hangs is bounded by the timer.
	start := time.AfterFunc(30*time.Second, b.kill)
	defer start.Stop()
	if err := chromedp.Do(ctx); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	v, err := chromedp.CallBrowser(ctx, cdpbrowser.GetVersion, cdp.Empty{})
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("asking %s its version: %w", path, err)
	}
	b.Version = strings.Replace(v.Product, "/", " ", 1)
	return b, nil
}

// options: headless, no sandbox (we may be root), and nothing that reaches
// the internet on its own (background networking, component updates, sync):
// on a machine without a route out, those connections fail at every start.
func (b *Browser) options(path string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// The local crawl's certificate, and only it (cert.go).
		chromedp.Flag("ignore-certificate-errors-spki-list", b.cert.spki),
		// A crawl opens page after page in one tab: with the back-forward
		// cache every page left would stay alive for a Back that never comes.
		chromedp.Flag("disable-back-forward-cache", true),
		// A window a page opens by itself is refused (window.open gives
		// null), as a browser's popup blocker refuses one no click asked
		// for: the headless shell has no popup blocker and would load it
		// (Chromium's own, in new headless, refuses it with or without).
		chromedp.Flag("block-new-web-contents", true),
		// Chromium keeps a spare renderer process ready for the next tab,
		// of one browser context: with a crawl's tabs in two, each page
		// threw the spare away and started a new process (25 for 20 pages,
		// 6 without). CPU: 15.6 s, not 19.1, for 40 pages of this site in
		// 2 tabs; for all 238, 84 s, not 87 (within the noise).
		chromedp.Flag("disable-features", "SpareRendererForSitePerProcess"),
		chromedp.UserDataDir(b.profile),
		// Chromium's own temporary files go inside the profile, so removing
		// the profile leaves nothing in the system's temporary directory.
		chromedp.Env("TMPDIR=" + b.profile),
		// Its own process group where the system has them (proc_*.go).
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			ownGroup(cmd)
			b.cmd = cmd
		}),
	}
}

// Tab opens a tab with a deadline. Isolated tabs get their own storage
// (a fresh browser context); others share the browser's localStorage.
func (b *Browser) Tab(timeout time.Duration, isolated bool) (context.Context, context.CancelFunc) {
	var opts []chromedp.ContextOption
	if isolated {
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	tab, cancelTab := chromedp.NewContext(b.ctx, opts...)
	ctx, cancel := context.WithTimeout(tab, timeout)
	return ctx, func() { cancel(); cancelTab() }
}

// died is a browser whose process ended (its context did, and the
// caller's did not: that would be an interrupt).
func (b *Browser) died() bool {
	return b.ctx.Err() != nil && b.parent.Err() == nil
}

// relaunch starts a new Chromium in place of b, which died, and removes
// what is left of the old one (its process group, its profile).
func (b *Browser) relaunch() error {
	nb, err := launch(b.parent, b.path, b.cert) // the site is still served with it
	if err != nil {
		return fmt.Errorf("Chromium died and could not be started again: %w", err)
	}
	old := *b
	*b = *nb
	old.Close()
	return nil
}

// Close stops the browser: politely first, then the whole process group,
// then removes the profile directory.
func (b *Browser) Close() {
	done := make(chan struct{})
	go func() { b.cancel(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	b.kill()
	_ = os.RemoveAll(b.profile)
}

// quiet keeps chromedp's own error log off stderr (set on the browser,
// every tab inherits it): a check that fails
// for the same reason reports it itself.
var quiet = chromedp.WithErrorf(func(string, ...any) {})

func (b *Browser) kill() {
	if b.cmd != nil && b.cmd.Process != nil {
		killGroup(b.cmd)
	}
}
