package checkscmd

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// help is each command's synopsis, what it does, and examples; the flags
// follow, from its flag set.
var help = map[string]string{
	"links": `usage: checks links [DIR] [flags]

Checks every link and anchor of the static site built in DIR (any generator:
Docusaurus build/, Hugo public/, MkDocs site/), read from disk, and finds
duplicate routes. A DIR with no HTML page is an error. Without DIR it checks
"site" of checks.json (or of its "preset").

examples:
  checks links site/dist --routes site/.generated/routes.json
  checks links build --base-url /repo/ --format github
  checks links public --external --on-broken-anchor throw
`,
	"markdown": `usage: checks markdown [flags] [DIR|FILE…]

Checks markdown (.md and .mdx) as the site generator will build it: links to
.md files and images must exist, #anchors must name a heading by the generator's
ids, .md links it leaves as written are errors, and links written as URLs
(./page, /guide/) must lead to a page. The generator is the preset named, else
the one whose config file is here (checks presets lists them); with none, the
rules are GitHub's. Without arguments it checks "markdown": {"paths": […]} of
checks.json (or the preset's folders), less "markdown": {"exclude": […]}.

With --staged it checks the next commit as git's index holds it (what a
pre-commit hook must judge): the markdown files the commit adds or changes
(or the paths named), and every other page's links into a file the commit
deletes, renames or changes.

examples:
  checks markdown docs README.md
  checks markdown content/api/1.2/zkvm/install.md
  checks markdown --staged
  checks markdown --format json > markdown.json
`,
	"browser": `usage: checks browser [DIR | URL --crawl] [flags]

Serves DIR on 127.0.0.1 and checks it in headless Chromium: search shortcuts,
theme persistence and loader timing. The DOM they expect is the "browser"
contract in checks.json; without one there is nothing to check (exit 2), and a
check whose selectors the contract leaves empty is skipped.

With --crawl it needs no contract: it opens every page of DIR (or --sample N of
them, or --shard i/n of them in each of n CI jobs) in --tabs tabs and reports
what breaks at run time: uncaught exceptions, console errors, failed requests
to the site, dialogs, pages that never settle within --page-timeout, crashed
tabs and browsers, hydration mismatches (by React's, Vue's, Svelte's and
Preact's words). In checks all, after the links step, it also looks up each
id the built pages lack in its running page: a broken anchor whose id a
script makes is withdrawn. --changed-since REF opens only the pages built from
what changed since the branch left REF. Given a URL, it crawls the deployed
site there: the pages its sitemaps list (else those its links reach from the
URL), as its robots.txt allows, at --rate pages a second.

examples:
  checks browser site/dist
  checks browser build --checks theme-persistence --chromium /usr/bin/chromium
  checks browser site/dist --crawl --sample 50
  checks browser site/dist --crawl --changed-since origin/main
  checks browser site/dist --crawl --shard 2/3 --format json > crawl-2.json
  checks browser https://docs.example.com/ --crawl --rate 1
`,
	"all": `usage: checks all [DIR] [flags]

Runs what the project configures, each check once, with one summary and the
worst exit code: markdown (markdown.paths in checks.json), links on the site
built in DIR (default: "site" in checks.json), the browser checks (when
checks.json has a "browser" contract) and the crawl (when it has "crawl", or
with --crawl). What does not apply is skipped with a
line saying why. checks.json is read from here, else from the git root; a
"preset" fills in a generator's folders and rules, and with none named the
generator whose config file is here is found (checks presets lists them).

examples:
  checks all
  checks all build --preset docusaurus
  checks all site/dist --format github --json gate/results.json
`,
	"presets": `usage: checks presets [DIR]

Lists the site generators checks knows, what each preset assumes, and the
config files that name it. With DIR, says which of them are found there.

examples:
  checks presets
  checks presets .
`,
	"report": `usage: checks report FILE… [flags]

Turns the --format json results of any checks command into one offline HTML
page and a markdown summary for a pull-request comment.

examples:
  checks report gate/results.json --out gate/report.html --markdown gate/summary.md
  checks report --in results/ --previous old.json
`,
	"install-hook": `usage: checks install-hook [flags]

Installs a git pre-commit hook that runs checks markdown --staged: the commit
as staged, not the working tree, is checked before it is made.

examples:
  checks install-hook
  checks install-hook --checks "$(go env GOPATH)/bin/checks" --force
`,
}

// helpOutput marks the writer Run hands a command for -h: its usage then
// prints the whole help there. A bad flag prints only a pointer to it.
type helpOutput struct{ io.Writer }

// wantsHelp reports whether args ask for help (flags end at "--").
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// setUsage gives a command's flag set its help.
func setUsage(fs *flag.FlagSet) {
	cmd := strings.TrimPrefix(fs.Name(), "checks ")
	fs.Usage = func() {
		w := fs.Output()
		if _, ok := w.(helpOutput); !ok {
			fmt.Fprintf(w, "run 'checks %s -h' for its usage, flags and examples\n", cmd)
			return
		}
		fmt.Fprint(w, help[cmd])
		if checks := checksOf(cmd); len(checks) > 0 {
			fmt.Fprintf(w, "\nchecks (default level; set with -on-<id> or \"levels\" in %s):\n%s", config.Name, registry.HelpTable(checks))
		}
		fmt.Fprint(w, "\nflags:\n")
		shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
		shown.SetOutput(w)
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.HasPrefix(f.Usage, oldName) {
				shown.Var(f.Value, f.Name, f.Usage)
			}
		})
		shown.PrintDefaults()
	}
}

// checksOf is the checks a command reports: all of them for checks all.
func checksOf(cmd string) []registry.Check {
	switch cmd {
	case "all":
		return registry.All
	case "browser": // and its crawl mode
		return append(registry.Of(registry.Browser), registry.Of(registry.Crawl)...)
	}
	return registry.Of(cmd)
}
