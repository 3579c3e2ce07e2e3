package diag

import (
	"encoding/xml"
	"fmt"
	"io"
)

// FormatJUnit is JUnit XML, for CI systems that show test reports.
const FormatJUnit = "junit"

type junitSuite struct {
	XMLName  xml.Name    `xml:"testsuite"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
	// The run's hints, one "hint: …" line each: a suite's output is what
	// CI test reports show beside its cases.
	SystemOut string `xml:"system-out,omitempty"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",chardata"`
}

// writeJUnit writes one testcase per diagnostic: errors fail, recorded
// passes (checks browser) pass, and warnings and notes are marked skipped
// so a report shows them without failing the run.
func writeJUnit(w io.Writer, l List, sum Summary) error {
	s := junitSuite{Name: sum.Tool, Tests: len(l), Time: fmt.Sprintf("%.3f", sum.Seconds), Cases: []junitCase{}}
	for _, d := range l {
		c := junitCase{Name: d.Location() + " " + d.Href, Classname: d.Check}
		msg := &junitMessage{Message: d.Message, Type: d.Check, Body: d.text()} // escaped (safe) once
		switch {
		case d.Severity == Error:
			c.Failure = msg
			s.Failures++
		case d.Passed():
		default:
			c.Skipped = msg
			s.Skipped++
		}
		s.Cases = append(s.Cases, c)
	}
	for _, h := range sum.Hints {
		s.SystemOut += "hint: " + h.printable(false).Message + "\n"
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
