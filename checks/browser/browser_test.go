package browser

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// shared is one browser for every fixture (a start costs about a second).
var shared *Browser

// TestMain needs Chromium: without it the tests are skipped with a message,
// unless CI is set, where a missing browser is a failure.
func TestMain(m *testing.M) {
	if _, err := os.Stat(chromium()); err != nil {
		if os.Getenv("CI") != "" {
			fmt.Fprintf(os.Stderr, "checks/browser: %s is missing and CI is set: run `make chromium`\n", chromium())
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "checks/browser: SKIPPING the browser tests: %s is missing (install it with `make chromium`)\n", chromium())
		os.Exit(0)
	}
	b, err := Launch(chromium())
	if err != nil {
		fmt.Fprintln(os.Stderr, "checks/browser:", err)
		os.Exit(1)
	}
	shared = b
	code := m.Run()
	b.Close()
	os.Exit(code)
}

func chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return DefaultChromium
}

// Each testdata/browser/*.txtar is good.txtar, or good.txtar with edits that
// break one behaviour. want/failed lists the expectations that must fail
// ("check: want"); every other one must pass.
func TestFixtures(t *testing.T) {
	good := readArchive(t, "good.txtar")
	archives, _ := filepath.Glob("../../testdata/browser/*.txtar")
	require.NotEmpty(t, archives)
	for _, a := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(a), ".txtar"), func(t *testing.T) {
			ar := readArchive(t, filepath.Base(a))
			res, err := shared.Check(fixtureOptions(t, good, ar))
			require.NoError(t, err)
			var failed []string
			for _, r := range res {
				t.Logf("ok=%v %s: %s: %s", r.OK, r.Check, r.Want, r.Saw)
				if !r.OK {
					failed = append(failed, r.Check+": "+r.Want)
				}
			}
			assert.Equal(t, lines(section(ar, "want/failed")), failed)
		})
	}
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
	}
	c := DefaultContract()
	c.LoaderPage = "/api"
	if raw := section(ar, "contract.json"); raw != "" {
		require.NoError(t, json.Unmarshal([]byte(raw), &c))
	}
	return Options{Dir: dir, Contract: c, Timeout: 30 * time.Second, Checks: lines(section(ar, "checks"))}
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
