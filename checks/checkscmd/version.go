package checkscmd

import "github.com/devdocs-dev/devdocs/checks/internal/buildinfo"

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

// versionString is what --version prints after "checks ".
func versionString() string { return buildinfo.Name(stampVersion, stampCommit) }

// release is the running binary's release ("v1.3.0"), "" for none.
func release() string { return buildinfo.Release(versionString()) }
