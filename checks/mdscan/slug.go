package mdscan

import (
	"strconv"
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

// Slugger hands out ids that are unique within one document: the second
// "Usage" heading becomes usage-1, the third usage-2.
type Slugger struct{ seen map[string]int }

func NewSlugger() *Slugger { return &Slugger{seen: map[string]int{}} }

// Unique returns Slug(text), suffixed when already taken.
func (s *Slugger) Unique(text string) string {
	base := Slug(text)
	id := base
	for {
		if _, taken := s.seen[id]; !taken {
			break
		}
		s.seen[base]++
		id = base + "-" + strconv.Itoa(s.seen[base])
	}
	s.seen[id] = 0
	return id
}

// Reserve marks an explicit id ({#id}) as taken so generated ones avoid it.
func (s *Slugger) Reserve(id string) {
	if _, taken := s.seen[id]; !taken {
		s.seen[id] = 0
	}
}
