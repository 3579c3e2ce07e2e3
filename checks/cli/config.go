package cli

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/diag"
)

// Level is what to do with a check's findings, as Docusaurus names it.
type Level string

const (
	Ignore Level = "ignore"
	Log    Level = "log"
	Warn   Level = "warn"
	Throw  Level = "throw"
)

// Config is checks.json at the repository root; flags override it.
type Config struct {
	// Levels by check id: broken-link, broken-anchor, duplicate-route,
	// markdown-link, markdown-anchor, markdown-image, external-link,
	// external-unreachable.
	Levels    map[string]Level `json:"levels"`
	CleanURLs *bool            `json:"cleanUrls"`
	SiteURL   string           `json:"siteUrl"`
	BaseURL   string           `json:"baseUrl"`
	// Ignore holds regular expressions; a link whose href matches one is not checked.
	Ignore []string `json:"ignore"`
	// IgnorePaths holds regular expressions; the links of a page whose path
	// in the site matches one are not checked (its anchors still count).
	IgnorePaths []string `json:"ignorePaths"`
	Markdown    Markdown `json:"markdown"`
}

// Markdown is the layout of a repository's markdown for `checks markdown`.
type Markdown struct {
	// Paths are the folders and files checked when none are named.
	Paths []string `json:"paths"`
	// Public is the folder served at the site root, for absolute image paths.
	Public string `json:"public"`
	// Versions are folder patterns ("content/api/*"); each match is a docs
	// version that links may not enter from outside.
	Versions []string `json:"versions"`
	// Exclude are globs of files never checked ("testdata/**"): fixtures
	// that are broken on purpose. Links into them still resolve.
	Exclude []string `json:"exclude"`
}

// Defaults: broken links and markdown links fail the build (a reader hits them),
// broken anchors and duplicate routes only warn.
func defaultLevels() map[string]Level {
	return map[string]Level{
		"search-shortcut": Throw, "theme-persistence": Throw, "loader-timing": Throw,
		"broken-link": Throw, "broken-anchor": Warn, "duplicate-route": Warn,
		"markdown-link": Throw, "markdown-anchor": Warn, "markdown-image": Throw, "unreadable": Warn,
		"external-link": Throw, "external-unreachable": Warn,
	}
}

// fileSchema is every key checks.json may hold: Config's, and the browser
// contract that loadContract reads from the same file.
type fileSchema struct {
	Config
	Browser browser.Contract `json:"browser"`
}

func loadConfig(file string, required bool) (*Config, error) {
	c := &Config{Levels: defaultLevels()}
	raw, err := os.ReadFile(file)
	if os.IsNotExist(err) && !required {
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	var fileCfg Config
	var contract struct {
		Browser browser.Contract `json:"browser"`
	}
	f := &jsonFile{name: file, raw: raw}
	if err := f.decode(fileSchema{}, &fileCfg, &contract); err != nil {
		return nil, err
	}
	for k, v := range fileCfg.Levels {
		if err := c.setLevel(k, string(v)); err != nil {
			return nil, fmt.Errorf("%s: %v", f.pos("levels."+k), err)
		}
	}
	c.CleanURLs, c.SiteURL, c.BaseURL = fileCfg.CleanURLs, fileCfg.SiteURL, fileCfg.BaseURL
	c.Ignore, c.IgnorePaths, c.Markdown = fileCfg.Ignore, fileCfg.IgnorePaths, fileCfg.Markdown
	return c, nil
}

func (c *Config) setLevel(check, level string) error {
	if _, known := c.Levels[check]; !known {
		var ids []string
		for id := range c.Levels {
			ids = append(ids, id)
		}
		if s := suggest(check, ids); s != "" {
			return fmt.Errorf("unknown check %q; did you mean %q?", check, s)
		}
		sort.Strings(ids)
		return fmt.Errorf("unknown check %q; checks are %s", check, strings.Join(ids, ", "))
	}
	switch Level(level) {
	case Ignore, Log, Warn, Throw:
		c.Levels[check] = Level(level)
		return nil
	}
	return fmt.Errorf("level %q for %s: want ignore, log, warn or throw", level, check)
}

// matcher compiles patterns into one "does any match" function.
func matcher(patterns []string) (func(string) bool, error) {
	var res []*regexp.Regexp
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("ignore pattern %q: %v", p, err)
		}
		res = append(res, re)
	}
	return func(href string) bool {
		for _, re := range res {
			if re.MatchString(href) {
				return true
			}
		}
		return false
	}, nil
}

// apply sets each diagnostic's severity from its check's level and drops ignored ones.
func (c *Config) apply(l diag.List) diag.List {
	var out diag.List
	for _, d := range l {
		switch c.Levels[d.Check] {
		case Ignore:
			continue
		case Log:
			d.Severity = diag.Info
		case Warn:
			d.Severity = diag.Warning
		case Throw:
			d.Severity = diag.Error
		}
		out = append(out, d)
	}
	return out
}
