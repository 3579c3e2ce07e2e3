package checkscmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every command answers -h, -help and --help on stdout with exit 0, before
// it looks at its other arguments (no site, no browser, no config needed).
func TestHelpOnEveryCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	for cmd := range help {
		for _, flag := range []string{"-h", "-help", "--help"} {
			var out, errOut bytes.Buffer
			code := Run([]string{cmd, "--bogus", "no/such/dir", flag}, &out, &errOut, false)
			assert.Equal(t, 0, code, cmd+" "+flag)
			assert.Empty(t, errOut.String(), cmd+" "+flag)
			assert.True(t, strings.HasPrefix(out.String(), "usage: checks "+cmd+" "), out.String())
			assert.Contains(t, out.String(), "\nexamples:\n  checks "+cmd)
			assert.Contains(t, out.String(), "\nflags:\n")
		}
	}
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Run([]string{"links", "--", "-h"}, &out, &errOut, false), "after --, -h is an argument")
}
