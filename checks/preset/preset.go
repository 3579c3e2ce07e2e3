// Package preset holds what the gate knows of common site generators: where
// each builds to, where its markdown lives, how to tell the path it is served
// under from its output. A project names one in checks.json ("preset") or
// with --preset; whatever checks.json or a flag sets wins over it.
package preset

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/devdocs-dev/devdocs/checks/browser"
)

// Preset is one generator's defaults.
type Preset struct {
	Name string
	// Site is the folder the generator builds into.
	Site string
	// Markdown are the source folders for checks markdown, used when they
	// exist; Public is the folder served at the site root.
	Markdown []string
	Public   string
	Versions []string
	// BaseURL reads the path the build is served under from the build
	// itself; nil when the output does not say.
	BaseURL func(site string) (string, error)
	// Browser is the DOM contract, or nil with NoBrowser saying why none.
	Browser   *browser.Contract
	NoBrowser string
}

// All are the presets, by name.
var All = []Preset{
	{
		Name: "docusaurus", Site: "build", BaseURL: docusaurusBase,
		// Docusaurus 3 docs are .mdx, which checks markdown does not read;
		// its own build checks their links (onBrokenMarkdownLinks).
		NoBrowser: "the docusaurus preset has none: the classic template has no search box or loader, and its theme toggle no stable selector",
	},
	{
		Name: "mkdocs", Site: "site", Markdown: []string{"docs"},
		NoBrowser: "the mkdocs preset has none: the default theme has no search shortcut or stored theme",
	},
	{
		Name: "hugo", Site: "public",
		// Hugo content links pages with ref shortcodes, not relative .md paths.
		NoBrowser: "the hugo preset has none: Hugo sites take their DOM from their theme",
	},
}

// Lookup finds a preset by name; the error lists the known ones.
func Lookup(name string) (Preset, error) {
	i := slices.IndexFunc(All, func(p Preset) bool { return p.Name == name })
	if i < 0 {
		return Preset{}, fmt.Errorf("unknown preset %q: presets are %s", name, strings.Join(Names(), ", "))
	}
	return All[i], nil
}

// Names are the presets' names.
func Names() []string {
	out := make([]string, len(All))
	for i, p := range All {
		out[i] = p.Name
	}
	return out
}

// docusaurusEntry is the path of the script every Docusaurus page loads;
// what comes before assets/ is the site's baseUrl.
var docusaurusEntry = regexp.MustCompile(`^(/(?:[^?#]*/)?)assets/js/(?:runtime~)?main\.[0-9a-f]+\.js$`)

// docusaurusBase reads baseUrl from the entry script of the build's home page.
func docusaurusBase(site string) (string, error) {
	f, err := os.Open(filepath.Join(site, "index.html"))
	if err != nil {
		return "", fmt.Errorf("docusaurus preset: reading the base URL from the build: %v", err)
	}
	defer f.Close()
	z := html.NewTokenizer(f)
	for {
		switch z.Next() {
		case html.ErrorToken:
			return "", fmt.Errorf("docusaurus preset: %s/index.html loads no assets/js/main.*.js, so its base URL is unknown: is it a Docusaurus build? (set baseUrl in checks.json)", site)
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			for hasAttr && string(name) == "script" {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "src" {
					if m := docusaurusEntry.FindStringSubmatch(path.Clean(string(v))); m != nil {
						return m[1], nil
					}
				}
			}
		}
	}
}
