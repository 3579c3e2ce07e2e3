package searchindex

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the records.json golden sections")

// Each testdata/*.txtar holds a page (page.json: url, section, title, tag),
// its rendered body (body.html) and the records expected (records.json).
// `go test ./site/searchindex -update` rewrites records.json.
func TestRecords(t *testing.T) {
	archives, _ := filepath.Glob("testdata/*.txtar")
	require.NotEmpty(t, archives)
	for _, file := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			require.NoError(t, err)
			sections := map[string]*txtar.File{}
			for i := range ar.Files {
				sections[ar.Files[i].Name] = &ar.Files[i]
			}
			var p Page
			require.NoError(t, json.Unmarshal(sections["page.json"].Data, &p))
			records, err := Records(p, sections["body.html"].Data)
			require.NoError(t, err)
			got, err := json.MarshalIndent(records, "", "  ")
			require.NoError(t, err)
			got = append(got, '\n')
			want, ok := sections["records.json"]
			if *update {
				if !ok {
					ar.Files = append(ar.Files, txtar.File{Name: "records.json"})
					want = &ar.Files[len(ar.Files)-1]
				}
				want.Data = got
				require.NoError(t, os.WriteFile(file, txtar.Format(ar), 0o644))
				return
			}
			require.True(t, ok, "%s has no records.json: run go test ./site/searchindex -update", file)
			assert.Equal(t, string(want.Data), string(got))
		})
	}
}

func TestVersionTag(t *testing.T) {
	assert.Equal(t, "docs-api-1.2", VersionTag("api", "1.2"))
}
