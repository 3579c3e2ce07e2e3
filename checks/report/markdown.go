package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// A pull-request comment lists at most this many groups, and this many
// places of each; the HTML has all.
const (
	listed       = 30
	placesListed = 5
)

var icon = map[string]string{"error": "❌", "warning": "⚠️", "info": "ℹ️"}

// WriteMarkdown writes the short summary for a pull-request comment.
func WriteMarkdown(w io.Writer, r Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "### Docs gate: %s\n\n", r.Headline())
	for _, f := range r.Failed {
		b.WriteString("**Could not run:** " + escapeMarkdown(f.Tool+": "+f.Failed) + "\n\n")
	}
	if r.HasPrevious {
		fmt.Fprintf(&b, "%s since the previous run, %s.\n\n", diag.Plural(r.New, "new problem"), diag.Plural(r.FixedTotal, "fixed problem"))
	}
	if r.BrowserRan {
		b.WriteString("| check | errors | warnings | logged | passed |\n|---|--:|--:|--:|--:|\n")
	} else {
		b.WriteString("| check | errors | warnings | logged |\n|---|--:|--:|--:|\n")
	}
	for _, c := range r.Counts {
		fmt.Fprintf(&b, "| %s | %d | %d | %d |", codeSpan(c.Check), c.Errors, c.Warnings, c.Logs)
		if r.BrowserRan {
			fmt.Fprintf(&b, " %d |", c.Passed)
		}
		b.WriteString("\n")
	}
	switch {
	case !r.BrowserRan && r.CrawlPages > 0:
		fmt.Fprintf(&b, "\nBrowser checks: the crawl opened %s; the contract checks did not run.\n", diag.Plural(r.CrawlPages, "page"))
	case !r.BrowserRan:
		b.WriteString("\nBrowser checks: not run.\n")
	}
	if since := r.SinceDeploy(); since != "" {
		b.WriteString("\n**Since the last deploy:** " + escapeMarkdown(since) + "\n")
	}
	for _, h := range r.Hints {
		b.WriteString("\n**Hint:** " + escapeMarkdown(h.Message) + "\n")
	}
	writeGroups(&b, r)
	b.WriteString("\n")
	for i, t := range r.Timings {
		if i > 0 {
			b.WriteString(" · ")
		}
		fmt.Fprintf(&b, "%s %.2fs", t.Tool, t.Seconds)
	}
	b.WriteString("\n\n" + footer(r) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// footer says where the full report is: the CI artifact when there is
// one, else the file a local run wrote.
func footer(r Report) string {
	var with []string
	if r.Total > 0 {
		with = append(with, "every problem")
	}
	if len(r.Matrix.Rows) > 0 {
		with = append(with, "the version × page grid")
	}
	what := "The full report"
	if len(with) > 0 {
		what += ", with " + strings.Join(with, " and ") + ","
	}
	switch {
	case r.Artifact != "":
		return what + " is the " + codeSpan(r.Artifact) + " artifact of this run."
	case r.HTMLPath != "":
		return what + " is " + codeSpan(r.HTMLPath) + "."
	}
	return what + " is the HTML report of this run."
}

func writeGroups(b *strings.Builder, r Report) {
	if len(r.Groups) == 0 {
		return
	}
	summary := diag.Plural(r.Total, "problem")
	if len(r.Groups) < r.Total {
		summary += " from " + diag.Plural(len(r.Groups), "cause")
	}
	fmt.Fprintf(b, "\n<details><summary>%s</summary>\n\n", summary)
	for i, g := range r.Groups {
		if i == listed {
			fmt.Fprintf(b, "- … and %s more in the full report\n", diag.Plural(len(r.Groups)-listed, "cause"))
			break
		}
		b.WriteString("- " + icon[g.Severity] + " ")
		switch {
		case g.New == 0:
		case g.New == g.Total:
			b.WriteString("**new** ")
		default:
			fmt.Fprintf(b, "**%s new** ", thousands(g.New))
		}
		fmt.Fprintf(b, "%s %s", codeSpan(g.Check), escapeMarkdown(g.Title()))
		if g.Total == 1 {
			b.WriteString(place(g.Problems[0], false) + "\n")
			continue
		}
		fmt.Fprintf(b, " — on %s\n", pages(g.Pages))
		for j, p := range g.Problems {
			if j == placesListed {
				fmt.Fprintf(b, "  - … and %s more\n", thousands(g.Total-placesListed))
				break
			}
			b.WriteString("  -" + place(p, g.Message == "") + "\n")
		}
	}
	b.WriteString("\n</details>\n")
}

// place is where one problem is: its page (linked when the site's URL is
// known) and file:line, and its own message when its group has none.
func place(p Problem, withMessage bool) string {
	var b strings.Builder
	if withMessage {
		b.WriteString(" " + escapeMarkdown(p.Message))
	}
	where := p.Location
	if p.Source != "" {
		where = p.Source
	}
	if p.Link != "" {
		fmt.Fprintf(&b, " on [%s](%s)", escapeMarkdown(p.Page), linkDestination(p.Link))
	} else if p.Page != "" {
		fmt.Fprintf(&b, " on %s", codeSpan(p.Page))
	}
	fmt.Fprintf(&b, " (%s)", codeSpan(where))
	return b.String()
}

func pages(n int) string {
	if n == 1 {
		return "1 page"
	}
	return thousands(n) + " pages"
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
