package report

import (
	"fmt"
	"strconv"
)

// Bar is one check's row of the chart: stacked segments, widths in the
// SVG's units (the chart is drawn in Go so the template stays plain).
type Bar struct {
	Check    string
	Y        int
	Segments []Segment
	Label    string
}

// Segment is one severity's share of a bar.
type Segment struct {
	X, Width int
	Class    string // error, warning, log, passed
	Title    string
}

const (
	chartLabelWidth = 150
	chartBarWidth   = 300
	chartRow        = 28
)

// Chart lays out the counts as horizontal stacked bars, all scaled to the
// largest total, so a glance shows which check has the most problems.
func Chart(counts []Count) (bars []Bar, height int) {
	most := 1
	for _, c := range counts {
		most = max(most, c.Errors+c.Warnings+c.Logs+c.Passed)
	}
	for i, c := range counts {
		b := Bar{Check: c.Check, Y: i * chartRow}
		x := chartLabelWidth
		for _, s := range []struct {
			n           int
			class, name string
		}{{c.Errors, "error", "errors"}, {c.Warnings, "warning", "warnings"}, {c.Logs, "log", "logged"}, {c.Passed, "passed", "passed"}} {
			if s.n == 0 {
				continue
			}
			w := max(2, s.n*chartBarWidth/most)
			b.Segments = append(b.Segments, Segment{X: x, Width: w, Class: s.class, Title: fmt.Sprintf("%d %s", s.n, s.name)})
			x += w
		}
		b.Label = summaryOf(c)
		bars = append(bars, b)
	}
	return bars, len(counts)*chartRow + 4
}

func summaryOf(c Count) string {
	s := ""
	for _, p := range []struct {
		n    int
		name string
	}{{c.Errors, "E"}, {c.Warnings, "W"}, {c.Logs, "L"}, {c.Passed, "✓"}} {
		if p.n > 0 {
			s += " " + strconv.Itoa(p.n) + p.name
		}
	}
	return s
}
