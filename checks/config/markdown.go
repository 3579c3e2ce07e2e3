package config

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/preset"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// MarkdownOptions are the options of the markdown check by this config's
// rules.
func (c *Config) MarkdownOptions() mdlinks.Options {
	r := c.rules
	r.Base = c.generatorBase // the sources are built under the generator's base
	if c.BaseURL != "" || c.SiteURL != "" {
		r.Base, _ = ParseBase(c.BaseURL, c.SiteURL)
	}
	r.Host = c.sourceRedirects(r.Host, r.Base)
	return mdlinks.Options{Public: c.Markdown.Public, Versions: c.VersionFolders(), Versioned: c.versioned(), Rules: r, Repository: repositories()}
}

// sourceRedirects is the generator's host with the redirects the named
// host applies and the sources hold: a _redirects file in the public
// folder, which the build copies to the site's root, and netlify.toml
// beside the project. A file that does not read as rules is left to the
// links check, which names its line.
func (c *Config) sourceRedirects(h serve.Host, base string) serve.Host {
	profile, _ := serve.Profile(c.Host)
	if profile.ReadsRedirects == nil || c.Markdown.Public == "" {
		return h
	}
	profile.Routes = h.Routes
	withRules, err := profile.WithRedirects(c.Markdown.Public, filepath.ToSlash(filepath.Join(c.Markdown.Public, serve.RedirectsFile)), base)
	if err != nil {
		return h
	}
	if config := withRules.FindConfig(c.Markdown.Public, HostConfigTop()); config != "" {
		if withConfig, err := withRules.WithConfig(config, Relative(config), c.Markdown.Public, base); err == nil {
			withRules = withConfig
		}
	}
	h.ReadsRedirects, h.Redirects = withRules.ReadsRedirects, withRules.Redirects
	return h
}

// excluded reports whether markdown.exclude leaves a file out. Its globs
// are written relative to the folder of checks.json, wherever we run.
func (c *Config) excluded(file string) bool {
	if len(c.Markdown.Exclude) == 0 {
		return false
	}
	root, name := ".", file
	if c.file != "" {
		root = filepath.Dir(c.file)
	}
	if rel, err := relTo(root, file); err == nil {
		name = rel
	}
	return mdlinks.Excluded(c.Markdown.Exclude, name)
}

// relTo is file's path from folder dir, both named from the current folder
// or absolute.
func relTo(dir, file string) (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(wd, p)
	}
	return filepath.Rel(abs(dir), abs(file))
}

// MarkdownIDs is the id style of the markdown the site's pages are built
// from, where the run knows they are (a preset in force, or the build's
// own routes.json naming each page's source); else none.
func (c *Config) MarkdownIDs() mdscan.IDStyle {
	if c.preset == nil && c.Routes == "" {
		return mdscan.IDStyle{}
	}
	return c.rules.HeadingIDs()
}

// MarkdownOutputs maps a markdown page (a clean, slash-separated name) to
// the files of the site it may be built as: by the preset's layout, or by
// the record the build of site left where the preset knows no output names
// (Docusaurus's come from doc ids and slugs: its .docusaurus/ folder), or,
// with no generator named or found, each markdown folder built at the
// site's root under either usual page name. It is nil, with an error
// saying why where there is one, when none of these knows.
func (c *Config) MarkdownOutputs(site string) (func(file string) []string, error) {
	switch {
	case c.preset != nil && c.rules.Output == nil:
		if c.pages == nil || site == "" {
			return nil, nil
		}
		pages, err := c.pages(site)
		if err != nil {
			return nil, err
		}
		return func(file string) []string { return pages[file] }, nil
	case c.preset != nil:
		rules := c.rules.Resolved()
		return func(file string) []string {
			if b, ok := rules.Built(file); ok {
				return []string{b}
			}
			return nil
		}, nil
	}
	var dirs []string
	for _, p := range c.Markdown.Paths {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			dirs = append(dirs, filepath.Clean(p))
		}
	}
	return func(file string) []string {
		for _, d := range dirs {
			if rel, err := filepath.Rel(d, file); err == nil && !strings.HasPrefix(rel, "..") {
				return preset.Outputs(filepath.ToSlash(rel))
			}
		}
		return nil
	}, nil
}

// NoMarkdown says why there is no markdown to check; "" when there is.
func (c *Config) NoMarkdown() string {
	if c.noPresetMarkdown != "" {
		return c.noPresetMarkdown
	}
	if len(c.Markdown.Paths) > 0 {
		return ""
	}
	if c.file == "" {
		return "no markdown.paths: no " + Name + " here or at the git root"
	}
	return "no markdown.paths in " + c.file
}

// NoPresetMarkdown says why the preset in force found no markdown folder
// ("" when it did, or none is in force).
func (c *Config) NoPresetMarkdown() string { return c.noPresetMarkdown }

// HasProjects reports whether docs projects were found (no preset named).
func (c *Config) HasProjects() bool { return c.set.found != nil }

// NoBrowser says why the browser checks do not apply to the site in dir;
// "" when they do.
func (c *Config) NoBrowser(dir string) string {
	if _, err := c.BrowserContract(dir); err != nil {
		return err.Error()
	}
	return ""
}

// ParseBase is the base URL given, else the path of the site's URL. A
// base URL is a path: a full URL there (the site's own, pasted) is
// refused, not read as a folder named https:.
func ParseBase(base, siteURL string) (string, error) {
	if base != "" {
		if u, err := url.Parse(base); err != nil || u.Scheme != "" || u.Host != "" || u.RawQuery != "" || u.Fragment != "" {
			return "", fmt.Errorf("base URL %q: want the path the site is served under, such as /repo/ (the site's full URL is --site-url, siteUrl in checks.json)", base)
		}
		if slices.ContainsFunc(strings.Split(base, "/"), func(s string) bool { return s == "." || s == ".." }) {
			return "", fmt.Errorf("base URL %q: want the path the site is served under, such as /repo/, without . or .. in it", base)
		}
		return links.NormalizeBase(base), nil
	}
	if siteURL == "" {
		return "", nil
	}
	// http or https only: the report links pages at it, and a javascript:
	// URL there would be a script.
	u, err := url.Parse(siteURL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("site URL %q: want an absolute http(s) URL such as https://docs.example.com/", siteURL)
	}
	return links.NormalizeBase(u.Path), nil
}

// IsDir says, when dir is no folder, so in words.
func IsDir(dir string) error {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}

// File is where the config was read from; "" for none.
func (c *Config) File() string { return c.file }

// Notes say which preset is in force and why, for stderr.
func (c *Config) Notes() []string { return c.notes }

// Generator is the preset in force; nil for none (projects found, or
// none known).
func (c *Config) Generator() *preset.Preset { return c.preset }

// Rules are the link and heading rules of the preset in force.
func (c *Config) Rules() mdlinks.Rules { return c.rules }

// ScriptFragment reports whether a page's own script handles a fragment
// (scriptFragments); nil when none are configured.
func (c *Config) ScriptFragment() func(page, fragment string) bool { return c.scriptFragment }
