package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// keySince is the release that introduced each key of checks.json (dotted
// for nested objects). A key added to Config must be added here with the
// release it ships in (TestKeySince fails until it is).
//
// It lets a checks.json say which checks it needs: "requires": "v1.4.0".
// A binary older than that stops at once and names the release to upgrade
// to, instead of reporting the newer keys as misspelt; a newer binary
// holds "requires" to the keys the file uses, so it is never too low.
var keySince = map[string]string{}

func init() {
	for _, key := range schemaKeys(reflect.TypeOf(Config{}), "") {
		keySince[key] = "v1.3.0" // the first release: every key it has
	}
}

// schemaKeys lists the dotted keys of a struct type, nested structs included.
func schemaKeys(t reflect.Type, prefix string) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	var keys []string
	for key, ft := range jsonFields(t) {
		keys = append(keys, prefix+key)
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct {
			keys = append(keys, schemaKeys(ft, prefix+key+".")...)
		}
	}
	return keys
}

// IsRelease reports whether v names a release: vMAJOR.MINOR.PATCH.
func IsRelease(v string) bool {
	_, ok := semver(v)
	return ok
}

// semver reads vMAJOR.MINOR.PATCH (a -pre or +build tail is ignored).
func semver(v string) ([3]int, bool) {
	var n [3]int
	core, ok := strings.CutPrefix(v, "v")
	if !ok {
		return n, false
	}
	core, _, _ = strings.Cut(core, "-")
	core, _, _ = strings.Cut(core, "+")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return n, false
	}
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 {
			return n, false
		}
		n[i] = x
	}
	return n, true
}

func semverLess(a, b string) bool {
	x, _ := semver(a)
	y, _ := semver(b)
	for i := range x {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return false
}

// checkRequires reads "requires" before the rest of the file: a release
// newer than this binary stops here, naming it; then (once the keys are
// known) no key may be newer than "requires" says.
func (f *jsonFile) checkRequires(requires, running string) error {
	if requires == "" {
		return nil
	}
	if _, ok := semver(requires); !ok {
		return f.errorAt(f.at["requires (key)"], fmt.Sprintf("\"requires\" must be a release of checks such as \"v1.3.0\", not %q", requires))
	}
	if running != "" && semverLess(running, requires) {
		return f.errorAt(f.at["requires (key)"], fmt.Sprintf("this checks.json requires checks %s or later, and this is checks %s: upgrade checks (CHANGELOG.md says what each release added)", requires, running))
	}
	return nil
}

// checkRequiresFirst reads "requires" before the keys: a newer file's
// keys are not misspelt, they are a reason to upgrade.
func (f *jsonFile) checkRequiresFirst(running string) error {
	var head struct{ Requires any }
	if json.Unmarshal(f.raw, &head) != nil {
		return nil // the decoding says what is wrong
	}
	req, ok := head.Requires.(string)
	if !ok {
		return nil
	}
	f.at = map[string]int{"requires (key)": bytes.Index(f.raw, []byte(`"requires"`))}
	return f.checkRequires(req, running)
}

// checkKeysSince holds "requires" to the keys the file uses.
func (f *jsonFile) checkKeysSince(requires string) error {
	if requires == "" {
		return nil
	}
	for _, path := range slices.Sorted(maps.Keys(keySince)) {
		since := keySince[path]
		if off, used := f.at[path+" (key)"]; used && semverLess(requires, since) {
			return f.errorAt(off, fmt.Sprintf("%q came in checks %s, but \"requires\" says %s: raise \"requires\" to %s, so an older checks names the release to upgrade to", path, since, requires, since))
		}
	}
	return nil
}
