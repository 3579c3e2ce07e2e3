package mdlinks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkPage writes files into a fresh folder, checks docs/a.md there with
// public as the static folder, and returns each problem as
// "line:col message".
func checkPage(t *testing.T, files map[string]string) []string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	for name, body := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
		require.NoError(t, os.WriteFile(name, []byte(body), 0o644))
	}
	found, _, err := Check([]string{"docs/a.md"}, Options{Public: "public"})
	require.NoError(t, err)
	var out []string
	for _, d := range found {
		out = append(out, fmt.Sprintf("%d:%d %s", d.Line, d.Col, d.Message))
	}
	return out
}

// Each page has a link that is good and one that is broken, on line 2,
// told apart only by the rule named:
//   - a fragment is percent-decoded before it is looked up, as a browser
//     decodes it: #caf%C3%A9 names the heading "Café";
//   - a query after a .md link's file name is not part of the name:
//     b.md?v=2 is the file b.md;
//   - //host/x.png is another site's image (a scheme-relative URL), never
//     a file of the static folder, even with a static folder set.
func TestOneRuleEach(t *testing.T) {
	for rule, files := range map[string]map[string]string{
		"fragment decoded": {"docs/a.md": "[ok](b.md#caf%C3%A9)\n[no](b.md#caf%C3%A8)\n", "docs/b.md": "# Café\n"},
		"query dropped":    {"docs/a.md": "[ok](b.md?v=2)\n[no](c.md?v=2)\n", "docs/b.md": "# B\n"},
		"scheme-relative":  {"docs/a.md": "![cdn](//cdn.example.com/x.png)\n![local](/img/missing.png)\n", "public/img/present.png": "png"},
	} {
		got := checkPage(t, files)
		if assert.Len(t, got, 1, "%s: %q", rule, got) {
			assert.True(t, strings.HasPrefix(got[0], "2:1 "), "%s: %s", rule, got[0])
		}
	}
}
