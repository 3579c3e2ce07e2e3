// Package buildinfo names a build of checks: the release and commit
// stamped at link time, else the module version and commit Go stamps.
package buildinfo

import (
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/config"
)

// pseudo matches the tail Go gives a version that is no tag: a commit time
// and hash, and "+dirty" for uncommitted changes.
var pseudo = regexp.MustCompile(`\d{14}-[0-9a-f]{12}(\+dirty)?$|\+dirty$`)

// unstamped is what --version says of a build that carries no release
// stamp, no module version and no commit.
const unstamped = "devel (no version or commit stamped: built with -buildvcs=false, or where Go found no .git folder " +
	"(a source copy, a git worktree); `make bin/checks` stamps the commit, a release binary or `go install …@vX.Y.Z` the release)"

// Name is what --version prints after "checks ": the release and commit
// stamped at link time (either may be ""), else what Go stamped.
func Name(release, commit string) string {
	bi, ok := debug.ReadBuildInfo()
	return stamped(release, commit, bi, ok)
}

func stamped(release, commit string, bi *debug.BuildInfo, ok bool) string {
	commit = commit[:min(len(commit), 12)]
	v := version(bi, ok)
	switch {
	case release != "" && commit != "":
		return release + " (commit " + commit + ")"
	case release != "":
		return release
	case v == unstamped && commit != "":
		return "devel " + commit
	}
	return v
}

// version names the build: the module version of `go install …@v1.2.3`
// (or of an untagged commit fetched through the module proxy), else
// "devel" and the commit a checkout was built from.
func version(bi *debug.BuildInfo, ok bool) string {
	if !ok {
		return unstamped
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
		return unstamped
	}
	return "devel " + rev + modified
}

// Release is the release a build's Name names ("v1.3.0"), "" for a build
// that is none (devel, a pseudo-version).
func Release(name string) string {
	v, _, _ := strings.Cut(name, " ")
	if !config.IsRelease(v) || pseudo.MatchString(v) {
		return ""
	}
	return v
}
