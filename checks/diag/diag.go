// Package diag holds the one diagnostic type that every devdocs tool reports
// through, and the single place where a diagnostic is turned into text.
package diag

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Severity orders diagnostics; Error is the only one that fails a build.
type Severity int

const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "info"
}

// MarshalText writes a severity into JSON by its name, so the JSON reads
// without a legend.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalJSON reads a severity by its name, or by the number results
// files written before the names carried.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var name string
	if json.Unmarshal(b, &name) != nil {
		var n int
		if err := json.Unmarshal(b, &n); err != nil || n < int(Info) || n > int(Error) {
			return fmt.Errorf("severity %s: want \"error\", \"warning\" or \"info\"", b)
		}
		*s = Severity(n)
		return nil
	}
	for _, v := range severities {
		if name == v.String() {
			*s = v
			return nil
		}
	}
	return fmt.Errorf("severity %q: want \"error\", \"warning\" or \"info\"", name)
}

// severities are every severity, most severe first.
var severities = []Severity{Error, Warning, Info}

// JSONValues are the values a severity takes in JSON (for the TypeScript
// declarations of internal/formats).
func (Severity) JSONValues() []string {
	names := make([]string, len(severities))
	for i, s := range severities {
		names[i] = s.String()
	}
	return names
}

// Diagnostic is one problem found in one place.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	Check    string   `json:"check"` // stable id, e.g. "markdown-link", "front-matter"
	File     string   `json:"file,omitempty"`
	Line     int      `json:"line,omitempty"`
	Col      int      `json:"col,omitempty"`
	Message  string   `json:"message"`
	Notes    []string `json:"notes,omitempty"`
	// For links: the raw href, the file or URL it resolved to, and the
	// markdown source the page was built from, when known: file:line
	// (routes.json), or file:line:col where the gate read the markdown.
	Href   string `json:"href,omitempty"`
	Target string `json:"target,omitempty"`
	Source string `json:"source,omitempty"`
}

// Location renders file:line:col, leaving out the parts that are unknown.
func (d Diagnostic) Location() string {
	loc := d.File
	if d.Line > 0 {
		loc += fmt.Sprintf(":%d", d.Line)
		if d.Col > 0 {
			loc += fmt.Sprintf(":%d", d.Col)
		}
	}
	return loc
}

// String is the diagnostic on one line per part, escaped (Printable).
func (d Diagnostic) String() string { return d.printable().text() }

// text is the diagnostic as String writes it, of texts already escaped.
func (d Diagnostic) text() string {
	var b strings.Builder
	if loc := d.Location(); loc != "" {
		b.WriteString(loc + ": ")
	}
	fmt.Fprintf(&b, "%s: %s", d.Severity, d.Message)
	if d.Check != "" {
		fmt.Fprintf(&b, " [%s]", d.Check)
	}
	for _, n := range d.Notes {
		b.WriteString("\n  note: " + n)
	}
	return b.String()
}

// List is a set of diagnostics; as an error it prints them all, sorted.
type List []Diagnostic

func (l List) Error() string {
	l.Sort()
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Sort orders by file, line, column, then message, so output is deterministic.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Message < b.Message
	})
}

// Count returns how many diagnostics have the given severity.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Err returns the list as an error when it holds at least one Error, else nil.
func (l List) Err() error {
	if l.Count(Error) == 0 {
		return nil
	}
	return l
}
