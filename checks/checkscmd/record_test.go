package checkscmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A deploy record written from the last deploy's build (--save-deploy)
// gives, as --previous, the very findings the build's folder gives: each
// fixture of the comparison with a "save" section (the run that writes
// the record, to rec.json) is run again with --previous rec.json and held
// to the same output.
func TestPreviousRecord(t *testing.T) {
	ran := eachFixtureWith(t, "../../testdata/links", "save", func(t *testing.T, want map[string]string) {
		var out, errOut bytes.Buffer
		Run(append(strings.Fields(want["save"]), "--save-deploy", "rec.json"), &out, &errOut, false)
		require.FileExists(t, "rec.json", "stderr: %s", errOut.String())
		checkFixture(t, want, append(strings.Fields(want["args"]), "--previous", "rec.json"))
	})
	require.NotZero(t, ran, "no fixture has a save section")
}
