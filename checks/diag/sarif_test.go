package diag

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SARIF is written one result at a time, the run's tool and hints after
// its results: with none, one or three results it is one valid log,
// laid out as the JSON encoder indents it, its rules the checks seen.
func TestSARIFWrittenAsItComes(t *testing.T) {
	d := Diagnostic{Severity: Error, Check: "broken-link", File: "a.html", Line: 1, Message: "m"}
	w := Diagnostic{Severity: Warning, Check: "broken-anchor", File: "b.html", Message: "w"}
	for _, c := range []struct {
		l     List
		rules []string
	}{{nil, []string{}}, {List{d}, []string{"broken-link"}}, {List{d, w, d}, []string{"broken-anchor", "broken-link"}}} {
		var b bytes.Buffer
		require.NoError(t, Write(&b, FormatSARIF, c.l, Summary{Tool: "checks links", Hints: []Hint{{Check: "broken-link", Message: "h"}}}, false))
		var log struct {
			Runs []struct {
				Results []json.RawMessage
				Tool    struct {
					Driver struct{ Rules []struct{ ID string } }
				}
			}
		}
		require.NoError(t, json.Unmarshal(b.Bytes(), &log), b.String())
		require.Len(t, log.Runs, 1)
		assert.Len(t, log.Runs[0].Results, len(c.l))
		rules := []string{}
		for _, r := range log.Runs[0].Tool.Driver.Rules {
			rules = append(rules, r.ID)
		}
		assert.Equal(t, c.rules, rules)
		var compact, indented bytes.Buffer
		require.NoError(t, json.Compact(&compact, b.Bytes()))
		require.NoError(t, json.Indent(&indented, compact.Bytes(), "", "  "))
		assert.Equal(t, indented.String()+"\n", b.String())
	}
}
