package markdown

import (
	"io"
	"strings"

	"github.com/alecthomas/chroma/v2/styles"
)

// chromaStyle only decides which token classes exist; colours come from
// WriteHighlightCSS, which scopes a light and a dark palette by data-theme.
var chromaStyle = styles.Get("github")

// WriteHighlightCSS writes token colours for both colour modes.
func WriteHighlightCSS(w io.Writer) error {
	for _, t := range []struct{ selector, style string }{
		{`[data-theme="light"]`, "github"},
		{`[data-theme="dark"]`, "github-dark"},
	} {
		var b strings.Builder
		if err := HighlightFormatter.WriteCSS(&b, styles.Get(t.style)); err != nil {
			return err
		}
		if _, err := io.WriteString(w, scopeCSS(b.String(), t.selector)); err != nil {
			return err
		}
	}
	return nil
}

// scopeCSS prefixes every rule of chroma's stylesheet with the theme selector.
func scopeCSS(css, scope string) string {
	var out strings.Builder
	for _, line := range strings.Split(css, "\n") {
		if i := strings.Index(line, " .chroma"); strings.HasPrefix(line, "/*") && i >= 0 {
			line = line[:i+1] + scope + line[i:]
		}
		out.WriteString(line + "\n")
	}
	return out.String()
}
