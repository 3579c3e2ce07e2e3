package buildinfo

import (
	"runtime/debug"
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
		{"(devel)", nil, unstamped}, // go build with -buildvcs=false
	}
	for _, c := range cases {
		bi := &debug.BuildInfo{Main: debug.Module{Version: c.main}, Settings: c.settings}
		assert.Equal(t, c.want, version(bi, true), c.main)
	}
	assert.Equal(t, unstamped, version(nil, false))
	assert.Contains(t, unstamped, "-buildvcs=false", "an unstamped build says why it names no commit")
	assert.Equal(t, "v1.2.3", Release("v1.2.3"))
	assert.Equal(t, "v1.3.0", Release("v1.3.0 (commit 0063c44b2f1a)"))
	assert.Equal(t, "", Release("v0.0.0-20261123191200-3b8dc2b1a2c4"), "a pseudo-version is no release")
	assert.Equal(t, "", Release("devel 3b8dc2b29291 (modified)"))
}

// A stamp given at link time: the release build's version and commit win
// over what Go stamped; a commit alone names a build Go could not stamp.
func TestStamped(t *testing.T) {
	goStamped := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "3b8dc2b29291407c5f1ebfa2f7abe7c9922cf1cf"}}}
	bare := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}
	const commit = "0063c44b2f1a9a6d0e1f6c35d43d7a4c53b1f0aa"
	assert.Equal(t, "v1.3.0 (commit 0063c44b2f1a)", stamped("v1.3.0", commit, bare, true))
	assert.Equal(t, "v1.3.0 (commit 0063c44b2f1a)", stamped("v1.3.0", commit, goStamped, true))
	assert.Equal(t, "v1.3.0", stamped("v1.3.0", "", bare, true))
	assert.Equal(t, "devel 0063c44b2f1a", stamped("", commit, bare, true), "make bin/checks in a worktree")
	assert.Equal(t, "devel 3b8dc2b29291", stamped("", commit, goStamped, true), "Go's own stamp, with (modified), comes first")
	assert.Equal(t, unstamped, stamped("", "", bare, true))
}
