package mdscan

import (
	"strings"
	"unicode"
)

// Slug turns heading text into an id the way GitHub (and github-slugger, which
// Docusaurus uses) does: lower case, punctuation and symbols dropped, each
// space a hyphen. Keeping the same rules means anchors written for GitHub's
// rendering of a file keep working on a site built from it.
func Slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
