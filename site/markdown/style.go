package markdown

import (
	"io"
	"regexp"
	"strings"

	"github.com/alecthomas/chroma/v2/styles"
)

// chromaStyle only decides which token classes exist; colours come from
// WriteHighlightCSS, which scopes a light and a dark palette by data-theme.
var chromaStyle = styles.Get("github")

// tokenClass finds the classes chroma gives its token spans.
var tokenClass = regexp.MustCompile(`<span class="([a-z0-9]+)">`)

// TokenClasses adds to used the highlight classes that html's code blocks use.
func TokenClasses(html string, used map[string]bool) {
	for _, m := range tokenClass.FindAllStringSubmatch(html, -1) {
		used[m[1]] = true
	}
}

// WriteHighlightCSS writes token colours for both colour modes: the code
// block's own rule, and a rule for each token class in used. chroma's sheet
// has a rule for every class it knows; the site's code uses about a third,
// and the stylesheet is on every page's first load.
func WriteHighlightCSS(w io.Writer, used map[string]bool) error {
	for _, t := range []struct{ selector, style string }{
		{`[data-theme="light"]`, "github"},
		{`[data-theme="dark"]`, "github-dark"},
	} {
		var b strings.Builder
		if err := HighlightFormatter.WriteCSS(&b, styles.Get(t.style)); err != nil {
			return err
		}
		if _, err := io.WriteString(w, scopeCSS(b.String(), t.selector, used)); err != nil {
			return err
		}
	}
	return nil
}

// chromaRule matches one line of chroma's sheet: "/* Name */ .chroma .k { … }".
var chromaRule = regexp.MustCompile(`^/\* \w+ \*/ \.chroma(?: \.(\w+))? \{`)

// scopeCSS keeps the rules of chroma's stylesheet for the block and the
// used token classes, each prefixed with the theme selector.
func scopeCSS(css, scope string, used map[string]bool) string {
	var out strings.Builder
	for _, line := range strings.Split(css, "\n") {
		m := chromaRule.FindStringSubmatch(line)
		if m == nil || (m[1] != "" && !used[m[1]]) {
			continue
		}
		i := strings.Index(line, " .chroma")
		out.WriteString(line[:i+1] + scope + line[i:] + "\n")
	}
	return out.String()
}
