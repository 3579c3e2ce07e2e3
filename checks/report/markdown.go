package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
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
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", codeSpan(c.Check), c.Errors, c.Warnings, c.Logs, c.Passed)
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
		fmt.Fprintf(b, "%s %s", codeSpan(p.Check), escapeMarkdown(p.Message))
		where := p.Location
		if p.Source != "" {
			where = p.Source
		}
		if p.Link != "" {
			fmt.Fprintf(b, " on [%s](%s)", escapeMarkdown(p.Page), linkDestination(p.Link))
		} else if p.Page != "" {
			fmt.Fprintf(b, " on %s", codeSpan(p.Page))
		}
		fmt.Fprintf(b, " (%s)\n", codeSpan(where))
	}
	b.WriteString("\n</details>\n")
}

// Everything below comes from the pages and files checked, and a pull
// request comment renders it: a newline could start a heading or a fake
// "no problems", a bracket a link, an '@' a mention. So text is escaped
// for markdown, after diag.Printable has made controls visible, and
// shortened: a comment has a size limit that one 1 MB href would exceed.

// escapeMarkdown keeps a message from turning into markup (or a mention).
// Backticks stay: messages quote selectors as code, and a code span can
// neither hold a newline (Printable) nor start any other markup.
func escapeMarkdown(s string) string {
	return markdownEscapes.Replace(diag.Printable(diag.Shorten(s)))
}

var markdownEscapes = strings.NewReplacer(`\`, `\\`, "|", `\|`, "<", "&lt;", ">", "&gt;", "&", "&amp;",
	"@", "@\u200b", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "~", `\~`)

// codeSpan shows s as code: a run of backticks in s gets a longer fence
// around it, so s cannot end the span early (CommonMark code spans).
func codeSpan(s string) string {
	s = diag.Printable(diag.Shorten(s))
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if fence == "`" {
		return "`" + s + "`"
	}
	return fence + " " + s + " " + fence
}

// linkDestination percent-encodes what would end a markdown link
// destination or break out of it.
func linkDestination(u string) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("()<>[]\\`\"'", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
