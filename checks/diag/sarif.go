package diag

import (
	"bufio"
	"encoding/json"
	"io"
	"net/url"
	"sort"
)

// FormatSARIF is SARIF 2.1.0, which GitHub code scanning and most CI
// dashboards import.
const FormatSARIF = "sarif"

// sarifRun is a run's members after its results, which SARIF writes
// one at a time.
type sarifRun struct {
	Tool sarifTool `json:"tool"`
	// The run's hints belong to no result: they go in the run's property
	// bag, which SARIF keeps for what its schema has no place for.
	Properties *sarifProperties `json:"properties,omitempty"`
}

type sarifProperties struct {
	Hints []Hint `json:"hints"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name  string      `json:"name"`
	Rules []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID string `json:"id"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations,omitempty"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	Physical sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	URI    sarifArtifact `json:"artifactLocation"`
	Region *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// writeSARIF reports each diagnostic at its markdown source when known (the
// file a pull request changes), with the built page as a related location.
func writeSARIF(w io.Writer, l List, sum Summary) error {
	s := NewSARIF(w)
	for _, d := range l {
		s.Add(d)
	}
	return s.Close(sum.Tool, sum.Hints)
}

// SARIF writes a SARIF log one result at a time, as the diagnostics come:
// `checks report --sarif` over a million problems holds none of them. The
// run's results come first and its tool (the rules seen) after them,
// which JSON allows: an object's members have no order.
type SARIF struct {
	w     *bufio.Writer
	rules map[string]bool
	n     int
	err   error
}

// The log as the encoder indents it: a result is an element of
// runs[0].results, four levels deep.
const (
	sarifHead         = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"results\": ["
	sarifResultIndent = "        "
)

// NewSARIF starts a log on w.
func NewSARIF(w io.Writer) *SARIF {
	s := &SARIF{w: bufio.NewWriterSize(w, 64<<10), rules: map[string]bool{}}
	_, s.err = s.w.WriteString(sarifHead)
	return s
}

// Add writes one diagnostic as a result.
func (s *SARIF) Add(d Diagnostic) {
	if s.err != nil {
		return
	}
	p := d.printable() // the texts escaped; the locations from d's own names: a URI holds any bytes (caf%E9.html)
	s.rules[p.Check] = true
	r := sarifResult{RuleID: p.Check, Level: sarifLevel(d.Severity), Message: sarifText{messageWithNotes(p)}}
	page := location(d.File, d.Line, d.Col)
	if d.Source != "" {
		file, line, col := splitSource(d.Source)
		r.Locations = []sarifLocation{location(file, line, col)}
		r.RelatedLocations = []sarifLocation{page}
	} else if d.File != "" {
		r.Locations = []sarifLocation{page}
	}
	b, err := json.MarshalIndent(r, sarifResultIndent, "  ")
	if err != nil {
		s.err = err
		return
	}
	sep := ",\n"
	if s.n == 0 {
		sep = "\n"
	}
	s.n++
	s.w.WriteString(sep + sarifResultIndent)
	_, s.err = s.w.Write(b)
}

// Close ends the log: the tool, named and with the rules of the results,
// and the run's hints, which belong to no result, in the run's property
// bag (SARIF keeps it for what its schema has no place for).
func (s *SARIF) Close(tool string, hints []Hint) error {
	if s.err != nil {
		return s.err
	}
	if s.n > 0 {
		s.w.WriteString("\n      ")
	}
	ids := make([]string, 0, len(s.rules))
	for id := range s.rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	rest := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: tool, Rules: []sarifRule{}}}}
	for _, id := range ids {
		rest.Tool.Driver.Rules = append(rest.Tool.Driver.Rules, sarifRule{ID: id})
	}
	if len(hints) > 0 {
		rest.Properties = &sarifProperties{}
		for _, h := range hints {
			rest.Properties.Hints = append(rest.Properties.Hints, h.printable(false))
		}
	}
	b, err := json.MarshalIndent(rest, "    ", "  ")
	if err != nil {
		return err
	}
	// The run's other members follow its results: "{" of the marshalled
	// run becomes the "," after them.
	s.w.WriteString("],")
	s.w.Write(b[1:])
	s.w.WriteString("\n  ]\n}\n")
	return s.w.Flush()
}

// location places a result; the file becomes a URI reference, as SARIF
// requires: "a b.md" is "a%20b.md".
func location(file string, line, col int) sarifLocation {
	loc := sarifLocation{Physical: sarifPhysical{URI: sarifArtifact{(&url.URL{Path: file}).String()}}}
	if line > 0 {
		loc.Physical.Region = &sarifRegion{StartLine: line, StartColumn: col}
	}
	return loc
}

func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "note"
}

// messageWithNotes is the message followed by its notes, one per line.
func messageWithNotes(d Diagnostic) string {
	msg := d.Message
	for _, n := range d.Notes {
		msg += "\n" + n
	}
	return msg
}
