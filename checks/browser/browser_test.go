package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/devdocs-dev/devdocs/checks/internal/busyload"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// shared is one browser for every test (a start costs about a second),
// started before the first; noBrowser says why there is none. second, and
// lendable (the browsers free to lend), are lend's.
var (
	shared    *Browser
	noBrowser string
	second    *Browser
	lendable  = make(chan *Browser, 2)
	lendOnce  sync.Once
	secondErr error
)

func TestMain(m *testing.M) {
	if _, err := os.Stat(chromium()); err != nil {
		noBrowser = fmt.Sprintf("%s is missing (install it with `make chromium`, or set CHROMIUM)", chromium())
	} else if b, err := Launch(context.Background(), chromium()); err != nil {
		noBrowser = err.Error()
	} else {
		shared = b
		fmt.Fprintf(os.Stderr, "checks/browser: %s at %s\n", b.Version, chromium())
	}
	code := m.Run()
	for _, b := range []*Browser{shared, second} {
		if b != nil {
			b.Close()
		}
	}
	os.Exit(code)
}

// needBrowser skips a test that needs Chromium when there is none, saying
// why; under CI, where `make test` installs it, a missing browser fails.
func needBrowser(t *testing.T) {
	t.Helper()
	if noBrowser == "" {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("no browser under CI: %s", noBrowser)
	}
	t.Skipf("no browser: %s", noBrowser)
}

func chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return DefaultChromium()
}

// Each testdata/browser/*.txtar is good.txtar, or good.txtar with edits that
// break one behaviour. want/failed lists the expectations that must fail
// ("check: want"); every other one must pass, but for those in want/either:
// a broken build can make a second expectation fail or pass by timing alone
// (a Retry that fails at once may or may not outrun the 200 ms spinner on a
// loaded machine), and the archive names it rather than the test flaking.
// The fixtures run two at a time, each in a browser lent to it alone (lend),
// as the gate runs its checks one after another in its browser: most of a
// fixture's time is spent waiting on its pages.
func TestFixtures(t *testing.T) {
	needBrowser(t)
	good := readArchive(t, "good.txtar")
	archives, _ := filepath.Glob("../../testdata/browser/*.txtar")
	require.NotEmpty(t, archives)
	for _, a := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(a), ".txtar"), func(t *testing.T) {
			t.Parallel()
			checkFixture(t, lend(t), good, readArchive(t, filepath.Base(a)))
		})
	}
}

// lend gives t a browser no other test is given until t ends: shared, or
// a second one, started on the first call.
func lend(t *testing.T) *Browser {
	t.Helper()
	lendOnce.Do(func() {
		lendable <- shared
		if second, secondErr = Launch(context.Background(), chromium()); secondErr == nil {
			lendable <- second
		}
	})
	require.NoError(t, secondErr, "a second browser, for fixtures run side by side")
	b := <-lendable
	t.Cleanup(func() { lendable <- b })
	return b
}

// The checks that time what a page does (the loader's 200 ms, a second
// tab following a change) give the idle verdicts under a bounded synthetic
// load too: each fixture of theirs is run again with every core busy.
func TestFixturesUnderLoad(t *testing.T) {
	needBrowser(t)
	good := readArchive(t, "good.txtar")
	busyload.Start(t)
	for _, name := range []string{"good", "progress-without-delay", "theme-toggle-stuck"} {
		t.Run(name, func(t *testing.T) {
			checkFixture(t, shared, good, readArchive(t, name+".txtar"), registry.LoaderTiming, registry.ThemePersistence)
		})
	}
}

// checkFixture runs the checks of one archive (or only those named) in b
// and holds their failures to its want/failed.
func checkFixture(t *testing.T, b *Browser, good, ar *txtar.Archive, only ...string) {
	o := fixtureOptions(t, good, ar)
	if len(only) > 0 {
		o.Checks = only
	}
	res, err := b.Check(o)
	require.NoError(t, err)
	var failed []string
	either := lines(section(ar, "want/either"))
	for _, r := range res {
		t.Logf("ok=%v %s: %s: %s", r.OK, r.Check, r.Want, r.Saw)
		if !r.OK && !slices.Contains(either, r.Check+": "+r.Want) {
			failed = append(failed, r.Check+": "+r.Want)
		}
	}
	assert.Equal(t, lines(section(ar, "want/failed")), failed)
}

func readArchive(t *testing.T, name string) *txtar.Archive {
	ar, err := txtar.ParseFile(filepath.Join("../../testdata/browser", name))
	require.NoError(t, err)
	return ar
}

// fixtureOptions writes good's site with ar's edits applied into a temp
// dir, and reads ar's checks and contract overrides.
func fixtureOptions(t *testing.T, good, ar *txtar.Archive) Options {
	files := map[string]string{}
	for _, f := range good.Files {
		if !strings.HasPrefix(f.Name, "want/") {
			files[f.Name] = string(f.Data)
		}
	}
	for _, f := range ar.Files {
		if file, ok := strings.CutPrefix(f.Name, "edit "); ok {
			// OLD, a line "====", NEW; both without their last newline,
			// so an edit can change part of a line.
			old, repl, found := strings.Cut(string(f.Data), "====\n")
			old, repl = strings.TrimSuffix(old, "\n"), strings.TrimSuffix(repl, "\n")
			require.True(t, found, "edit %s: want OLD, a line ====, NEW", file)
			require.True(t, strings.Contains(files[file], old), "edit %s: %q is not in good.txtar", file, old)
			files[file] = strings.Replace(files[file], old, repl, 1)
		}
	}
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		// An hour old, as a built site's files are by the time it is
		// checked: by their Last-Modified the browser may keep them in
		// its cache, and a check must still see every request.
		built := time.Now().Add(-time.Hour)
		require.NoError(t, os.Chtimes(p, built, built))
	}
	c := fixtureContract()
	if raw := section(ar, "contract.json"); raw != "" {
		require.NoError(t, json.Unmarshal([]byte(raw), &c))
	}
	return Options{Dir: dir, Contract: c, Timeout: 30 * time.Second, Checks: lines(section(ar, "checks"))}
}

// fixtureContract is the DOM good.txtar keeps (our site's).
func fixtureContract() Contract {
	c := DefaultContract()
	c.Ready, c.ThemeToggle, c.DefaultTheme = "data-app-ready", "button.color-mode-toggle", "dark"
	c.Loader, c.ProgressBar, c.ErrorBox, c.RetryButton = ".loader", ".progress-bar", ".load-error", ".load-error button"
	c.LoaderPage, c.NavLink = "/api", "main a[href], aside a[href]"
	return c
}

func section(ar *txtar.Archive, name string) string {
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return ""
}

func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}
