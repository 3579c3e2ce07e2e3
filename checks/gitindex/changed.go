package gitindex

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Changed lists the files that differ between ref and the work tree
// (committed since, staged or not, deleted too), and apart from them the
// files git does not track and does not ignore: what a branch changed
// since it left ref, as the reader of a pull request would count it.
// Names are relative to the current folder, as the caller uses them.
func Changed(ref string) (changed, untracked []string, err error) {
	if strings.HasPrefix(ref, "-") || ref == "" {
		return nil, nil, fmt.Errorf("%q is not a git revision", ref)
	}
	// ref... : from where the branch left ref, so what ref gained since
	// (another branch's work merged into main) is not this branch's change.
	base, err := gitOutput("merge-base", ref, "HEAD")
	if err != nil {
		return nil, nil, fmt.Errorf("git does not know %q as a revision of this repository, or it shares no history with HEAD: %v", ref, err)
	}
	out, err := gitOutput("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, nil, err
	}
	top := strings.TrimRight(string(out), "\n")
	cwd, err := os.Getwd()
	if err != nil {
		return nil, nil, err
	}
	// Paths from the top, whatever the current folder: a change above it
	// (a theme, a config) changes the pages below it too.
	diff, err := gitOutput("-C", top, "diff", "--name-only", "-z", "--no-renames", strings.TrimSpace(string(base)), "--")
	if err != nil {
		return nil, nil, err
	}
	others, err := gitOutput("-C", top, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, nil, err
	}
	names := func(list []byte) []string {
		var out []string
		for _, p := range bytes.Split(list, []byte{0}) {
			if len(p) > 0 {
				out = append(out, relativeTo(cwd, filepath.Join(top, filepath.FromSlash(string(p)))))
			}
		}
		return out
	}
	return names(diff), names(others), nil
}

// relativeTo is abs as a name relative to dir, or abs when it has none.
func relativeTo(dir, abs string) string {
	if rel, err := filepath.Rel(dir, abs); err == nil {
		return rel
	}
	return abs
}
