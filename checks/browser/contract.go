package browser

import "github.com/devdocs-dev/devdocs/checks/registry"

// Contract is what the checks expect of the site's DOM, set in checks.json
// under "browser" over DefaultContract. The browser checks run only for a
// project that has one: a site's DOM cannot be guessed.
type Contract struct {
	// Page is the URL path the checks open.
	Page string `json:"page"`
	// Ready is an attribute on <html> the app sets once it has hydrated,
	// to anything but "false" (which a prerendered page may carry before);
	// empty means "wait for the load event only".
	Ready string `json:"ready"`

	SearchButton string `json:"searchButton"`
	SearchModal  string `json:"searchModal"`
	SearchInput  string `json:"searchInput"`

	ThemeAttr    string `json:"themeAttr"`    // on <html>
	ThemeKey     string `json:"themeKey"`     // localStorage key
	ThemeToggle  string `json:"themeToggle"`  // button that flips the theme
	DefaultTheme string `json:"defaultTheme"` // with nothing stored
	// RespectSystem: with nothing stored, prefers-color-scheme decides.
	RespectSystem bool `json:"respectPrefersColorScheme"`

	Loader      string `json:"loader"`
	ProgressBar string `json:"progressBar"`
	ErrorBox    string `json:"errorBox"`
	// LoaderPage is the page the loader checks start from (a docs page:
	// its content is a lazily loaded chunk); NavLink picks the links on it
	// to navigate by, the first visible one to another page.
	LoaderPage  string `json:"loaderPage"`
	NavLink     string `json:"navLink"`
	RetryButton string `json:"retryButton"`
	// Content matches the requests that carry page content (a CDP Fetch URL
	// pattern). The page's own entry scripts are never held back.
	Content string `json:"contentPattern"`
}

// DefaultContract holds what most sites share: DocSearch's markup (the
// Docusaurus and VitePress default), the theme on <html data-theme> stored
// under "theme", light by default. What no two sites share (the theme
// toggle, the loader) has no default; a check that needs it is skipped
// until the project's contract names it (see Missing).
func DefaultContract() Contract {
	return Contract{
		Page:         "/",
		SearchButton: ".DocSearch-Button", SearchModal: ".DocSearch-Modal", SearchInput: ".DocSearch-Input",
		ThemeAttr: "data-theme", ThemeKey: "theme", DefaultTheme: "light",
		NavLink: "main a[href]", Content: "*.js",
	}
}

// Missing names the keys a check needs that the contract leaves empty.
func (c Contract) Missing(check string) []string {
	need := map[string][]struct{ key, value string }{
		registry.SearchShortcut: {{"page", c.Page}, {"searchButton", c.SearchButton}, {"searchModal", c.SearchModal}, {"searchInput", c.SearchInput}},
		registry.ThemePersistence: {{"page", c.Page}, {"themeAttr", c.ThemeAttr}, {"themeKey", c.ThemeKey}, {"themeToggle", c.ThemeToggle},
			{"defaultTheme", c.DefaultTheme}, {"contentPattern", c.Content}},
		registry.LoaderTiming: {{"loaderPage", c.LoaderPage}, {"navLink", c.NavLink}, {"loader", c.Loader}, {"progressBar", c.ProgressBar},
			{"errorBox", c.ErrorBox}, {"retryButton", c.RetryButton}, {"contentPattern", c.Content}},
	}
	var missing []string
	for _, f := range need[check] {
		if f.value == "" {
			missing = append(missing, f.key)
		}
	}
	return missing
}
