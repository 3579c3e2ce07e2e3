package report

import (
	"fmt"
	"io"
	"strings"

	"devdocs/checks/diag"
)

// listed caps the problems a pull-request comment lists; the HTML has all.
const listed = 30

var icon = map[string]string{"error": "❌", "warning": "⚠️", "info": "ℹ️"}

// WriteMarkdown writes the short summary for a pull-request comment.
func WriteMarkdown(w io.Writer, r Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### Docs gate: %s\n\n", diag.Counts(r.Errors, r.Warnings))
	if r.HasPrevious {
		fmt.Fprintf(&b, "%s since the previous run, %s.\n\n", diag.Plural(r.New, "new problem"), diag.Plural(len(r.Fixed), "fixed problem"))
	}
	b.WriteString("| check | errors | warnings | logged | passed |\n|---|--:|--:|--:|--:|\n")
	for _, c := range r.Counts {
		fmt.Fprintf(&b, "| `%s` | %d | %d | %d | %d |\n", c.Check, c.Errors, c.Warnings, c.Logs, c.Passed)
	}
	writeProblems(&b, r.Problems)
	b.WriteString("\n")
	for i, t := range r.Timings {
		if i > 0 {
			b.WriteString(" · ")
		}
		fmt.Fprintf(&b, "%s %.2fs", t.Tool, t.Seconds)
	}
	b.WriteString("\n\nThe full report (every problem, the version × page grid) is the `docs-gate-report` artifact of this run.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeProblems(b *strings.Builder, ps []Problem) {
	if len(ps) == 0 {
		return
	}
	fmt.Fprintf(b, "\n<details><summary>%s</summary>\n\n", diag.Plural(len(ps), "problem"))
	for i, p := range ps {
		if i == listed {
			fmt.Fprintf(b, "- … and %d more in the full report\n", len(ps)-listed)
			break
		}
		b.WriteString("- " + icon[p.Severity] + " ")
		if p.New {
			b.WriteString("**new** ")
		}
		fmt.Fprintf(b, "`%s` %s", p.Check, escapeMarkdown(p.Message))
		where := p.Location
		if p.Source != "" {
			where = p.Source
		}
		if p.Link != "" {
			fmt.Fprintf(b, " on [%s](%s)", p.Page, p.Link)
		} else if p.Page != "" {
			fmt.Fprintf(b, " on `%s`", p.Page)
		}
		fmt.Fprintf(b, " (`%s`)\n", where)
	}
	b.WriteString("\n</details>\n")
}

// escapeMarkdown keeps a message from turning into markup (or a mention).
func escapeMarkdown(s string) string {
	return strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;", "@", "@\u200b", "*", `\*`, "_", `\_`, "[", `\[`).Replace(s)
}
