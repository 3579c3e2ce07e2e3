package checkscmd

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVersion(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "3b8dc2b29291407c5f1ebfa2f7abe7c9922cf1cf"}, {Key: "vcs.modified", Value: "true"}}
	cases := []struct {
		main     string
		settings []debug.BuildSetting
		want     string
	}{
		{"v1.2.3", nil, "v1.2.3"}, // go install …@v1.2.3
		{"v0.0.0-20261123191200-3b8dc2b1a2c4", nil, "v0.0.0-20261123191200-3b8dc2b1a2c4"}, // …@latest, no tag yet
		{"v1.2.3", vcs[:1], "v1.2.3"}, // a checkout at a tag
		{"v0.0.0-20261123191200-3b8dc2b1a2c4+dirty", vcs, "devel 3b8dc2b29291 (modified)"},
		{"(devel)", vcs[:1], "devel 3b8dc2b29291"},
		{"(devel)", nil, "devel"},
	}
	for _, c := range cases {
		bi := &debug.BuildInfo{Main: debug.Module{Version: c.main}, Settings: c.settings}
		assert.Equal(t, c.want, version(bi, true), c.main)
	}
	assert.Equal(t, "devel", version(nil, false))

	var out, errOut bytes.Buffer
	assert.Equal(t, 0, Run([]string{"--version"}, &out, &errOut, false))
	assert.True(t, strings.HasPrefix(out.String(), "checks "), out.String())
}
