package mdscan

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHeadingIDs(t *testing.T) {
	doc := Parse([]byte("---\ntitle: x\n---\n# Intro {#start}\n\n## Snake_case and _emphasis_\n\n## `a::b` [link](x.md)\n\nSetext\n---\n\n## Intro\n\n## Start\n"))
	var ids []string
	for _, h := range doc.Headings {
		ids = append(ids, h.ID)
	}
	// "Start" avoids the explicit id of the first heading, as on GitHub.
	assert.Equal(t, []string{"start", "snake_case-and-emphasis", "ab-link", "setext", "intro", "start-1"}, ids)
}

func TestLinkPositions(t *testing.T) {
	doc := Parse([]byte("Text [a](a.md \"t\") ![b](<b c.png>)\n`[no](x.md)` [ref]\n\n[ref]: r.md#part\n"))
	assert.Equal(t, []Link{
		{Dest: "a.md", Line: 1, Col: 6},
		{Dest: "b c.png", Line: 1, Col: 20, Image: true},
		{Dest: "r.md#part", Line: 2, Col: 14},
	}, doc.Links)
}

func TestPlainText(t *testing.T) {
	cases := map[string]string{
		"The `env::read` function": "The env::read function",
		"**Bold** and *it*":        "Bold and it",
		"my_var_name":              "my_var_name",
		"_emph_ text":              "emph text",
		"a <sup>2</sup> b":         "a 2 b",
		`escaped \_under\_`:        "escaped _under_",
		"[text](url_with_under)":   "text",
		"`` ` `` tick":             "` tick",
	}
	for in, want := range cases {
		assert.Equal(t, want, plainText(in), in)
	}
}
