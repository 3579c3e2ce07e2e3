package links_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/htmlsite"
	. "github.com/devdocs-dev/devdocs/checks/links"
)

// Spellings of one URL that a browser opens as one are one external URL,
// asked for once: the host in Unicode, in punycode or in capitals, full-width
// dots, a percent-escape, a default port, IPv4 and IPv6 forms.
func TestExternalURLsAreCollectedAsBrowsersSerializeThem(t *testing.T) {
	root := t.TempDir()
	page := `<a href="https://bücher.example/a">1</a> <a href="https://XN--BCHER-KVA.example/a">2</a>
<a href="https://BÜCHER.example:443/a">3</a> <a href="https://b%C3%BCcher．example/a">4</a>
<a href="http://127.1/">5</a> <a href="http://0x7F.0.0.1:80/">6</a> <a href="http://[0:0:0::1]/">7</a> <a href="http://[::1]/">8</a>`
	require.NoError(t, os.WriteFile(filepath.Join(root, "index.html"), []byte(page), 0o644))
	s, err := htmlsite.Load(root)
	require.NoError(t, err)
	found, stats := Check(s, Options{CollectExternal: true})
	assert.Empty(t, found)
	urls := slices.Sorted(maps.Keys(stats.External))
	assert.Equal(t, []string{"http://127.0.0.1/", "http://[::1]/", "https://xn--bcher-kva.example/a"}, urls)
}
