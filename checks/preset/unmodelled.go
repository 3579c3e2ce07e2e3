package preset

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// Unmodelled is a generator checks knows by its config file but has no
// preset for: a project of one is named, so that no one takes the rules
// its markdown is judged by (GitHub's) for its generator's.
type Unmodelled struct {
	Name    string
	Configs []string // as a preset's: globs anchored at any folder
	Claims  func(file string, src []byte) bool
}

// Unmodelleds are the generators named, not modelled: Mintlify (mint.json,
// or a docs.json naming its schema) and GitBook (.gitbook.yaml).
var Unmodelleds = []Unmodelled{
	{Name: "mintlify", Configs: []string{"mint.json", "docs.json"},
		Claims: func(file string, src []byte) bool {
			return filepath.Base(file) == "mint.json" || setsValue(file, src, "$schema", "https://mintlify.com/docs.json")
		}},
	{Name: "gitbook", Configs: []string{".gitbook.yaml"}},
}

// OtherConfig is a config file of a generator without a preset.
type OtherConfig struct{ Name, Config string }

// recognise is the generator without a preset whose config rel (under
// root) is, if any.
func recognise(root, rel string) (OtherConfig, bool) {
	for _, u := range Unmodelleds {
		for _, glob := range u.Configs {
			n := strings.Count(glob, "/") + 1
			segs := strings.Split(rel, "/")
			if n > len(segs) {
				continue
			}
			if ok, _ := doublestar.Match(glob, path.Join(segs[len(segs)-n:]...)); !ok {
				continue
			}
			file := filepath.Join(root, filepath.FromSlash(rel))
			src, err := textfile.Read(file, textfile.MaxConfig)
			if err == nil && (u.Claims == nil || u.Claims(file, src)) {
				return OtherConfig{u.Name, file}, true
			}
		}
	}
	return OtherConfig{}, false
}
