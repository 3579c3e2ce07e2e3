package checkscmd

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBrowserUsage(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("bad.json", []byte(`{"browser": {"page": 3}}`), 0o644))
	require.NoError(t, os.WriteFile("checks.json", []byte(`{"browser": {"themeToggle": ".toggle"}}`), 0o644))
	require.NoError(t, os.Mkdir("site", 0o755))
	cases := []struct {
		args   string
		stderr string
	}{
		{"browser", `want the folder the site is built into: checks browser DIR, or "site" (or a "preset") in checks.json`},
		{"browser site another", "want one directory, not 2"},
		{"browser site --config none.json", "config file none.json: no such file"},
		{"browser /no/such/dir", "/no/such/dir is not a directory"},
		{"browser site --chromium /no/such/chromium", "install it (Debian: apt-get install chromium"},
		{"browser site --config bad.json", `bad.json:1:22: "browser.page" must be a string, not a number`},
		{"browser site --on-loader-timing sometimes", `level "sometimes" for loader-timing`},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := Run(strings.Fields(c.args), &out, &errOut, false)
		assert.Equal(t, 2, code, c.args)
		assert.Contains(t, errOut.String(), c.stderr, c.args)
	}
}

// A check set to ignore in checks.json is not run at all.
func TestBrowserIgnoredChecksDoNotRun(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("checks.json", []byte(`{"browser": {}, "levels": {"search-shortcut": "ignore", "theme-persistence": "ignore", "loader-timing": "ignore"}}`), 0o644))
	require.NoError(t, os.Mkdir("site", 0o755))
	var out, errOut bytes.Buffer
	// No browser is needed when nothing is left to run, but the binary must exist.
	code := Run([]string{"browser", "site", "--chromium", os.Args[0]}, &out, &errOut, false)
	assert.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "checks browser: nothing to check in ")
}

// Without a contract there is nothing to check; a check whose keys the
// contract leaves empty is skipped, saying which.
func TestBrowserNeedsAContract(t *testing.T) {
	t.Chdir(t.TempDir())
	require.NoError(t, os.Mkdir("site", 0o755))
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Run([]string{"browser", "site"}, &out, &errOut, false))
	assert.Equal(t, "checks browser: no browser contract configured (\"browser\" in checks.json)\n", errOut.String())

	require.NoError(t, os.WriteFile("checks.json", []byte(`{"browser": {}, "levels": {"search-shortcut": "ignore"}}`), 0o644))
	errOut.Reset()
	assert.Equal(t, 0, Run([]string{"browser", "site", "--chromium", os.Args[0]}, &out, &errOut, false))
	assert.Equal(t, `checks browser: theme-persistence skipped, the contract sets no themeToggle
checks browser: loader-timing skipped, the contract sets no loaderPage, loader, progressBar, errorBox, retryButton
`, errOut.String())
}
