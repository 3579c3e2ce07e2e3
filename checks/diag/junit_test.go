package diag

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A recorded pass is a passing test case, not a skipped one.
func TestJUnitPassesAreNotSkipped(t *testing.T) {
	l := List{
		{Severity: Info, Check: "theme-persistence", File: "index.html", Message: PassPrefix + "a toggled theme survives a reload"},
		{Severity: Warning, Check: "broken-anchor", File: "index.html", Message: "broken anchor"},
	}
	var b bytes.Buffer
	require.NoError(t, Write(&b, FormatJUnit, l, Summary{Tool: "checks browser"}, false))
	assert.Contains(t, b.String(), `tests="2" failures="0" skipped="1"`)
	assert.Contains(t, b.String(), `<testcase name="index.html " classname="theme-persistence"></testcase>`)
}
