// Package hook is the git pre-commit hook that checks installs: it runs
// checks markdown --staged on what the commit holds.
package hook

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// hookMarker tells our hook from one someone else wrote.
const hookMarker = "written by `checks install-hook`"

// hookScript checks what the commit holds (git's index, not the working
// tree), and only what it touches, so a commit waits a tenth of a second,
// not for the whole gate.
const hookScript = `#!/bin/sh
# pre-commit hook ` + hookMarker + `.
# Checks the links, anchors and images of the staged markdown files, and the
# links of other pages into files this commit deletes, renames or changes.
# Skip it once with: git commit --no-verify
checks=%s
if ! command -v "$checks" >/dev/null 2>&1; then
  echo "pre-commit: $checks not found: build it with 'make bin/checks' (or commit with --no-verify)" >&2
  exit 1
fi
exec "$checks" markdown --staged
`

// Install writes the repository's pre-commit hook, which runs bin (a
// path from the repository's root, or absolute), and returns its file. A
// hook that checks did not write is replaced only with force.
func Install(bin string, force bool) (string, error) {
	hooks, err := gitPath("hooks")
	if err != nil {
		return "", err
	}
	file := filepath.Join(hooks, "pre-commit")
	if _, err := os.Lstat(file); err == nil {
		old, err := textfile.Read(file, textfile.MaxConfig)
		if (err != nil || !bytes.Contains(old, []byte(hookMarker))) && !force {
			return "", fmt.Errorf("%s exists and was not written by checks: pass --force to replace it", file)
		}
		// What cannot be read as a hook (a pipe would take the write and
		// wait for a reader) is replaced, not written through.
		if err != nil {
			if err := os.Remove(file); err != nil {
				return "", err
			}
		}
	}
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		return "", err
	}
	script := fmt.Sprintf(hookScript, shellQuote(bin))
	return file, os.WriteFile(file, []byte(script), 0o755)
}

// gitPath asks git where a path of the repository lives (worktrees keep
// hooks in the main repository).
func gitPath(name string) (string, error) {
	out, err := exec.Command("git", "rev-parse", "--git-path", name).Output()
	if err != nil {
		return "", fmt.Errorf("not in a git repository (git rev-parse: %v)", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
