package diag

import (
	"encoding/json"
	"io"
	"net/url"
	"sort"
)

// FormatSARIF is SARIF 2.1.0, which GitHub code scanning and most CI
// dashboards import.
const FormatSARIF = "sarif"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
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
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: sum.Tool, Rules: []sarifRule{}}}, Results: []sarifResult{}}
	rules := map[string]bool{}
	for _, d := range l {
		p := d.printable() // the texts escaped; the locations from d's own names: a URI holds any bytes (caf%E9.html)
		rules[p.Check] = true
		r := sarifResult{RuleID: p.Check, Level: sarifLevel(d.Severity), Message: sarifText{messageWithNotes(p)}}
		page := location(d.File, d.Line, d.Col)
		if d.Source != "" {
			file, line, col := splitSource(d.Source)
			r.Locations = []sarifLocation{location(file, line, col)}
			r.RelatedLocations = []sarifLocation{page}
		} else if d.File != "" {
			r.Locations = []sarifLocation{page}
		}
		run.Results = append(run.Results, r)
	}
	if len(sum.Hints) > 0 {
		run.Properties = &sarifProperties{}
		for _, h := range sum.Hints {
			run.Properties.Hints = append(run.Properties.Hints, h.printable(false))
		}
	}
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{ID: id})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
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
