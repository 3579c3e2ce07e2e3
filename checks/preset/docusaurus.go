package preset

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"

	"golang.org/x/net/html"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// docusaurusEntry is the path of the script every Docusaurus page loads;
// what comes before assets/ is the site's baseUrl.
var docusaurusEntry = regexp.MustCompile(`^(/(?:[^?#]*/)?)assets/js/(?:runtime~)?main\.[0-9a-f]+\.js$`)

// docusaurusBase reads baseUrl from the entry script of the build's home page.
func docusaurusBase(site string) (string, error) {
	var base string
	err := homeScripts(site, "the base URL", func(src, _ []byte) bool {
		if m := docusaurusEntry.FindSubmatch([]byte(path.Clean(string(src)))); m != nil {
			base = string(m[1])
		}
		return base != ""
	})
	if err == nil && base == "" {
		err = fmt.Errorf("docusaurus preset: %s/index.html loads no assets/js/main.*.js, so its base URL is unknown: is it a Docusaurus build? (set baseUrl in checks.json)", site)
	}
	return base, err
}

// The inline script of every Docusaurus 3 page that puts the colour mode on
// <html> before the first paint: it reads the stored choice (under a key
// that a site may namespace, "theme-9f6") and, with nothing stored, either
// follows the system (respectPrefersColorScheme) or takes defaultMode.
var (
	docusaurusThemeKey    = regexp.MustCompile(`localStorage\.getItem\("(theme[^"]*)"\)`)
	docusaurusFollows     = regexp.MustCompile(`setAttribute\("data-theme",\s*\w+\s*\|\|\s*\(?\s*window\.matchMedia\("\(prefers-color-scheme: ?dark\)"\)`)
	docusaurusDefaultMode = regexp.MustCompile(`setAttribute\("data-theme",\s*\w+\s*\|\|\s*"(light|dark)"\)`)
)

// docusaurusContract is the DOM of the classic theme (the theme on <html
// data-theme>, hydration marked by data-has-hydrated), with the storage key
// and colour-mode settings read from the build's head script. The classic
// template has no search box and no page loader: those checks are skipped.
func docusaurusContract(site string) (browser.Contract, error) {
	c := browser.DefaultContract()
	c.Ready = "data-has-hydrated"
	c.SearchButton, c.SearchModal, c.SearchInput = "", "", "" // the classic template has no search
	c.ThemeToggle = `[class*="colorModeToggle_"] button`      // the navbar's; CSS modules add a hash to the class
	found := false
	err := homeScripts(site, "the colour-mode script", func(_, text []byte) bool {
		m := docusaurusThemeKey.FindSubmatch(text)
		if m == nil {
			return false
		}
		found = true
		c.ThemeKey = string(m[1])
		c.RespectSystem = docusaurusFollows.Match(text)
		c.DefaultTheme = "light"
		if d := docusaurusDefaultMode.FindSubmatch(text); d != nil {
			c.DefaultTheme = string(d[1])
		}
		return true
	})
	if err == nil && !found {
		err = fmt.Errorf("the docusaurus preset reads it from the colour-mode script of %s, and there is none", filepath.Join(site, "index.html"))
	}
	return c, err
}

// homeScripts calls fn with the src and the text of each script of the
// build's home page until it returns true.
func homeScripts(site, what string, fn func(src, text []byte) bool) error {
	f, err := textfile.Open(filepath.Join(site, "index.html"))
	if err != nil {
		return fmt.Errorf("docusaurus preset: reading %s from the build: %v", what, err)
	}
	defer f.Close()
	z := html.NewTokenizer(f)
	for {
		switch z.Next() {
		case html.ErrorToken:
			return nil
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "script" {
				continue
			}
			var src []byte
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "src" {
					src = v
				}
			}
			if src != nil && fn(src, nil) {
				return nil
			}
			if src == nil && z.Next() == html.TextToken && fn(nil, z.Text()) {
				return nil
			}
		}
	}
}
