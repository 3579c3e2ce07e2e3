package diag

import (
	"bufio"
	"encoding/json"
	"io"
)

// The gate's JSON is written one diagnostic at a time, in exactly the bytes
// encoding/json's indenting encoder would write for the whole value
// (TestJSONIsTheEncodersJSON): a site with a hundred thousand findings
// makes a JSON file of 50 MB, which need not be built in memory first.

// writeRunJSON writes one run, its lines after the first indented by prefix.
func writeRunJSON(w *bufio.Writer, prefix string, r Run) error {
	w.WriteString("{\n" + prefix + `  "diagnostics": [`)
	for i, d := range r.Diagnostics {
		if i > 0 {
			w.WriteString(",")
		}
		if err := writeValue(w, "\n"+prefix+"    ", d.forJSON(), prefix+"    "); err != nil {
			return err
		}
	}
	if len(r.Diagnostics) > 0 {
		w.WriteString("\n" + prefix + "  ")
	}
	w.WriteString("],\n")
	if err := writeValue(w, prefix+`  "summary": `, r.Summary, prefix+"  "); err != nil {
		return err
	}
	_, err := w.WriteString("\n" + prefix + "}")
	return err
}

// WriteResults writes the JSON of `checks all` (every run, and the total).
func WriteResults(out io.Writer, res Results) error {
	w := bufio.NewWriterSize(out, 64<<10)
	w.WriteString("{\n" + `  "runs": [`)
	for i, r := range res.Runs {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n    ")
		if r.Diagnostics == nil {
			r.Diagnostics = List{}
		}
		if err := writeRunJSON(w, "    ", r); err != nil {
			return err
		}
	}
	if len(res.Runs) > 0 {
		w.WriteString("\n  ")
	}
	w.WriteString("],\n")
	if err := writeValue(w, `  "summary": `, res.Summary, "  "); err != nil {
		return err
	}
	w.WriteString("\n}\n")
	return w.Flush()
}

// writeValue writes lead, then v indented as encoding/json indents it at
// prefix.
func writeValue(w *bufio.Writer, lead string, v any, prefix string) error {
	b, err := json.MarshalIndent(v, prefix, "  ")
	if err != nil {
		return err
	}
	w.WriteString(lead)
	_, err = w.Write(b)
	return err
}
