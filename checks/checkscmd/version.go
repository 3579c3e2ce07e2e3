package checkscmd

import (
	"regexp"
	"runtime/debug"
)

// pseudo matches the tail Go gives a version that is no tag: a commit time
// and hash, and "+dirty" for uncommitted changes.
var pseudo = regexp.MustCompile(`\d{14}-[0-9a-f]{12}(\+dirty)?$|\+dirty$`)

// version names the build: the module version of `go install …@v1.2.3`
// (or of an untagged commit fetched through the module proxy), else
// "devel" and the commit a checkout was built from.
func version(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return "devel"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			if s.Value == "true" {
				modified = " (modified)"
			}
		}
	}
	v := bi.Main.Version
	if v != "" && v != "(devel)" && (rev == "" || !pseudo.MatchString(v)) {
		return v
	}
	if rev == "" {
		return "devel"
	}
	return "devel " + rev + modified
}
