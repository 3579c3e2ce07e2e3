package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// checks markdown shares its resolver with the compiler: on the compiler's
// broken-links mini-site it must report the same problems, and only those
// of the files it is given.
func TestMarkdownCommand(t *testing.T) {
	abs, _ := filepath.Abs("../../testdata/sites/broken-links.txtar")
	ar, err := txtar.ParseFile(abs)
	require.NoError(t, err)
	unpack(t, ar)

	var out, errOut bytes.Buffer
	code := Run([]string{"markdown"}, &out, &errOut, false)
	assert.Equal(t, 1, code, errOut.String())
	text := out.String()
	assert.Contains(t, text, "content/api/1.0/index.md\n")
	assert.Contains(t, text, `4:4    error   broken markdown link "./zkvm/missing.md"`)
	assert.Contains(t, text, `7:10   warning anchor #nowhere not found`)
	assert.Contains(t, text, "checks markdown: 2 pages")

	out.Reset()
	code = Run([]string{"markdown", "content/api/next/index.md"}, &out, &errOut, false)
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out.String(), "checks markdown: 1 page, 0 links"), out.String())
}

func TestMarkdownMissingImage(t *testing.T) {
	ar := txtar.Parse([]byte(`-- content/versions.json --
{"plugin":"api","routeBasePath":"/api","versions":[{"name":"1.0","label":"1.0","isLast":true}]}
-- content/api/1.0/index.md --
---
title: Intro
---
![ok](/img/ok.svg) ![gone](/img/gone.svg) ![relative](./diagram.png) ![remote](https://example.com/x.png)
-- content/api/1.0/sidebars.json --
{"api":["index"]}
-- content/education/sidebars.json --
{}
-- content/pages/.keep --
-- site/public/img/ok.svg --
<svg/>
`))
	unpack(t, ar)
	var out, errOut bytes.Buffer
	code := Run([]string{"markdown"}, &out, &errOut, false)
	assert.Equal(t, 1, code)
	assert.Contains(t, out.String(), `image "/img/gone.svg" not found: site/public/img/gone.svg does not exist [markdown-image]`)
	assert.Contains(t, out.String(), `image "./diagram.png" not found: content/api/1.0/diagram.png does not exist [markdown-image]`)
	assert.NotContains(t, out.String(), "ok.svg")
	assert.NotContains(t, out.String(), "example.com")
}
