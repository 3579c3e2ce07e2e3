package diag

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Formats the gate can print.
const (
	FormatText   = "text"
	FormatJSON   = "json"
	FormatGitHub = "github"
)

// Summary is the closing line of a run, and the "summary" of JSON output.
type Summary struct {
	Tool   string `json:"tool"`
	Pages  int    `json:"pages"`
	Links  int    `json:"links"`
	Checks int    `json:"checks,omitempty"` // browser expectations tried, where there are no links
	// Requests are the crawl's: the requests of the site its pages made,
	// each judged (a page's links are the links step's).
	Requests int     `json:"requests,omitempty"`
	Errors   int     `json:"errors"`
	Warnings int     `json:"warnings"`
	Seconds  float64 `json:"seconds"`
	// Hints name causes behind many of the run's diagnostics, each said
	// once here rather than on each of its diagnostics (a navbar link
	// broken on 22 pages is one hint, not 22 notes).
	Hints []Hint `json:"hints,omitempty"`
	// Failed says why the tool could not run (in checks all, which goes on
	// with the other steps); such a run has no diagnostics and no counts.
	Failed string `json:"failed,omitempty"`
}

// Hint is a likely cause of many diagnostics of one run, and what to do
// about it. It belongs to the run, not to a diagnostic, so every format
// prints it once.
type Hint struct {
	Check   string `json:"check"`            // the check whose diagnostics it explains: "broken-link"
	Message string `json:"message"`          // one sentence, saying what to do
	Count   int    `json:"count"`            // how many of the run's diagnostics it explains
	Target  string `json:"target,omitempty"` // the target, or the leading path, they share
}

// printable is the hint with its page-made text escaped (Printable), and
// shortened for a terminal or a log when short is set.
func (h Hint) printable(short bool) Hint {
	if short {
		h.Message, h.Target = Shorten(h.Message), Shorten(h.Target)
	}
	h.Check, h.Message, h.Target = Printable(h.Check), Printable(h.Message), Printable(h.Target)
	return h
}

func (s Summary) String() string {
	if s.Failed != "" {
		return fmt.Sprintf("%s: could not run: %s", s.Tool, Printable(s.Failed))
	}
	what := Plural(s.Links, "link")
	switch {
	case s.Requests > 0:
		what = Plural(s.Requests, "request")
	case s.Checks > 0:
		what = Plural(s.Checks, "expectation")
	case s.Links == 0 && s.Pages == 0: // every check skipped or ignored
		return fmt.Sprintf("%s: nothing to check in %.2fs: %s", s.Tool, s.Seconds, Counts(s.Errors, s.Warnings))
	}
	return fmt.Sprintf("%s: %s, %s checked in %.2fs: %s", s.Tool, Plural(s.Pages, "page"), what, s.Seconds, Counts(s.Errors, s.Warnings))
}

// Verdict is a run's counts, and first the tools that could not run:
// "checks links could not run; no problems in the rest".
func Verdict(failed []Summary, errors, warnings int) string {
	if len(failed) == 0 {
		return Counts(errors, warnings)
	}
	tools := make([]string, len(failed))
	for i, s := range failed {
		tools[i] = s.Tool
	}
	return strings.Join(tools, " and ") + " could not run; " + Counts(errors, warnings) + " in the rest"
}

// Counts reads like "2 errors and 1 warning", or "no problems".
func Counts(errors, warnings int) string {
	parts := []string{}
	if errors > 0 {
		parts = append(parts, Plural(errors, "error"))
	}
	if warnings > 0 {
		parts = append(parts, Plural(warnings, "warning"))
	}
	if len(parts) == 0 {
		return "no problems"
	}
	return strings.Join(parts, " and ")
}

// Plural reads like "1 page" or "3 pages".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Run is the JSON a command prints with --format json. Run and Results are
// the one definition of the gate's JSON (checks report reads it; the
// TypeScript declarations in internal/formats are generated from them).
type Run struct {
	Diagnostics List    `json:"diagnostics"`
	Summary     Summary `json:"summary"`
}

// Results is the JSON of `checks all --format json` and `--json FILE`:
// every run in order, and their total.
type Results struct {
	Runs    []Run   `json:"runs"`
	Summary Summary `json:"summary"`
}

// Write prints the diagnostics and the summary in one format. Its output
// is buffered: a large site's hundred thousand lines are not as many writes.
func Write(out io.Writer, format string, l List, sum Summary, color bool) error {
	w := bufio.NewWriterSize(out, 64<<10)
	if err := write(w, format, l, sum, color); err != nil {
		return err
	}
	return w.Flush()
}

func write(w *bufio.Writer, format string, l List, sum Summary, color bool) error {
	l.Sort()
	switch format {
	case FormatJSON:
		if err := writeRunJSON(w, "", Run{l, sum}); err != nil {
			return err
		}
		_, err := w.WriteString("\n")
		return err
	case FormatJUnit:
		return writeJUnit(w, safe(l, false), sum) // the summary lives in the suite's attributes
	case FormatSARIF:
		return writeSARIF(w, l, sum) // escapes its texts itself, and keeps names as URIs
	case FormatGitHub:
		for _, d := range l {
			Annotate(w, d)
		}
		AnnotateHints(w, sum.Hints)
	default:
		writeText(w, safe(l, true), color)
		writeTextHints(w, sum.Hints, color)
	}
	_, err := fmt.Fprintln(w, sum.String())
	return err
}

// safe is a copy of l to print: escaped (Printable), and for reading in a
// terminal or a log also shortened (Shorten).
func safe(l List, short bool) List {
	out := make(List, len(l))
	for i, d := range l {
		if short {
			d = d.shortened()
		}
		out[i] = d.printable()
	}
	return out
}

var colors = map[Severity]string{Error: "\x1b[31m", Warning: "\x1b[33m", Info: "\x1b[2m"}

const (
	bold  = "\x1b[1m"
	reset = "\x1b[0m"
)

// writeText groups by file (the page), one line per problem, notes indented.
func writeText(w io.Writer, l List, color bool) {
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return code + s + reset
	}
	for i, d := range l {
		if i == 0 || l[i-1].File != d.File {
			if i > 0 {
				fmt.Fprintln(w)
			}
			fmt.Fprintln(w, paint(bold, d.File))
		}
		loc := "-"
		if d.Line > 0 {
			loc = fmt.Sprintf("%d", d.Line)
			if d.Col > 0 {
				loc += fmt.Sprintf(":%d", d.Col)
			}
		}
		fmt.Fprintf(w, "  %-6s %s %s [%s]\n", loc, paint(colors[d.Severity], fmt.Sprintf("%-7s", d.Severity.String())), d.Message, d.Check)
		if d.Source != "" {
			fmt.Fprintf(w, "         source: %s\n", d.Source)
		}
		for _, n := range d.Notes {
			fmt.Fprintf(w, "         note: %s\n", n)
		}
	}
	if len(l) > 0 {
		fmt.Fprintln(w)
	}
}

// Annotate prints d as a workflow command, so a problem shows as an
// annotation on the markdown source when it is known (that is the file a
// PR changes). One at a time: `checks report --annotations` prints a
// million as it reads them.
//
// GitHub attaches an annotation to the file its file= names byte for
// byte, and reads the command as UTF-8 text. A name that Name would quote
// (not UTF-8, or holding a control or bidirectional character) can be
// neither written there as it is nor matched once escaped: its annotation
// is the run's, with the name, quoted, and its place leading the message.
func Annotate(w io.Writer, raw Diagnostic) {
	level := map[Severity]string{Error: "error", Warning: "warning", Info: "notice"}[raw.Severity]
	file, line, col := raw.File, raw.Line, raw.Col
	if raw.Source != "" {
		// The markdown's own column when the source names one; never
		// the built page's, which is another file's. Split before the
		// name is quoted: quoting takes in the ":line".
		file, line, col = splitSource(raw.Source)
	}
	d := raw.shortened().printable()
	props, place := "file="+escapeProp(file), Name(file)
	if line > 0 {
		props, place = props+fmt.Sprintf(",line=%d", line), place+fmt.Sprintf(":%d", line)
		if col > 0 {
			props, place = props+fmt.Sprintf(",col=%d", col), place+fmt.Sprintf(":%d", col)
		}
	}
	msg := messageWithNotes(d)
	if Printable(file) == file {
		props += ","
	} else {
		props, msg = "", place+": "+msg
	}
	fmt.Fprintf(w, "::%s %stitle=%s::%s\n", level, props, escapeProp(d.Check), escapeData(msg))
}

// writeTextHints prints each hint once, after the list it explains and
// before the summary line.
func writeTextHints(w io.Writer, hints []Hint, color bool) {
	for _, h := range hints {
		label := "hint:"
		if color {
			label = bold + label + reset
		}
		fmt.Fprintf(w, "%s %s\n", label, h.printable(true).Message)
	}
	if len(hints) > 0 {
		fmt.Fprintln(w)
	}
}

// AnnotateHints makes each hint one notice of the run: it belongs to no
// file, so it shows once in the run's annotations, not on every page.
func AnnotateHints(w io.Writer, hints []Hint) {
	for _, h := range hints {
		h = h.printable(true)
		fmt.Fprintf(w, "::notice title=%s::%s\n", escapeProp(h.Check+" hint"), escapeData(h.Message))
	}
}

// splitSource reads a markdown source place: "file:line" (routes.json
// knows lines only) or "file:line:col" (the gate read the markdown).
func splitSource(src string) (file string, line, col int) {
	file, n := cutNumber(src)
	if n == 0 {
		return src, 0, 0
	}
	if f, m := cutNumber(file); m > 0 {
		return f, m, n
	}
	return file, n, 0
}

// cutNumber cuts ":N" off the end of s.
func cutNumber(s string) (string, int) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n <= 0 {
		return s, 0
	}
	return s[:i], n
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
