package preset

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// A config file's name is often another tool's too (config.toml,
// _config.yml, conf.py, index.html, next.config.js), so a preset claims a
// file by what its parser reads in it: a module the program imports, a key
// the data sets. A file its parser cannot read is claimed when its text
// holds the mark, so that the run says why the file is unreadable rather
// than pass the project by.

// importsModule claims a JavaScript config that imports or requires module.
func importsModule(module string) func(file string, src []byte) bool {
	return func(file string, src []byte) bool {
		_, cfg, err := parseJS(file, src)
		if err != nil {
			return bytes.Contains(src, []byte(module))
		}
		for _, m := range cfg.imported {
			if m.module == module {
				return true
			}
		}
		return false
	}
}

// setsKey reports whether a data config sets one of keys at its top (in
// any case, as Hugo reads its keys).
func setsKey(file string, src []byte, keys ...string) bool {
	doc, err := parseConfig(file, src)
	if err != nil {
		lower := bytes.ToLower(src)
		return slices.ContainsFunc(keys, func(k string) bool { return bytes.Contains(lower, []byte(strings.ToLower(k))) })
	}
	return slices.ContainsFunc(keys, func(k string) bool { _, found := lookup(doc, k); return found })
}

// setsValue reports whether a data config sets key to value.
func setsValue(file string, src []byte, key, value string) bool {
	doc, err := parseConfig(file, src)
	if err != nil {
		return bytes.Contains(src, []byte(value))
	}
	v, _ := lookup(doc, key)
	return v == value
}

// hexoKeys are settings only Hexo's _config.yml has.
var hexoKeys = []string{"public_dir", "source_dir", "new_post_name", "post_asset_folder", "default_layout", "skip_render"}

// isHexo tells Hexo's _config.yml from Jekyll's: a setting only Hexo has,
// or the scaffolds/ folder or the hexo package beside it (a trimmed
// config may have none of the settings).
func isHexo(file string, src []byte) bool {
	if setsKey(file, src, hexoKeys...) {
		return true
	}
	dir := filepath.Dir(file)
	if st, err := os.Stat(filepath.Join(dir, "scaffolds")); err == nil && st.IsDir() {
		return true
	}
	pkg := filepath.Join(dir, "package.json")
	b, err := textfile.Read(pkg, textfile.MaxConfig)
	return err == nil && setsKey(pkg, b, "dependencies.hexo", "devDependencies.hexo")
}
