package markdown

import (
	"bytes"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/site/buildcheck"
)

// FrontMatter is the YAML block at the top of a page. Unknown keys are an
// error: a misspelt key silently ignored is a bug a reader finds first.
type FrontMatter struct {
	Title               string   `yaml:"title"`
	Description         string   `yaml:"description"`
	Slug                string   `yaml:"slug"`
	SidebarLabel        string   `yaml:"sidebar_label"`
	SidebarPosition     *float64 `yaml:"sidebar_position"`
	DisplayedSidebar    string   `yaml:"displayed_sidebar"`
	HideTableOfContents bool     `yaml:"hide_table_of_contents"`
	Layout              string   `yaml:"layout"` // "litepaper" for the litepaper; empty otherwise
	Keywords            []string `yaml:"keywords"`
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// SplitFrontMatter parses the leading --- block and returns the body with the
// front matter replaced by blank lines, so that every line number the
// markdown parser reports is the line number in the file.
func SplitFrontMatter(file string, src []byte) (FrontMatter, []byte, *diag.Diagnostic) {
	var fm FrontMatter
	block, body, open, closed := mdscan.FrontMatter(src)
	if !open {
		return fm, src, nil
	}
	if !closed {
		return fm, src, fmDiag(file, 1, "front matter opened with --- is never closed")
	}
	dec := yaml.NewDecoder(bytes.NewReader(block))
	dec.KnownFields(true)
	if err := dec.Decode(&fm); err != nil && err.Error() != "EOF" {
		d := fmDiag(file, yamlErrorLine(err.Error()), "invalid front matter: "+yamlMessage(err.Error()))
		if unknownKey.MatchString(err.Error()) {
			d.Notes = []string{"known keys: " + strings.Join(knownKeys(), ", ")}
		}
		return fm, src, d
	}
	return fm, body, nil
}

// yamlErrorLine maps a "line N" in a YAML error to the file's line (+1 for the opening ---).
func yamlErrorLine(msg string) int {
	m := yamlLine.FindStringSubmatch(msg)
	if m == nil {
		return 1
	}
	n, _ := strconv.Atoi(m[1])
	return n + 1
}

var (
	yamlNoise  = regexp.MustCompile(`^yaml: (unmarshal errors:\n\s*)?(line \d+: )?`)
	unknownKey = regexp.MustCompile(`field (\S+) not found in type \S+`)
)

// yamlMessage rewrites yaml.v3's wording for a docs author.
func yamlMessage(msg string) string {
	msg = yamlNoise.ReplaceAllString(msg, "")
	return unknownKey.ReplaceAllString(msg, `unknown key "$1"`)
}

// knownKeys lists the front matter keys, from the struct tags.
func knownKeys() []string {
	t := reflect.TypeOf(FrontMatter{})
	keys := make([]string, t.NumField())
	for i := range keys {
		keys[i] = t.Field(i).Tag.Get("yaml")
	}
	return keys
}

func fmDiag(file string, line int, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, Check: buildcheck.FrontMatter, File: file, Line: line,
		Message: msg}
}
