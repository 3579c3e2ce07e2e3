package checkscmd

import (
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/config"
)

// Set at link time with -ldflags "-X …": the release build
// (.goreleaser.yaml) sets both, the release's version ("v1.3.0") and its
// commit; `make bin/checks` sets the commit only. A release stamp wins over
// what Go stamps, so a release binary names itself however Go's VCS
// stamping was set; a commit alone names a build Go could not stamp (a git
// worktree, whose .git is a file Go does not read, or -buildvcs=false).
var (
	stampVersion string
	stampCommit  string
)

// pseudo matches the tail Go gives a version that is no tag: a commit time
// and hash, and "+dirty" for uncommitted changes.
var pseudo = regexp.MustCompile(`\d{14}-[0-9a-f]{12}(\+dirty)?$|\+dirty$`)

// unstamped is what --version says of a build that carries no release
// stamp, no module version and no commit.
const unstamped = "devel (no version or commit stamped: built with -buildvcs=false, or where Go found no .git folder " +
	"(a source copy, a git worktree); `make bin/checks` stamps the commit, a release binary or `go install …@vX.Y.Z` the release)"

// versionString is what --version prints after "checks ".
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	return stamped(stampVersion, stampCommit, bi, ok)
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

// release is the running binary's release ("v1.3.0"), "" for a build that
// is none (devel, a pseudo-version).
func release() string {
	v, _, _ := strings.Cut(versionString(), " ")
	if !config.IsRelease(v) || pseudo.MatchString(v) {
		return ""
	}
	return v
}
