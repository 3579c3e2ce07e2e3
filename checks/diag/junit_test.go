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

// A file name that is not text is quoted once in a failure's body, as in
// its name, not quoted again.
func TestJUnitQuotesANameOnce(t *testing.T) {
	l := List{{Severity: Error, Check: "markdown-link", File: "docs/esc\x1b[31m.md", Line: 2, Col: 1, Message: "broken markdown link"}}
	var b bytes.Buffer
	require.NoError(t, Write(&b, FormatJUnit, l, Summary{Tool: "checks markdown"}, false))
	assert.Contains(t, b.String(), `<testcase name="&#34;docs/esc\x1b[31m.md&#34;:2:1 " classname="markdown-link">`)
	assert.Contains(t, b.String(), `type="markdown-link">&#34;docs/esc\x1b[31m.md&#34;:2:1: error: broken markdown link [markdown-link]</failure>`)
}
