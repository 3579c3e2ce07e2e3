// Package cli is the `checks` command. Run takes its streams and whether
// stdout is a terminal, so every behaviour is testable without a process.
package checkscmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/config"
	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/gitindex"
	"github.com/devdocs-dev/devdocs/checks/preset"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Interrupted is the exit code after Ctrl-C or SIGTERM (128 + SIGINT, as shells report it).
const Interrupted = 130

const usage = `usage: checks <command> [flags] [args]

commands:
  links DIR        check every link and anchor of a built site, and duplicate routes
  markdown [PATH…] check relative .md/.mdx links, anchors and images of folders and files (default: markdown.paths in checks.json)
  browser DIR      serve DIR and check search shortcuts, theme persistence and loader timing in Chromium
  report FILE…     turn --format json results into report.html and a markdown summary
  all [DIR]        what checks.json configures: markdown, links and browser on the built site; one summary
  install-hook     install a git pre-commit hook that runs checks markdown on the staged markdown
  presets [DIR]    list the generators checks knows and what each assumes; with DIR, which are found there

exit status: 0 clean or warnings only, 1 errors, 2 usage or I/O failure
run 'checks <command> -h' for a command's flags; 'checks --version' names the build
`

// Run executes one command and returns the exit code.
func Run(args []string, stdout, stderr io.Writer, tty bool) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	case "--version", "version":
		fmt.Fprintln(stdout, "checks", versionString())
		return 0
	}
	run := command(args[0])
	if run == nil {
		fmt.Fprintf(stderr, "checks: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if wantsHelp(args[1:]) { // asked for, help is output: stdout, exit 0
		run([]string{"-h"}, stdout, helpOutput{stdout}, false)
		return 0
	}
	return run(args[1:], stdout, stderr, tty)
}

// command is the function that runs a command, or nil.
func command(name string) func(args []string, stdout, stderr io.Writer, tty bool) int {
	switch name {
	case "links":
		return runLinks
	case "markdown":
		return runMarkdown
	case "browser":
		return runBrowser
	case "all":
		return runAll
	case "report":
		return func(args []string, stdout, stderr io.Writer, _ bool) int { return runReport(args, stdout, stderr) }
	case "install-hook":
		return func(args []string, stdout, stderr io.Writer, _ bool) int { return runInstallHook(args, stdout, stderr) }
	case "presets":
		return func(args []string, stdout, stderr io.Writer, _ bool) int { return runPresets(args, stdout, stderr) }
	}
	return nil
}

// IsTerminal reports whether f (an *os.File) is a character device (a terminal).
func IsTerminal(f interface{ Stat() (os.FileInfo, error) }) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// showProgress says whether to draw progress on stderr: only for a person
// watching it, so never into a log or a pipe.
func (c *common) showProgress(stderr io.Writer) bool {
	f, ok := stderr.(interface{ Stat() (os.FileInfo, error) })
	return ok && !c.quiet && !c.noProgress && IsTerminal(f)
}

// common flags of every command.
type common struct {
	format, config, color, preset string
	quiet, noProgress             bool
	levels                        map[string]*string
	// named are the markdown paths given, whose project is looked for above them too.
	named []string
	// index, when set, is git's index, whose files the docs projects are
	// found among (a hook checks the commit to be).
	index  *gitindex.Index
	stderr io.Writer
}

// newCommand makes a subcommand's flag set with the common flags and a
// level flag for each of the checks it reports.
func newCommand(name string, stderr io.Writer, checks []registry.Check) (*flag.FlagSet, *common) {
	fs := flagSet(name, stderr)
	c := &common{stderr: stderr}
	c.register(fs, checks)
	return fs, c
}

// flagSet makes a command's flag set: errors go to stderr, -h prints its help.
func flagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("checks "+name, flag.ContinueOnError)
	if _, help := stderr.(helpOutput); help {
		fs.SetOutput(stderr) // the help text, ours
	} else {
		fs.SetOutput(diag.Escaper{W: stderr}) // a bad flag is echoed as given
	}
	setUsage(fs)
	return fs
}

// oldName marks the usage of a level flag's former name: accepted, not shown.
const oldName = "former name of -"

func (c *common) register(fs *flag.FlagSet, checks []registry.Check) {
	fs.StringVar(&c.format, "format", diag.FormatText, "output: text, json, github (workflow annotations), junit or sarif")
	fs.StringVar(&c.config, "config", "", "config file (default: "+config.Name+" in the current directory, else at the git root, if there)")
	fs.StringVar(&c.preset, "preset", "", "the site generator whose rules apply: "+strings.Join(preset.Names(), ", ")+" (default: preset in "+config.Name+", else the one whose config file is here; checks presets lists them)")
	fs.StringVar(&c.color, "color", "auto", "colour text output: auto (only on a terminal, never with NO_COLOR), always or never")
	fs.BoolVar(&c.quiet, "quiet", false, "print only problems: nothing on stderr, no summary on a clean run")
	fs.BoolVar(&c.noProgress, "no-progress", false, "no progress line (it is shown only when stderr is a terminal)")
	c.levels = map[string]*string{}
	for _, check := range checks {
		v := fs.String(check.Flag(), "", fmt.Sprintf("level of %s (default %s): ignore, log, warn or throw", check.ID, check.Level))
		if check.OldFlag != "" {
			fs.StringVar(v, check.OldFlag, "", oldName+check.Flag())
		}
		c.levels[check.ID] = v
	}
}

// loadConfig finds and reads the config, then lays the flags over it.
func (c *common) loadConfig() (*config.Config, error) {
	file, required := config.Find(c.config)
	if required {
		if _, err := os.Stat(file); err != nil {
			return nil, fmt.Errorf("config file %s: no such file", file)
		}
	}
	cfg, err := config.Load(config.Source{File: file, Preset: c.preset, Named: c.named, Files: c.files(), Release: release()})
	if err != nil {
		return nil, err
	}
	for _, n := range cfg.Notes() {
		c.say(c.stderr, "checks: %s", n)
	}
	for check, v := range c.levels {
		if *v != "" {
			if err := cfg.SetLevel(check, *v); err != nil {
				return nil, err
			}
		}
	}
	switch c.format {
	case diag.FormatText, diag.FormatJSON, diag.FormatGitHub, diag.FormatJUnit, diag.FormatSARIF:
	default:
		return nil, fmt.Errorf("unknown -format %q: want text, json, github, junit or sarif", c.format)
	}
	switch c.color {
	case "", "auto", "always", "never": // "": a command without the flag
	default:
		return nil, fmt.Errorf("unknown -color %q: want auto, always or never", c.color)
	}
	return cfg, nil
}

// files lists the files at or below a folder that the docs projects are
// found among: git's index when the command checks it, else nil (the work
// tree, as git lists it).
func (c *common) files() func(root string) []string {
	if c.index == nil {
		return nil
	}
	return func(root string) []string { return c.index.Under(root, preset.Listed) }
}

func (c *common) useColor(tty bool) bool {
	switch c.color {
	case "always":
		return true
	case "never":
		return false
	}
	return tty && os.Getenv("NO_COLOR") == ""
}

// parse handles flags before and after positional arguments (checks links DIR -format json).
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos, args = append(pos, args[0]), args[1:]
	}
}

// finish prints one command's report and turns it into an exit code.
func finish(w io.Writer, c *common, run diag.Run, tty bool) int {
	l, sum := run.Diagnostics, run.Summary
	if c.quiet && c.format == diag.FormatText && sum.Errors+sum.Warnings == 0 {
		return 0
	}
	if err := diag.Write(w, c.format, l, sum, c.useColor(tty)); err != nil {
		return 2
	}
	if sum.Errors > 0 {
		return 1
	}
	return 0
}

// dirAndConfig parses the arguments of a command that checks one built
// site, DIR (default: the config's site), and loads the config; a non-zero
// code is the exit status.
func (c *common) dirAndConfig(fs *flag.FlagSet, args []string, stderr io.Writer) (string, *config.Config, int) {
	cmd := strings.TrimPrefix(fs.Name(), "checks ")
	pos, err := parse(fs, args)
	if err != nil {
		return "", nil, 2
	}
	if len(pos) > 1 {
		return "", nil, usageError(stderr, cmd, fmt.Errorf("want one directory, not %d: checks %s DIR", len(pos), cmd))
	}
	cfg, err := c.loadConfig()
	if err != nil {
		return "", nil, usageError(stderr, cmd, err)
	}
	host := "" // the --host flag, laid over the config after this
	if f := fs.Lookup("host"); f != nil {
		host = f.Value.String()
	}
	dir := cfg.SiteDir(pos, host)
	if dir == "" {
		return "", nil, usageError(stderr, cmd, errNoSite(cmd))
	}
	if cmd == "browser" && isURL(dir) { // a deployed site, for the crawl
		return dir, cfg, 0
	}
	if err := config.IsDir(dir); err != nil {
		return "", nil, usageError(stderr, cmd, err)
	}
	return dir, cfg, 0
}

// isURL: the site named is a deployed one, not a folder.
func isURL(site string) bool {
	return strings.HasPrefix(site, "http://") || strings.HasPrefix(site, "https://")
}

func usageError(stderr io.Writer, cmd string, err error) int {
	sayError(stderr, cmd, err)
	return 2
}

// sayError writes "checks CMD: err" on stderr, escaped (diag.Escaper).
func sayError(stderr io.Writer, cmd string, err error) {
	fmt.Fprintf(diag.Escaper{W: stderr}, "checks %s: %s\n", cmd, err)
}

func joinPath(dir, file string) string {
	return filepath.ToSlash(filepath.Join(dir, file))
}

// hostFlag is --host: checked as it is parsed, so a misspelt host stops
// the run before anything is checked.
type hostFlag string

func (h *hostFlag) String() string { return string(*h) }
func (h *hostFlag) Set(v string) error {
	if _, ok := serve.Profile(v); !ok {
		return config.UnknownHost(v)
	}
	*h = hostFlag(v)
	return nil
}

func registerHost(fs *flag.FlagSet) *hostFlag {
	h := new(hostFlag)
	fs.Var(h, "host", "the static host that serves the site, whose rules decide which file answers a link: "+
		strings.Join(serve.ProfileNames(), ", ")+" (default: host in "+config.Name+", else default)")
	return h
}

// errNoSite is the usage error of a command that needs a built site.
func errNoSite(cmd string) error {
	return errors.New("want the folder the site is built into: checks " + cmd + ` DIR, or "site" (or a "preset") in ` + config.Name + `, or [build] publish in netlify.toml on --host netlify`)
}
