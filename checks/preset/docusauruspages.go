package preset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
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
// root: the built file (relative to site) of each markdown page, by its
// path (relative to the current folder, slash-separated). It fails when
// there is no record, or when the record is of a build under another base
// than the one in site (.docusaurus/ holds the last build's only).
func docusaurusPages(root string) func(site string) (map[string]string, error) {
	return func(site string) (map[string]string, error) {
		base, err := docusaurusBase(site)
		if err != nil {
			return nil, err
		}
		record := filepath.Join(root, ".docusaurus")
		metas, err := docusaurusRecord(record)
		if err != nil {
			return nil, err
		}
		pages := map[string]string{}
		for _, m := range metas {
			rest, ok := strings.CutPrefix(m.Permalink, base)
			if !ok && m.Permalink+"/" != base {
				return nil, fmt.Errorf("%s records a build served under another base than %s/ (%s): build again", record, site, base)
			}
			if built := builtFile(site, rest); built != "" {
				src := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(m.Source, "@site/")))
				pages[filepath.ToSlash(relative(src))] = built
			}
		}
		return pages, nil
	}
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
