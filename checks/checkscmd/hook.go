package checkscmd

import (
	"bytes"
	"fmt"
	"io"
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

func runInstallHook(args []string, stdout, stderr io.Writer) int {
	fs := flagSet("install-hook", stderr)
	bin := fs.String("checks", "", "the checks binary the hook runs, relative to the repository root or absolute (default: this one)")
	force := fs.Bool("force", false, "replace a pre-commit hook that checks did not write")
	if _, err := parse(fs, args); err != nil {
		return 2
	}
	if *bin == "" {
		self, err := os.Executable()
		if err != nil {
			return usageError(stderr, "install-hook", err)
		}
		*bin = self
	}
	hooks, err := gitPath("hooks")
	if err != nil {
		return usageError(stderr, "install-hook", err)
	}
	file := filepath.Join(hooks, "pre-commit")
	if _, err := os.Lstat(file); err == nil {
		old, err := textfile.Read(file, textfile.MaxConfig)
		if (err != nil || !bytes.Contains(old, []byte(hookMarker))) && !*force {
			return usageError(stderr, "install-hook", fmt.Errorf("%s exists and was not written by checks: pass --force to replace it", file))
		}
		// What cannot be read as a hook (a pipe would take the write and
		// wait for a reader) is replaced, not written through.
		if err != nil {
			if err := os.Remove(file); err != nil {
				return usageError(stderr, "install-hook", err)
			}
		}
	}
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		return usageError(stderr, "install-hook", err)
	}
	script := fmt.Sprintf(hookScript, shellQuote(*bin))
	if err := os.WriteFile(file, []byte(script), 0o755); err != nil {
		return usageError(stderr, "install-hook", err)
	}
	fmt.Fprintf(stdout, "checks install-hook: %s runs `%s markdown --staged` before each commit\n", file, *bin)
	return 0
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
