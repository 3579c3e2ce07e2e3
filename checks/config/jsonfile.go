package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/editdist"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// jsonFile decodes a config file strictly: a key the schema does not know is
// an error (a misspelt key silently ignored is a setting that never applies),
// and every error names file:line:col in words, not Go types.
type jsonFile struct {
	name string
	raw  []byte
	at   map[string]int // offset of each key and each value, by dotted path ("markdown.paths")
}

// decode checks the file's keys against schema (a struct value), then
// decodes it into each target.
func (f *jsonFile) decode(schema any, targets ...any) error {
	var syn *json.SyntaxError
	if err := json.Unmarshal(f.raw, new(any)); errors.As(err, &syn) {
		return f.errorAt(int(syn.Offset)-1, "invalid JSON: "+syntaxWords(syn.Error()))
	}
	f.at = map[string]int{}
	dec := json.NewDecoder(bytes.NewReader(f.raw))
	if err := f.walk(dec, reflect.TypeOf(schema), "", ""); err != nil {
		return err
	}
	for _, v := range targets {
		var typ *json.UnmarshalTypeError
		if err := json.Unmarshal(f.raw, v); errors.As(err, &typ) {
			return f.typeError(typ)
		} else if err != nil {
			return fmt.Errorf("%s: %v", f.name, err)
		}
	}
	return nil
}

func (f *jsonFile) typeError(typ *json.UnmarshalTypeError) error {
	want, got := typeWords(typ.Type), valueWords(typ.Value)
	off, ok := f.at[typ.Field]
	switch {
	case typ.Field == "":
		return f.errorAt(0, fmt.Sprintf("the file must hold an object ({…}), not %s", got))
	case !ok:
		return f.errorAt(f.valueStart(int(typ.Offset)), fmt.Sprintf("%q must be %s, not %s", typ.Field, want, got))
	case f.raw[off] == '{' && typ.Value != "object" && typ.Type.Kind() != reflect.Map && typ.Type.Kind() != reflect.Struct:
		// encoding/json names the object, not its entry: point at the entry.
		return f.errorAt(f.valueStart(int(typ.Offset)), fmt.Sprintf("each value in %q must be %s, not %s", typ.Field, want, got))
	case f.raw[off] == '[' && typ.Value != "array" && typ.Type.Kind() != reflect.Slice:
		return f.errorAt(f.valueStart(int(typ.Offset)), fmt.Sprintf("each item of %q must be %s, not %s", typ.Field, want, got))
	}
	return f.errorAt(off, fmt.Sprintf("%q must be %s, not %s", typ.Field, want, got))
}

// valueStart finds the start of the scalar that ends at end.
func (f *jsonFile) valueStart(end int) int {
	i := min(end, len(f.raw)) - 1
	if i >= 0 && f.raw[i] == '"' {
		for i--; i > 0 && (f.raw[i] != '"' || f.raw[i-1] == '\\'); i-- {
		}
		return i
	}
	for i >= 0 && strings.IndexByte("0123456789+-.eEtruefalsn", f.raw[i]) >= 0 {
		i--
	}
	return i + 1
}

// walk reads one value and checks its keys against t (nil: anything goes).
//
// path names keys ("versions.links"), item their place with the indexes of
// the items they are in ("versions[0].links"): an item starts at
// f.at["versions[0].links[1]"].
func (f *jsonFile) walk(dec *json.Decoder, t reflect.Type, path, item string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		err = f.walkObject(dec, t, path, item)
	case json.Delim('['):
		err = f.walkArray(dec, t, path, item)
	default:
		return nil
	}
	if err != nil {
		return err
	}
	_, err = dec.Token() // '}' or ']'
	return err
}

// walkObject reads the entries of an object whose '{' is read, each key
// checked against t's fields (a struct), or its value against t's
// values (a map).
func (f *jsonFile) walkObject(dec *json.Decoder, t reflect.Type, path, item string) error {
	var fields map[string]reflect.Type
	var elem reflect.Type
	switch {
	case t != nil && t.Kind() == reflect.Struct:
		fields = jsonFields(t)
	case t != nil && t.Kind() == reflect.Map:
		elem = t.Elem()
	}
	seen := map[string]int{} // this object's keys, where each is
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key := tok.(string)
		keyStart, err := f.placeKey(dec, key, path, item, seen)
		if err != nil {
			return err
		}
		next := elem
		if fields != nil {
			ft, known := fields[key]
			if !known {
				return f.errorAt(keyStart, unknownKey(key, path, fields))
			}
			next = ft
		}
		sub := strings.TrimPrefix(path+"."+key, ".")
		if err := f.walk(dec, next, sub, strings.TrimPrefix(item+"."+key, ".")); err != nil {
			return err
		}
	}
	return nil
}

// placeKey records where a key just read and its value start, and refuses
// a key its object has already.
func (f *jsonFile) placeKey(dec *json.Decoder, key, path, item string, seen map[string]int) (int, error) {
	keyEnd := int(dec.InputOffset())
	keyStart := bytes.LastIndexByte(f.raw[:keyEnd-1], '"')
	sub := strings.TrimPrefix(path+"."+key, ".")
	if first, twice := seen[key]; twice {
		// encoding/json keeps the last: one of the two settings would silently not apply.
		line, col := textfile.LineCol(f.raw, first)
		return 0, f.errorAt(keyStart, fmt.Sprintf("%q is set twice in this object (first at line %d, column %d): keep one", key, line, col))
	}
	seen[key] = keyStart
	f.at[sub+" (key)"] = keyStart
	f.at[sub] = keyEnd + bytes.IndexFunc(f.raw[keyEnd:], func(r rune) bool { return !strings.ContainsRune(" \t\r\n:", r) })
	if itemKey := strings.TrimPrefix(item+"."+key, "."); itemKey != sub { // in an item: "versions[1].urls./docs/"
		f.at[itemKey+" (key)"], f.at[itemKey] = keyStart, f.at[sub]
	}
	return keyStart, nil
}

// walkArray reads the items of a list whose '[' is read, recording where
// each starts, for errors found after decoding.
func (f *jsonFile) walkArray(dec *json.Decoder, t reflect.Type, path, item string) error {
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	for i := 0; dec.More(); i++ {
		off := int(dec.InputOffset())
		at := fmt.Sprintf("%s[%d]", item, i)
		f.at[at] = off + bytes.IndexFunc(f.raw[off:], func(r rune) bool { return !strings.ContainsRune(" \t\r\n,", r) })
		if err := f.walk(dec, elem, path, at); err != nil {
			return err
		}
	}
	return nil
}

// jsonFields maps the keys a struct accepts to their types (exact case:
// encoding/json would also take "Levels" for "levels", but no one means to).
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		switch {
		case name == "-" || !sf.IsExported() && !sf.Anonymous:
		case sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct:
			for k, v := range jsonFields(sf.Type) {
				out[k] = v
			}
		case name == "":
			out[sf.Name] = sf.Type
		default:
			out[name] = sf.Type
		}
	}
	return out
}

func unknownKey(key, in string, fields map[string]reflect.Type) string {
	var known []string
	for k := range fields {
		known = append(known, k)
	}
	where := ""
	if in != "" {
		where = fmt.Sprintf(" in %q", in)
	}
	if s := editdist.Closest(key, known); s != "" {
		return fmt.Sprintf("unknown key %q%s; did you mean %q?", key, where, s)
	}
	sort.Strings(known)
	return fmt.Sprintf("unknown key %q%s; known keys: %s", key, where, strings.Join(known, ", "))
}

// errorAt names the file, line and column of a byte offset.
func (f *jsonFile) errorAt(off int, msg string) error {
	line, col := textfile.LineCol(f.raw, off)
	return fmt.Errorf("%s:%d:%d: %s", f.name, line, col, msg)
}

// pos is "file:line:col" of a key, for errors found after decoding.
func (f *jsonFile) pos(path string) string {
	off, ok := f.at[path+" (key)"]
	if !ok {
		return f.name
	}
	return strings.TrimSuffix(f.errorAt(off, "").Error(), ": ")
}

var syntaxRules = []struct {
	re    *regexp.Regexp
	words string
}{
	{regexp.MustCompile(`^unexpected end of JSON input$`), "the file ends before the JSON does (a missing } or ]?)"},
	{regexp.MustCompile(`^invalid character (.+) looking for beginning of object key string$`), "expected a key in double quotes, found $1 (a comma after the last entry?)"},
	{regexp.MustCompile(`^invalid character (.+) after object key:value pair$`), "expected , or } after a value, found $1"},
	{regexp.MustCompile(`^invalid character (.+) after object key$`), "expected : after a key, found $1"},
	{regexp.MustCompile(`^invalid character (.+) after array element$`), "expected , or ] after a list item, found $1"},
	{regexp.MustCompile(`^invalid character (.+) looking for beginning of value$`), "expected a value, found $1 (strings take double quotes)"},
	{regexp.MustCompile(`^invalid character (.+) in string literal$`), "a control character inside a string (write \\n or \\t)"},
	{regexp.MustCompile(`^invalid character (.+) after top-level value$`), "more text after the end of the JSON: $1"},
}

func syntaxWords(msg string) string {
	for _, r := range syntaxRules {
		if r.re.MatchString(msg) {
			return r.re.ReplaceAllString(msg, r.words)
		}
	}
	return msg
}

// typeWords says what a Go type accepts, in JSON's words.
func typeWords(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return typeWords(t.Elem())
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(typeWords(t.Elem()), "a "), "an ") + "s"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint, reflect.Uint64, reflect.Uint32:
		return "a whole number"
	case reflect.Float64, reflect.Float32:
		return "a number"
	}
	return "something else"
}

func valueWords(v string) string {
	switch {
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	case v == "bool":
		return "true or false"
	case v == "null":
		return "null"
	case strings.HasPrefix(v, "number"):
		return "a " + v
	}
	return "a " + v
}
