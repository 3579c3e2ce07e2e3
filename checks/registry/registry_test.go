package registry

import (
	"flag"
	"testing"

	"github.com/devdocs-dev/devdocs/internal/docsection"
	"github.com/stretchr/testify/assert"
)

var update = flag.Bool("update", false, "rewrite the table of checks in docs/checks.md")

const (
	checksPage = "../../docs/checks.md"
	tableStart = "<!-- checks table: made from checks/registry; go test ./checks/registry -update rewrites it -->\n"
	tableEnd   = "<!-- end of checks table -->\n"
)

// docs/checks.md's table of checks is the registry's: a check added, renamed
// or given another default fails here until the table is rewritten.
func TestChecksPageTable(t *testing.T) {
	docsection.Check(t, checksPage, tableStart, tableEnd, MarkdownTable(), *update, "go test ./checks/registry -update")
}

// Ids are unique, levels valid, flags distinct (former names included).
func TestRegistryIsConsistent(t *testing.T) {
	ids, flags := map[string]bool{}, map[string]bool{}
	for _, c := range All {
		assert.False(t, ids[c.ID], "id %s twice", c.ID)
		ids[c.ID] = true
		_, err := ParseLevel(string(c.Level))
		assert.NoError(t, err, c.ID)
		assert.Contains(t, []string{Links, Markdown, Browser, Crawl}, c.Command, c.ID)
		assert.NotEmpty(t, c.Meaning, c.ID)
		for _, f := range []string{c.Flag(), c.OldFlag} {
			assert.False(t, f != "" && flags[f], "flag %s twice", f)
			flags[f] = true
		}
	}
}
