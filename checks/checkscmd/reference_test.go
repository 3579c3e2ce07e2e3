package checkscmd

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/external"
	"github.com/devdocs-dev/devdocs/internal/docsection"
)

var updateReference = flag.Bool("update-reference", false, "rewrite the generated reference in docs/: cli.md (configuration.md: go test ./checks/config -update-reference)")

const (
	cliReference = "../../docs/cli.md"
	cliStart     = "<!-- commands: made from checks/checkscmd's help texts and flag sets; go test ./checks/checkscmd -run TestCLIReference -update-reference rewrites it -->\n"
	cliEnd       = "<!-- end of commands -->\n"
)

// referenceOrder is the commands in the order a newcomer meets them.
var referenceOrder = []string{"all", "markdown", "links", "browser", "report", "install-hook", "presets"}

// docs/cli.md is what `checks -h` and `checks <command> -h` print: a flag
// added, renamed or described anew, or a check given another default,
// fails here until the page is written again.
func TestCLIReference(t *testing.T) {
	docsection.Check(t, cliReference, cliStart, cliEnd, commandReference(t), *updateReference,
		"go test ./checks/checkscmd -run TestCLIReference -update-reference")
}

// A command left out of the reference would go undocumented.
func TestCLIReferenceHasEveryCommand(t *testing.T) {
	for _, line := range strings.Split(usage, "\n") {
		if f := strings.Fields(line); strings.HasPrefix(line, "  ") && len(f) > 0 && command(f[0]) != nil {
			if !strings.Contains(" "+strings.Join(referenceOrder, " ")+" ", " "+f[0]+" ") {
				t.Errorf("command %s is not in referenceOrder", f[0])
			}
		}
	}
}

// machineFree names where the defaults read from the machine come from
// (its browsers, its cache folder) instead of this machine's values, so the
// reference is the same wherever it is made.
func machineFree(help string) string {
	help = chromiumDefault.ReplaceAllLiteralString(help, "the Chromium binary (env CHROMIUM) (default: $CHROMIUM, else the first of "+
		strings.Join(browser.Browsers, ", ")+" found on PATH)")
	return strings.ReplaceAll(help, strconv.Quote(external.DefaultCacheFile()), `"<the user's cache folder>/devdocs-checks/external-links.json"`)
}

var chromiumDefault = regexp.MustCompile(`the Chromium binary \(env CHROMIUM\) \(default "[^"]*"\)`)

func commandReference(t *testing.T) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Commands\n\n```text\n%s```\n", usage)
	for _, name := range referenceOrder {
		var out bytes.Buffer
		if code := Run([]string{name, "-h"}, &out, io.Discard, false); code != 0 {
			t.Fatalf("checks %s -h exited %d", name, code)
		}
		fmt.Fprintf(&b, "\n## checks %s\n\n```text\n%s```\n", name, machineFree(strings.TrimRight(out.String(), "\n")+"\n"))
	}
	return b.String()
}
