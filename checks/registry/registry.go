// Package registry is the one list of the gate's check ids: what each
// reports, its default level and the command that reports it. Flags,
// config validation, help and docs/checks.md's table are all made from it, so
// a check exists everywhere once it is written here and nowhere before.
package registry

import (
	"fmt"
	"slices"
	"strings"
)

// Level is what to do with a check's findings, named as Docusaurus names
// its onBrokenLinks levels.
type Level string

const (
	Ignore Level = "ignore"
	Log    Level = "log"
	Warn   Level = "warn"
	Throw  Level = "throw"
)

// Levels in order of severity.
var Levels = []Level{Ignore, Log, Warn, Throw}

// The commands that report checks.
const (
	Links    = "links"
	Markdown = "markdown"
	Browser  = "browser"
	// Crawl is checks browser's crawl mode: every page opened, its runtime
	// faults reported, no contract needed.
	Crawl = "browser --crawl"
)

// Check ids: stable, so a project can set their levels.
const (
	BrokenLink          = "broken-link"
	BrokenAnchor        = "broken-anchor"
	DuplicateRoute      = "duplicate-route"
	RemovedURL          = "removed-url"
	RemovedAnchor       = "removed-anchor"
	Unreadable          = "unreadable"
	ExternalLink        = "external-link"
	ExternalUnreachable = "external-unreachable"
	MarkdownLink        = "markdown-link"
	MarkdownAnchor      = "markdown-anchor"
	MarkdownImage       = "markdown-image"
	CrossVersionLink    = "cross-version-link"
	WrongVersionLink    = "wrong-version-link"
	SearchShortcut      = "search-shortcut"
	ThemePersistence    = "theme-persistence"
	LoaderTiming        = "loader-timing"
	PageException       = "page-exception"
	ConsoleError        = "console-error"
	FailedRequest       = "failed-request"
	PageDialog          = "page-dialog"
	PageUnsettled       = "page-unsettled"
	PageCrash           = "page-crash"
	HydrationMismatch   = "hydration-mismatch"
	MixedContent        = "mixed-content"
	CSPViolation        = "csp-violation"
	LeftSite            = "left-site"
	RedirectOffSite     = "redirect-off-site"
	PagePopup           = "page-popup"
)

// Check is one row of the registry.
type Check struct {
	ID      string
	Level   Level  // the default
	Command string // the command that reports it
	Meaning string // one line, for help and the README
	// OldFlag is the name its level flag had before flags were named
	// after ids; it is still accepted, and not shown in help.
	OldFlag string
}

// Flag is the name of the flag that sets the check's level.
func (c Check) Flag() string { return "on-" + c.ID }

// All is every check, grouped by command in the order they run. Links a
// reader follows fail by default; anchors, duplicates and what may be the
// network's fault only warn, because the page still opens.
var All = []Check{
	{MarkdownLink, Throw, Markdown, "a markdown link the built site will not answer: a .md file that does not exist, one the generator leaves as written, or a URL no page answers", "on-broken-markdown-links"},
	{MarkdownAnchor, Warn, Markdown, "a #anchor that names no heading of the linked (or the same) markdown page, by the generator's heading ids", "on-broken-markdown-anchors"},
	{MarkdownImage, Throw, Markdown, "a relative image (an absolute one with markdown.public) that does not exist", "on-missing-images"},
	{CrossVersionLink, Warn, Markdown, "a relative link from one docs version's folder into another's, or into a version from outside them (markdown.versions, versions[].pages): versions are published and retired as a whole, so it breaks when either side moves", ""},
	{WrongVersionLink, Throw, Markdown, "with \"versions\" rules: a link of a versioned docs page (its markdown, or its built page) to GitHub, docs.rs, pkg.go.dev, npm or a pattern of the rule, at a ref or version other than the page's (main, latest, another release)", ""},
	{BrokenLink, Throw, Links, "a link or resource of a built page that no file of the site answers", "on-broken-links"},
	{BrokenAnchor, Warn, Links, "a #fragment that no element of the target page has as its id", "on-broken-anchors"},
	{DuplicateRoute, Warn, Links, "two sources or files for one URL (routes.json, a.html beside a/index.html, letter case)", "on-duplicate-routes"},
	{RemovedURL, Throw, Links, "with --previous: a URL the last deploy served (a page, at the URL its host served it at) that the new build answers 404, through its redirects too; the closest page now and the redirect to add are noted", ""},
	{RemovedAnchor, Warn, Links, "with --previous: an id of a page of the last deploy that the page answering its URL now lacks, so deep links to it land at the top; the heading now nearest and how to keep the id are noted (React's per-build useId ids aside)", ""},
	{Unreadable, Warn, Links, "a file of the built site that could not be read (a page symlinked from outside it, bad permissions, a named pipe, a failed read)", ""},
	{ExternalLink, Throw, Links, "with --external: a link to another site that answers 404, 410 or another 4xx", "on-broken-external"},
	{ExternalUnreachable, Warn, Links, "with --external: a link to another site that times out, answers 5xx, 401, 403 or 429, or cannot connect", "on-unreachable-external"},
	{SearchShortcut, Throw, Browser, "Ctrl+K, Cmd+K and / open the search modal, Escape closes it and focus returns to the button", ""},
	{ThemePersistence, Throw, Browser, "the stored theme is on the first paint, survives a reload and reaches a second tab", ""},
	{LoaderTiming, Throw, Browser, "spinner and progress bar only after 200 ms, an error box whose Retry loads the page", ""},
	{PageException, Throw, Crawl, "an uncaught exception (or unhandled rejection) while a page loads and settles, at its script's URL:line:col", ""},
	{ConsoleError, Warn, Crawl, "a console.error() call while a page loads and settles, at its script's URL:line:col", ""},
	{FailedRequest, Throw, Crawl, "a request of a page to its own site that fails: answered 4xx or 5xx, or not answered (aborted, refused, blocked)", ""},
	{PageDialog, Warn, Crawl, "an alert(), confirm() or prompt() a page opens by itself; it is dismissed and the page goes on", ""},
	{PageUnsettled, Throw, Crawl, "a page whose load event or requests are not done within the per-page time limit (--page-timeout)", ""},
	{PageCrash, Throw, Crawl, "a page whose tab or whole Chromium crashed; the crawl goes on in a new tab, or a new Chromium", ""},
	{HydrationMismatch, Throw, Crawl, "a page whose prerendered HTML is not what its script renders (React, Vue, Svelte or Preact says so at hydration, by exception, console.error or console.warn); reported instead of page-exception or console-error", ""},
	{MixedContent, Throw, Crawl, "an http:// URL an https page asks for (a script, stylesheet, frame, fetch, or an image or media file), which Chromium blocks or upgrades to https; the local site is served over https to see it; reported instead of failed-request", ""},
	{CSPViolation, Throw, Crawl, "what a page's Content-Security-Policy (its header or <meta http-equiv>) refused: a load of a URL, an inline script or style, eval(); a report-only policy's are not reported; reported instead of failed-request", ""},
	{LeftSite, Throw, Crawl, "a page that, once it has come, sends its reader to another site by itself (a script setting location, a meta refresh; a redirect page, or a host's HTTP redirect, is redirect-off-site); the other site is never loaded and the page is judged where it is", ""},
	{RedirectOffSite, Log, Crawl, "a URL that its host redirects to another site, or whose page is a redirect page to one (a meta refresh with no delay, a script that only sets the location: how a static host with no redirect rules sends /discord to discord.gg): on purpose, so logged; never followed off the site, not crawled", ""},
	{PagePopup, Warn, Crawl, "a window a page opens by itself (window.open, a script's click on a target=_blank link); it is blocked, as a browser's popup blocker does, and never loaded", ""},
}

// Lookup finds a check by id.
func Lookup(id string) (Check, bool) {
	i := slices.IndexFunc(All, func(c Check) bool { return c.ID == id })
	if i < 0 {
		return Check{}, false
	}
	return All[i], true
}

// alsoBy are the other commands that report a check: a versioned link is
// judged in the markdown and in the built page.
var alsoBy = map[string][]string{WrongVersionLink: {Links}}

// Commands are the commands that report a check, its own first.
func (c Check) Commands() []string {
	return append([]string{c.Command}, alsoBy[c.ID]...)
}

// Of is the checks one command reports, in registry order.
func Of(command string) []Check {
	var out []Check
	for _, c := range All {
		if slices.Contains(c.Commands(), command) {
			out = append(out, c)
		}
	}
	return out
}

// IDs are the ids of checks, in their order.
func IDs(checks []Check) []string {
	out := make([]string, len(checks))
	for i, c := range checks {
		out[i] = c.ID
	}
	return out
}

// ParseLevel accepts a level's name.
func ParseLevel(s string) (Level, error) {
	if slices.Contains(Levels, Level(s)) {
		return Level(s), nil
	}
	return "", fmt.Errorf("want %s", levelWords())
}

func levelWords() string {
	names := make([]string, len(Levels))
	for i, l := range Levels {
		names[i] = string(l)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// MarkdownTable is docs/checks.md's table of checks.
func MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| check id | reported by | default | level flag | what it reports |\n|---|---|---|---|---|\n")
	for _, c := range All {
		by := c.Commands()
		for i := range by {
			by[i] = "`checks " + by[i] + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | `--%s` | %s |\n", c.ID, strings.Join(by, ", "), c.Level, c.Flag(), c.Meaning)
	}
	return b.String()
}

// HelpTable lists checks one a line, for `checks <command> -h`.
func HelpTable(checks []Check) string {
	width := 0
	for _, c := range checks {
		width = max(width, len(c.ID))
	}
	var b strings.Builder
	for _, c := range checks {
		fmt.Fprintf(&b, "  %-*s  %-5s  %s\n", width, c.ID, c.Level, c.Meaning)
	}
	return b.String()
}
