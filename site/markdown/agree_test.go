package markdown

import (
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// Known differences: the gate does not know the site's $math$ (a link in
// it is no link on the site), and it resolves escapes and entities in a
// destination where goldmark's AST keeps them (resolveEscapes below).
//
// The site renders with goldmark; `checks markdown` reads files with the
// gate's own scanner, which links no markdown library. On every page of
// content/ both must find the same heading ids and the same links, or the
// gate would pass a link the build rejects (or the reverse).
func TestGateScannerAgrees(t *testing.T) {
	var files []string
	for _, root := range []string{"../../content", "testdata/render", "testdata/agree"} {
		require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
				files = append(files, p)
			}
			return err
		}))
	}
	require.Greater(t, len(files), 100)
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		doc, diags := Parse(file, src)
		if doc == nil {
			t.Errorf("%s: %v", file, diags)
			continue
		}
		gate := mdscan.Parse(src)
		var want, got []string
		for _, h := range doc.Headings {
			want = append(want, fmt.Sprintf("%d #%s", h.Line, h.ID))
		}
		for _, h := range gate.Headings {
			got = append(got, fmt.Sprintf("%d #%s", h.Line, h.ID))
		}
		for _, l := range doc.Links {
			want = append(want, fmt.Sprintf("%d %v %s", l.Line, l.Image, resolveEscapes(l.Dest)))
		}
		for _, l := range gate.Links {
			got = append(got, fmt.Sprintf("%d %v %s", l.Line, l.Image, l.Dest))
		}
		assert.ElementsMatch(t, want, got, file)
	}
}

// resolveEscapes resolves what goldmark resolves only when it writes HTML.
func resolveEscapes(dest string) string {
	var b strings.Builder
	for i := 0; i < len(dest); i++ {
		if dest[i] == '\\' && i+1 < len(dest) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", dest[i+1]) >= 0 {
			i++
		}
		b.WriteByte(dest[i])
	}
	return html.UnescapeString(b.String())
}
