package gitindex

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// -z output keeps names as bytes: spaces, tabs and newlines are in the
// name, and a rename or copy carries two paths.
func TestParseNameStatus(t *testing.T) {
	out := "M\x00docs/a b.md\x00R087\x00docs/old.md\x00docs/new\nline.md\x00D\x00img/x.png\x00C100\x00a.md\x00c.md\x00"
	got, err := parseNameStatus([]byte(out))
	require.NoError(t, err)
	assert.Equal(t, []Change{
		{Status: 'M', Path: "docs/a b.md"},
		{Status: 'R', From: "docs/old.md", Path: "docs/new\nline.md"},
		{Status: 'D', Path: "img/x.png"},
		{Status: 'C', From: "a.md", Path: "c.md"},
	}, got)

	none, err := parseNameStatus(nil)
	require.NoError(t, err)
	assert.Empty(t, none)
	_, err = parseNameStatus([]byte("R100\x00only-one.md\x00"))
	assert.ErrorContains(t, err, "truncated")
}

// A conflicted path counts as "ours" (stage 2); a submodule is a folder,
// not a file; a symbolic link is a file that points elsewhere.
func TestParseStage(t *testing.T) {
	ix := newIndex("", "")
	list := "100644 aaaa 1\tdocs/c.md\x00100644 bbbb 2\tdocs/c.md\x00100644 cccc 3\tdocs/c.md\x00" +
		"160000 dddd 0\tvendor/lib\x00120000 eeee 0\tdocs/link.md\x00100644 ffff 0\ttop.md\x00"
	for _, rec := range bytes.Split([]byte(strings.TrimSuffix(list, "\x00")), []byte{0}) {
		require.NoError(t, ix.parseRecord(rec))
	}
	assert.Equal(t, "bbbb", ix.blobs["docs/c.md"])
	assert.True(t, ix.dirs["vendor/lib"])
	assert.Equal(t, "dddd", ix.subs["vendor/lib"], "the submodule's staged commit, where its files are read")
	assert.NotContains(t, ix.blobs, "vendor/lib")
	assert.True(t, ix.links["docs/link.md"])
	assert.True(t, ix.dirs["docs"])
	assert.True(t, ix.dirs["."])
	assert.False(t, ix.dirs["top.md"])

	assert.ErrorContains(t, ix.parseRecord([]byte("garbage")), "unexpected line")
	assert.False(t, ix.links["top.md"], "a file is no link")
}
