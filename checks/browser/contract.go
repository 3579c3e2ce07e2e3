package browser

// Contract is what the checks expect of the site's DOM. The defaults match
// our site; a Docusaurus build has the same search and theme markup, so
// only the loader selectors usually need changing. Every field can be set
// in checks.json under "browser".
type Contract struct {
	// Page is the URL path the checks open.
	Page string `json:"page"`
	// Ready is an attribute on <html> the app sets once it has hydrated;
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

// DefaultContract is our site (see site/src/App.tsx, theme/Loader,
// theme/ProgressBar, contexts/ColorMode.tsx, lib/storageKeys.js).
func DefaultContract() Contract {
	return Contract{
		Page: "/", Ready: "data-app-ready",
		SearchButton: ".DocSearch-Button", SearchModal: ".DocSearch-Modal", SearchInput: ".DocSearch-Input",
		ThemeAttr: "data-theme", ThemeKey: "theme", ThemeToggle: "button.color-mode-toggle", DefaultTheme: "dark",
		Loader: ".loader", ProgressBar: ".progress-bar", ErrorBox: ".load-error", RetryButton: ".load-error button",
		LoaderPage: "/api", NavLink: "main a[href], aside a[href]",
		Content: "*.js",
	}
}
