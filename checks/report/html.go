package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

//go:embed report.html.tmpl
var page string

// The page is self-contained: inline CSS and SVG, no scripts, no fonts or
// images from anywhere, so it opens from an artifact download offline.
var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"counts":    diag.Counts,
	"plural":    diag.Plural,
	"thousands": thousands,
	"pages":     pages,
	"seconds":   func(s float64) string { return fmt.Sprintf("%.2fs", s) },
	"chart": func(cs []Count) map[string]any {
		bars, h := Chart(cs)
		return map[string]any{"Bars": bars, "Height": h}
	},
	"end_x": func(b Bar) int {
		x := chartLabelWidth
		for _, s := range b.Segments {
			x = s.X + s.Width
		}
		return x + 6
	},
}).Parse(page))

// WriteHTML renders the report page.
func WriteHTML(w io.Writer, r Report) error {
	return tmpl.Execute(w, r)
}
