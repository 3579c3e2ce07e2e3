//go:build unix

package browser

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/registry"
)

func TestMissingChromiumSaysHowToInstall(t *testing.T) {
	_, err := Launch(context.Background(), "/no/such/chromium")
	require.ErrorIs(t, err, ErrNoChromium)
	assert.Contains(t, err.Error(), "apt-get install chromium-headless-shell or chromium")
	assert.Contains(t, err.Error(), "--chromium")
}

// Told no browser, the gate runs a headless shell where there is one, else
// Chromium or Chrome, whichever PATH has; with none it names Debian's path.
func TestDefaultChromiumPrefersAHeadlessShell(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	put := func(name string) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755))
		return path
	}
	assert.Equal(t, "/usr/bin/chromium", DefaultChromium(), "none on PATH")
	chrome := put("google-chrome")
	assert.Equal(t, chrome, DefaultChromium())
	chromium := put("chromium")
	assert.Equal(t, chromium, DefaultChromium(), "Chromium before Chrome")
	shell := put("chrome-headless-shell")
	assert.Equal(t, shell, DefaultChromium(), "a headless shell first")
	debian := put("chromium-headless-shell")
	assert.Equal(t, debian, DefaultChromium())
}

// hangingSite's page never finishes loading: its script spins forever.
func hangingSite(t *testing.T) string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html><p>spinning<script>for (;;) {}</script>`), 0o644))
	return dir
}

// A hung page fails its check within the time limit, and closing the
// browser leaves no process and no profile directory.
func TestHungPageFailsInTimeAndLeavesNothing(t *testing.T) {
	needBrowser(t)
	t.Parallel() // a browser of its own, mostly waiting (for a hung page): it overlaps the others
	b, err := Launch(context.Background(), chromium())
	require.NoError(t, err)
	limit := 3 * time.Second
	start := time.Now()
	res, err := b.Check(Options{Dir: hangingSite(t), Contract: DefaultContract(), Timeout: limit, Checks: []string{registry.SearchShortcut}})
	took := time.Since(start)
	require.NoError(t, err)
	require.Len(t, res, 1)
	assert.False(t, res[0].OK)
	assert.Contains(t, res[0].Saw, "did not answer in time")
	assert.Less(t, took, limit+5*time.Second, "the check must stop at its time limit")
	assertGone(t, b)
}

// A browser that dies mid-check fails the check at once, not at its deadline.
func TestCrashedBrowserFailsTheCheck(t *testing.T) {
	needBrowser(t)
	t.Parallel() // a browser of its own, mostly waiting (for a hung page): it overlaps the others
	b, err := Launch(context.Background(), chromium())
	require.NoError(t, err)
	time.AfterFunc(time.Second, b.kill)
	start := time.Now()
	res, err := b.Check(Options{Dir: hangingSite(t), Contract: DefaultContract(), Timeout: 30 * time.Second, Checks: []string{registry.SearchShortcut}})
	require.NoError(t, err)
	require.Len(t, res, 1)
	assert.False(t, res[0].OK)
	assert.Less(t, time.Since(start), 15*time.Second, "a dead browser is noticed long before the deadline")
	assertGone(t, b)
}

func assertGone(t *testing.T, b *Browser) {
	t.Helper()
	pid := b.cmd.Process.Pid
	b.Close()
	_, err := os.Stat(b.profile)
	assert.True(t, os.IsNotExist(err), "profile directory %s must be removed", b.profile)
	assert.Eventually(t, func() bool { return errors.Is(syscall.Kill(-pid, 0), syscall.ESRCH) }, 3*time.Second, 50*time.Millisecond, "process group %d must be gone", pid)
	assert.Empty(t, processesUsing(b.profile), "no process may still use the profile")
}

func processesUsing(dir string) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(cmdline), dir) {
			out = append(out, e.Name())
		}
	}
	return out
}

// An interrupt (the caller's context cancelled, as the CLI does on Ctrl-C
// or SIGTERM) ends the run promptly and leaves no profile directory.
func TestInterruptLeavesNoProfile(t *testing.T) {
	needBrowser(t)
	site := hangingSite(t)
	assertInterruptLeavesNothing(t, func(ctx context.Context, started func()) error {
		_, err := Run(ctx, Options{Dir: site, Chromium: chromium(), Contract: DefaultContract(), Timeout: 30 * time.Second,
			Started: func(string, string) { started() }})
		return err
	})
}

// assertInterruptLeavesNothing runs a browser (run calls started once it
// is up), cancels its context half a second later, and holds it to
// stopping promptly with no profile, temporary file or process left.
func assertInterruptLeavesNothing(t *testing.T, run func(ctx context.Context, started func()) error) {
	t.Helper()
	// A short TMPDIR as on a real machine: t.TempDir's long path would push
	// Chromium's socket in the profile past the 108-byte limit of its name.
	tmp, err := os.MkdirTemp("", "ti")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(tmp) })
	t.Setenv("TMPDIR", tmp)
	ctx, cancel := context.WithCancel(context.Background())
	var profiles []string
	started := func() {
		profiles, _ = filepath.Glob(filepath.Join(tmp, "checks-browser-*"))
		time.AfterFunc(500*time.Millisecond, cancel)
	}
	start := time.Now()
	require.ErrorIs(t, run(ctx, started), context.Canceled)
	assert.Less(t, time.Since(start), 15*time.Second, "an interrupt stops the run long before its deadline")
	require.Len(t, profiles, 1, "the run made its profile in TMPDIR")
	left, _ := os.ReadDir(tmp)
	assert.Empty(t, left, "the profile and Chromium's own temporary files must be removed")
	assert.Eventually(t, func() bool { return len(processesUsing(profiles[0])) == 0 }, 3*time.Second, 50*time.Millisecond, "no process may still use the profile")
}

// A Chromium that dies mid-crawl is started again and the crawl goes on:
// the page that was open is reported, the next one still has its fault
// found, and neither browser leaves a process or a profile behind.
func TestCrawlGoesOnAfterChromiumDies(t *testing.T) {
	needBrowser(t)
	t.Parallel() // mostly waiting (for timeouts, a browser to start): it overlaps the others
	b, err := Launch(context.Background(), chromium())
	require.NoError(t, err)
	first := *b
	t.Cleanup(func() {
		if t.Failed() { // a test that stopped early still leaves no browser
			first.Close()
			b.Close()
		}
	})
	crashAtB(t, b, func(context.Context) { first.kill() }, "Chromium crashed while the page loaded; the crawl went on in a new one")
	require.NotEqual(t, first.cmd.Process.Pid, b.cmd.Process.Pid, "a new Chromium")
	_, err = os.Stat(first.profile)
	assert.True(t, os.IsNotExist(err), "the dead Chromium's profile %s is removed once the new one is up", first.profile)
	assert.Empty(t, processesUsing(first.profile), "no process may still use the dead Chromium's profile")
	assertGone(t, b)
}

// Told no number of tabs, a crawl opens three a core (at most 6) in a
// headless shell and two a core (at most 4) in full Chromium: the shell
// spends less than half the CPU on a page. A quota of a fraction of a core
// counts as that fraction, and a crawl has at least one tab.
func TestDefaultTabsByBrowser(t *testing.T) {
	for _, c := range []struct {
		path  string
		cores float64
		want  int
	}{
		{"/usr/bin/chromium-headless-shell", 0.5, 1},
		{"/usr/bin/chromium-headless-shell", 0.1, 1},
		{"/usr/bin/chromium-headless-shell", 1.5, 4},
		{"/usr/bin/chromium", 0.5, 1},
		{"/usr/bin/chromium-headless-shell", 1, 3},
		{"/usr/bin/chromium-headless-shell", 2, 6},
		{"/usr/bin/chromium-headless-shell", 16, 6},
		{"/opt/chrome-headless-shell-linux64/chrome-headless-shell", 2, 6},
		{"chrome-headless-shell.exe", 2, 6},
		{"/usr/bin/chromium", 1, 2},
		{"/usr/bin/chromium", 2, 4},
		{"/usr/bin/chromium", 16, 4},
		{"/usr/bin/google-chrome", 2, 4},
		{"/opt/chrome-headless-shell-linux64/chrome", 2, 4}, // the name decides, not the folder
	} {
		assert.Equal(t, c.want, DefaultTabs(c.path, c.cores), "%s on %g cores", c.path, c.cores)
	}
}
