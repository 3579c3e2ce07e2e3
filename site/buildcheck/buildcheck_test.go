package buildcheck

import (
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/internal/docsection"
)

var update = flag.Bool("update", false, "rewrite the table of build checks in content/README.md")

const (
	guide      = "../../content/README.md"
	tableStart = "<!-- build checks: made from site/buildcheck; go test ./site/buildcheck -update rewrites it -->\n"
	tableEnd   = "<!-- end of build checks -->\n"
)

// A build id is one id: never twice, never one of the gate's (a report
// mixing both must not be ambiguous).
func TestIDsAreDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range All {
		assert.False(t, seen[c.ID], "id %s twice", c.ID)
		seen[c.ID] = true
		_, gate := registry.Lookup(c.ID)
		assert.False(t, gate, "%s is also a check id of the gate", c.ID)
		assert.NotEmpty(t, c.Meaning, c.ID)
	}
}

// The authoring guide's table is this package's: an id added or renamed
// fails here until the table is rewritten.
func TestGuideTable(t *testing.T) {
	docsection.Check(t, guide, tableStart, tableEnd, table(), *update, "go test ./site/buildcheck -update")
}

func table() string {
	var b strings.Builder
	b.WriteString("| id | the build stops when |\n|---|---|\n")
	for _, c := range All {
		b.WriteString("| `" + c.ID + "` | " + c.Meaning + " |\n")
	}
	return b.String()
}
