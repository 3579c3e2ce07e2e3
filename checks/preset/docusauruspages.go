package preset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// Docusaurus names a page's route by its doc id, slug and number prefixes,
// which the gate does not compute; but each build records, for every page
// of its content plugins, the markdown it came from and its URL, in the
// site's .docusaurus/ folder (one JSON file a page, with "source":
// "@site/docs/intro.md" and "permalink": "/base/docs/intro"). checks all
// reads that record to place a built page's problem at its markdown line.

// docusaurusMeta is what a page's record holds that the gate reads.
type docusaurusMeta struct {
	Source    string `json:"source"`
	Permalink string `json:"permalink"`
}

// docusaurusPages reads the record of the last build of the project at
// root: the built files (relative to site) of each markdown page, by its
// path (relative to the current folder, slash-separated). It fails when
// there is no record, or when the record is of a build under another base
// than the one in site (.docusaurus/ holds the last build's only).
//
// A site in several locales is built once a locale, the default first,
// each build writing its records over the last's: a page no locale
// translates is then recorded at its URL in the last locale only, though
// the default locale (and that one) built it from the same markdown. Its
// built file in the default locale is added from the locales' base URLs
// (.docusaurus/i18n.json). A translated page's own record names its
// translation.
func docusaurusPages(root string) func(site string) (map[string][]string, error) {
	return func(site string) (map[string][]string, error) {
		base, err := docusaurusBase(site)
		if err != nil {
			return nil, err
		}
		record := filepath.Join(root, ".docusaurus")
		metas, err := docusaurusRecord(record)
		if err != nil {
			return nil, err
		}
		locales := docusaurusLocales(record, base)
		pages := map[string][]string{}
		for _, m := range metas {
			rest, ok := strings.CutPrefix(m.Permalink, base)
			if !ok && m.Permalink+"/" != base {
				return nil, fmt.Errorf("%s records a build served under another base than %s/ (%s): build again", record, site, base)
			}
			src := filepath.ToSlash(relative(filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(m.Source, "@site/")))))
			for _, r := range locales.builds(rest, m.Source) {
				if built := builtFile(site, r); built != "" && !slices.Contains(pages[src], built) {
					pages[src] = append(pages[src], built)
				}
			}
		}
		return pages, nil
	}
}

// docusaurusI18n is what .docusaurus/i18n.json says of the locales: the
// folder of translations, and each locale's path under the site's base
// ("" for the default locale, "fr/" for French).
type docusaurusI18n struct {
	dir       string
	defaultAt string
	localeAt  []string
}

// docusaurusLocales reads the locales of the last build; none when the
// site has one locale or the record says nothing of them.
func docusaurusLocales(record, base string) docusaurusI18n {
	src, err := textfile.Read(filepath.Join(record, "i18n.json"), textfile.MaxConfig)
	if err != nil {
		return docusaurusI18n{}
	}
	var f struct {
		DefaultLocale string `json:"defaultLocale"`
		Path          string `json:"path"`
		LocaleConfigs map[string]struct {
			BaseURL string `json:"baseUrl"`
		} `json:"localeConfigs"`
	}
	if json.Unmarshal(src, &f) != nil || len(f.LocaleConfigs) < 2 {
		return docusaurusI18n{}
	}
	def, ok := f.LocaleConfigs[f.DefaultLocale]
	if !ok {
		return docusaurusI18n{}
	}
	l := docusaurusI18n{dir: firstNonEmpty(f.Path, "i18n")}
	l.defaultAt, _ = strings.CutPrefix(def.BaseURL, base)
	for _, c := range f.LocaleConfigs {
		if at, ok := strings.CutPrefix(c.BaseURL, base); ok && at != l.defaultAt {
			l.localeAt = append(l.localeAt, at)
		}
	}
	return l
}

// builds are the URL paths (under the site's base) a recorded page is
// built at: its own, and, for a page of another locale than the default
// built from the untranslated markdown, the default locale's.
func (l docusaurusI18n) builds(rest, source string) []string {
	out := []string{rest}
	if strings.HasPrefix(source, "@site/"+l.dir+"/") {
		return out // a translation: built in its locale only
	}
	for _, at := range l.localeAt {
		if in, ok := strings.CutPrefix(rest, at); ok {
			return append(out, l.defaultAt+in)
		}
	}
	return out
}

// docusaurusRecord reads the page records of a .docusaurus folder: the
// JSON files of its content plugins that name a source.
func docusaurusRecord(dir string) ([]docusaurusMeta, error) {
	var out []docusaurusMeta
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == dir {
				return fmt.Errorf("no %s, where Docusaurus records which page each markdown file built: build the site here", dir)
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") || !strings.HasPrefix(filepath.Base(p), "site-") {
			return nil
		}
		src, err := textfile.Read(p, textfile.MaxConfig)
		if err != nil {
			return err
		}
		var m docusaurusMeta
		if json.Unmarshal(src, &m) == nil && strings.HasPrefix(m.Source, "@site/") && strings.HasPrefix(m.Permalink, "/") {
			out = append(out, m)
		}
		return nil
	})
	return out, err
}

// builtFile is the file of site, relative to it, that answers the URL path
// rest (taken off the base): a folder's index.html, or rest.html; "" for
// none.
func builtFile(site, rest string) string {
	rest = strings.Trim(rest, "/")
	for _, f := range []string{path.Join(rest, "index.html"), rest + ".html"} {
		if st, err := os.Stat(filepath.Join(site, filepath.FromSlash(f))); err == nil && !st.IsDir() {
			return f
		}
	}
	return ""
}
