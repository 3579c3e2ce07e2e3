package preset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	toml "github.com/pelletier/go-toml/v2"
	yaml "go.yaml.in/yaml/v3"
)

// A config file in a data language (YAML, TOML, JSON) is read by that
// language's parser, so that a setting is the value at its key and its
// nesting, not the first line that looks like it. A program is read by its
// language's parser too, without running it: a conf.py's top-level
// literals (python.go), a JavaScript or TypeScript config's exported
// object (jsconfig.go), into the same doc.

// computedValue stands for a value the file does not hold as a literal:
// a YAML node with a tag the generator resolves when it runs (MkDocs's
// !ENV, !!python/name:…), kept with its tag and what it holds for the
// presets that know the tag; in a JavaScript config a call, tagged with
// its callee and holding its arguments, or another expression, tagged ""
// and holding its text (jsconfig.go).
type computedValue struct {
	tag   string
	value any
}

// isDataConfig reports whether a config is read by parseConfig: a data
// format's, or for a conf.py the literals of its top level (python.go).
func isDataConfig(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yml", ".yaml", ".toml", ".json", ".py":
		return true
	}
	return false
}

// configError is why a data config could not be read, at its line (0
// when the parser does not say).
type configError struct {
	line int
	msg  string
}

func (e configError) Error() string { return e.msg }

// at names the error's place in the file: "mkdocs.yml:4: …".
func (e configError) at(file string) string {
	if e.line > 0 {
		return fmt.Sprintf("%s:%d: %s", file, e.line, e.msg)
	}
	return fmt.Sprintf("%s: %s", file, e.msg)
}

// yamlLine is where yaml.v3 says its error is.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// parseConfig reads a data config into maps ([string]any), lists
// ([]any), strings and computedValue (a JavaScript config's doc also has
// bools, int64 and float64: parseJS). The error is a configError.
func parseConfig(name string, src []byte) (any, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".py":
		return parsePython(src)
	case ".toml":
		var v map[string]any
		if err := toml.Unmarshal(src, &v); err != nil {
			var de *toml.DecodeError
			if errors.As(err, &de) {
				row, _ := de.Position()
				return nil, configError{row, strings.TrimPrefix(de.Error(), "toml: ")}
			}
			return nil, configError{0, err.Error()}
		}
		return v, nil
	case ".json":
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				return nil, configError{1 + bytes.Count(src[:min(int(se.Offset), len(src))], []byte("\n")), se.Error()}
			}
			return nil, configError{0, err.Error()}
		}
		return v, nil
	}
	var n yaml.Node
	if err := yaml.Unmarshal(src, &n); err != nil {
		msg := err.Error()
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			return nil, configError{line, msg[len(m[0]):]}
		}
		return nil, configError{0, strings.TrimPrefix(msg, "yaml: ")}
	}
	return yamlValue(&n, 0), nil
}

// yamlValue turns a node into maps, lists and strings; a scalar with a tag
// YAML does not define is computed.
func yamlValue(n *yaml.Node, depth int) any {
	if depth > 64 { // an alias cycle, or a nesting no config has
		return computedValue{}
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return yamlValue(n.Content[0], depth+1)
	case yaml.AliasNode:
		return yamlValue(n.Alias, depth+1)
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = yamlValue(n.Content[i+1], depth+1)
		}
		return tagged(n, m)
	case yaml.SequenceNode:
		var l []any
		for _, c := range n.Content {
			l = append(l, yamlValue(c, depth+1))
		}
		return tagged(n, l)
	}
	switch n.Tag {
	case "!!str", "!!int", "!!float", "!!bool", "!!timestamp", "!!binary":
		return n.Value
	case "!!null":
		return nil
	}
	return computedValue{n.Tag, n.Value}
}

// tagged keeps a collection YAML reads as itself, and one with a tag of
// the generator's (!!python/object/apply:…) as computed.
func tagged(n *yaml.Node, v any) any {
	switch n.Tag {
	case "", "!!map", "!!seq", "!!omap", "!!set", "!!pairs":
		return v
	}
	return computedValue{n.Tag, v}
}

// lookup is the value at a dotted key path ("theme.name"), each key
// matched regardless of case (Hugo's keys are; the others' are lower
// case anyway).
func lookup(doc any, key string) (any, bool) {
	v := doc
	for _, k := range strings.Split(key, ".") {
		if l, ok := v.([]any); ok { // a list's item by its index: module.mounts.0.source
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(l) {
				return nil, false
			}
			v = l[i]
			continue
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		mv, found := m[k]
		for mk, other := range m {
			if !found && strings.EqualFold(mk, k) {
				mv, found = other, true
			}
		}
		if !found {
			return nil, false
		}
		v = mv
	}
	return v, true
}

// computedAbove reports whether a key path runs through a value the
// config computes (build.format where build: makeBuild()): the key may be
// set there.
func computedAbove(doc any, key string) bool {
	keys := strings.Split(key, ".")
	for i := 1; i < len(keys); i++ {
		if v, _ := lookup(doc, strings.Join(keys[:i], ".")); v != nil {
			if _, computed := v.(computedValue); computed {
				return true
			}
		}
	}
	return false
}

// lookupMap and lookupList are the map or list at a dotted key path.
func lookupMap(doc any, key string) (map[string]any, bool) {
	v, _ := lookup(doc, key)
	m, ok := v.(map[string]any)
	return m, ok
}

func lookupList(doc any, key string) ([]any, bool) {
	v, _ := lookup(doc, key)
	l, ok := v.([]any)
	return l, ok
}

// scalar is a value as Value gives it: a string, number or boolean as
// written; "" for a map, a list or nothing. computed is true for a value
// the file does not hold.
func scalar(v any) (s string, computed bool) {
	switch v := v.(type) {
	case string:
		return v, false
	case bool:
		return strconv.FormatBool(v), false
	case int64:
		return strconv.FormatInt(v, 10), false
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), false
	case computedValue:
		return "", true
	}
	return "", false
}

// Strings are the strings of the list at a dotted key path (srcExclude). A
// list the config computes, or one holding an entry it computes, is read
// as unset, its key Unread.
func (g Generator) Strings(key string) []string {
	v, _ := lookup(g.doc, key)
	if _, computed := v.(computedValue); computed {
		g.computed(key)
		return nil
	}
	list, _ := v.([]any)
	var out []string
	for _, e := range list {
		s, computed := scalar(e)
		if computed {
			g.computed(key)
			return nil
		}
		out = append(out, s)
	}
	return out
}

// Pairs are the entries of the object at a dotted key path whose values
// are strings, in the config's order (VitePress's rewrites, Docsify's
// alias): what the generator tries in turn. An object the config computes
// (a function), or an entry it computes, is noted with unread, what the
// preset takes instead.
func (g Generator) Pairs(key, unread string) [][2]string {
	v, ok := lookup(g.doc, key)
	if !ok || v == nil {
		return nil
	}
	m, isMap := v.(map[string]any)
	if !isMap {
		g.note("%s is computed, which checks does not run: %s", key, unread)
		return nil
	}
	if spread, ok := m[jsSpread].([]any); ok {
		g.note("%s spreads %s, which checks does not read: an entry made there is not known", key, exported(computedValue{"", spread}))
	}
	var out [][2]string
	for _, k := range jsObjectKeys(m) {
		s, isString := m[k].(string)
		if !isString {
			g.note("%s %q is computed, which checks does not run: it is not read", key, k)
			continue
		}
		out = append(out, [2]string{k, s})
	}
	return out
}

// Folder is a folder a JavaScript config names at a dotted key path: a
// string, or one joined to the config's own folder as templates write it
// (path.join(__dirname, 'docs'), path.resolve(import.meta.dirname, …)).
// Any other value is read as unset, its key Unread.
func (g Generator) Folder(key string) string {
	v, _ := lookup(g.doc, key)
	c, ok := v.(computedValue)
	if !ok {
		s, _ := scalar(v)
		return s
	}
	args, _ := c.value.([]any)
	if (c.tag == "path.join" || c.tag == "path.resolve") && len(args) > 1 {
		if here, ok := args[0].(computedValue); ok && (here.value == "__dirname" || here.value == "import.meta.dirname") {
			parts := []string{g.Dir()}
			for _, a := range args[1:] {
				s, isString := a.(string)
				if !isString {
					return g.computed(key)
				}
				parts = append(parts, s)
			}
			return filepath.Join(parts...)
		}
	}
	return g.computed(key)
}
