package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/preset"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// schemaFile is the JSON Schema of checks.json: the one owner of each key's
// description, type, allowed values and default. Editors read it through a
// file's "$schema"; docs/configuration.md is made from it.
const schemaFile = "../../checks.schema.json"

// schemaNode is one schema of checks.schema.json, its properties in the
// order they are written (the order of the reference page).
type schemaNode struct {
	Type        string                 `json:"type"`
	Description string                 `json:"description"`
	Ref         string                 `json:"$ref"`
	Enum        []string               `json:"enum"`
	Default     json.RawMessage        `json:"default"`
	Examples    []json.RawMessage      `json:"examples"`
	Required    []string               `json:"required"`
	MinItems    int                    `json:"minItems"`
	OneOf       []schemaNode           `json:"oneOf"`
	Items       *schemaNode            `json:"items"`
	Properties  schemaProps            `json:"properties"`
	Defs        map[string]*schemaNode `json:"-"`
}

type schemaProp struct {
	Name string
	Node *schemaNode
}

type schemaProps []schemaProp

func (p *schemaProps) UnmarshalJSON(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // '{'
		return err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		n := new(schemaNode)
		if err := dec.Decode(n); err != nil {
			return err
		}
		*p = append(*p, schemaProp{key.(string), n})
	}
	return nil
}

// prop is the property of that name (nil for none).
func (n *schemaNode) prop(name string) *schemaNode {
	for _, p := range n.Properties {
		if p.Name == name {
			return p.Node
		}
	}
	return nil
}

// loadSchema reads the schema, its $refs resolved (each points into
// $defs), and compiles it, which holds it to the 2020-12 meta-schema.
func loadSchema(t *testing.T) (*schemaNode, *jsonschema.Schema) {
	t.Helper()
	raw, err := os.ReadFile(schemaFile)
	require.NoError(t, err)
	var root struct {
		schemaNode
		Defs map[string]*schemaNode `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(raw, &root))
	var resolve func(n *schemaNode)
	resolve = func(n *schemaNode) {
		if name, ok := strings.CutPrefix(n.Ref, "#/$defs/"); ok {
			require.Contains(t, root.Defs, name, "$ref %s", n.Ref)
			d := root.Defs[name]
			n.Type, n.Enum = d.Type, d.Enum
		}
		if n.Items != nil {
			resolve(n.Items)
		}
		for _, p := range n.Properties {
			resolve(p.Node)
		}
	}
	resolve(&root.schemaNode)
	root.schemaNode.Defs = root.Defs

	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource("checks.schema.json", doc))
	compiled, err := c.Compile("checks.schema.json")
	require.NoError(t, err, "%s is no valid JSON Schema", schemaFile)
	return &root.schemaNode, compiled
}

// dottedKeys are the keys of n as schemaKeys names Config's: nested
// objects and the objects in lists joined by dots; the check ids under
// levels are the registry's, held by TestSchemaLevels.
func dottedKeys(n *schemaNode, prefix string) []string {
	var keys []string
	for _, p := range n.Properties {
		key := prefix + p.Name
		keys = append(keys, key)
		if key == "levels" {
			continue
		}
		sub := p.Node
		for sub.Items != nil {
			sub = sub.Items
		}
		keys = append(keys, dottedKeys(sub, key+".")...)
	}
	return keys
}

// The schema has every key checks.json may hold, and no other: a key added
// to Config (or to a struct in it) fails here until the schema describes it.
func TestSchemaKeys(t *testing.T) {
	root, _ := loadSchema(t)
	want := schemaKeys(reflect.TypeOf(Config{}), "")
	slices.Sort(want)
	got := dottedKeys(root, "")
	slices.Sort(got)
	assert.Equal(t, want, got, "the keys of %s differ from the keys checks.json is decoded into: describe each key there, "+
		"then go test ./checks/config -run TestConfigReference -update-reference", schemaFile)
}

// levels names every check, in the registry's order, at its default level;
// a level is one of the registry's.
func TestSchemaLevels(t *testing.T) {
	root, _ := loadSchema(t)
	var ids []string
	for _, p := range root.prop("levels").Properties {
		ids = append(ids, p.Name)
		c, _ := registry.Lookup(p.Name)
		assert.JSONEq(t, fmt.Sprintf("%q", c.Level), string(p.Node.Default), "default level of %s", p.Name)
	}
	assert.Equal(t, registry.IDs(registry.All), ids, "levels in %s", schemaFile)
	var levels []string
	for _, l := range registry.Levels {
		levels = append(levels, string(l))
	}
	assert.Equal(t, levels, root.Defs["level"].Enum)
}

// The values a key takes are the code's lists.
func TestSchemaEnums(t *testing.T) {
	root, _ := loadSchema(t)
	assert.Equal(t, serve.ProfileNames(), root.prop("host").Enum, "host")
	assert.JSONEq(t, `"default"`, string(root.prop("host").Default))
	assert.Equal(t, serve.Default, mustProfile(t, "default"), "the default host")
	assert.Equal(t, preset.Names(), root.prop("preset").Enum, "preset")
}

func mustProfile(t *testing.T, name string) serve.Host {
	h, ok := serve.Profile(name)
	require.True(t, ok, name)
	return h
}

// The defaults the schema states are the ones the code applies: the
// browser contract's, and the crawl's (CrawlDefault, the flags' defaults).
func TestSchemaDefaults(t *testing.T) {
	root, _ := loadSchema(t)
	raw, err := json.Marshal(browser.DefaultContract())
	require.NoError(t, err)
	var contract map[string]any
	require.NoError(t, json.Unmarshal(raw, &contract))
	for _, p := range root.prop("browser").Properties {
		want, err := json.Marshal(contract[p.Name])
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(p.Node.Default), "browser.%s", p.Name)
	}

	d := CrawlDefault
	code := map[string]string{"sample": fmt.Sprint(d.Sample), "tabs": fmt.Sprint(d.Tabs), "pageTimeout": d.PageTimeout.String(), "quiet": d.Quiet.String()}
	for _, p := range root.prop("crawl").Properties {
		want, ok := code[p.Name]
		require.True(t, ok, "crawl.%s: what is its default in CrawlDefault?", p.Name)
		var def any
		require.NoError(t, json.Unmarshal(p.Node.Default, &def))
		assert.Equal(t, want, fmt.Sprint(def), "crawl.%s", p.Name)
	}
}

// readConfig is what checks says of a checks.json: nil when it takes it.
// It runs in the current directory, holding nothing but the file.
func readConfig(t *testing.T, doc []byte) error {
	t.Helper()
	require.NoError(t, os.WriteFile("checks.json", doc, 0o644))
	_, err := Load(Source{File: "checks.json", Files: func(string) []string { return nil }})
	return err
}

// schemaErrors are the places in the instance (JSON pointers, "" for the
// whole file) the schema finds fault with, and whether it parsed.
func schemaErrors(s *jsonschema.Schema, doc []byte) ([]string, bool) {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, false
	}
	var places []string
	var verr *jsonschema.ValidationError
	if errors.As(s.Validate(inst), &verr) {
		for _, u := range verr.BasicOutput().Errors {
			places = append(places, u.InstanceLocation)
		}
	}
	return places, true
}

// keyCase is one key of the schema and a way to write a checks.json that
// sets it: the smallest the schema takes, with the key's value v.
type keyCase struct {
	key  string // "versions[].links[].github"
	at   string // its JSON pointer in that file: "/versions/0/links/0/github"
	node *schemaNode
	doc  func(v any) any
	// required: its object must have it.
	required bool
}

func keyCases(root *schemaNode) []keyCase {
	var out []keyCase
	var walk func(n *schemaNode, key, at string, wrap func(any) any)
	walk = func(n *schemaNode, key, at string, wrap func(any) any) {
		for _, p := range n.Properties {
			name := p.Name
			set := func(v any) any {
				obj := minimal(n, name).(map[string]any)
				obj[name] = v
				return wrap(obj)
			}
			k := keyCase{strings.TrimPrefix(key+"."+name, "."), at + "/" + name, p.Node, set, slices.Contains(n.Required, name)}
			out = append(out, k)
			switch {
			case p.Node.Items != nil && p.Node.Items.Properties != nil:
				walk(p.Node.Items, k.key+"[]", k.at+"/0", func(v any) any { return set([]any{v}) })
			case p.Node.Properties != nil:
				walk(p.Node, k.key, k.at, set)
			}
		}
	}
	walk(root, "", "", func(v any) any { return v })
	return out
}

// minimal is the smallest value of n the schema takes: an object with its
// required keys (of a oneOf, the one that names key, else the first).
func minimal(n *schemaNode, key string) any {
	switch n.Type {
	case "object":
		obj := map[string]any{}
		required := slices.Clone(n.Required)
		if len(n.OneOf) > 0 {
			alt := n.OneOf[0].Required
			for _, o := range n.OneOf {
				if slices.Contains(o.Required, key) {
					alt = o.Required
				}
			}
			required = append(required, alt...)
		}
		for _, name := range required {
			if name != key {
				obj[name] = sample(n.prop(name))
			}
		}
		return obj
	case "array":
		if n.MinItems > 0 {
			return []any{sample(n.Items)}
		}
		return []any{}
	}
	return sample(n)
}

// sample is a value the schema takes for n: its first example, else its
// default, else its first allowed value, else one of its type.
func sample(n *schemaNode) any {
	var v any
	switch {
	case len(n.Examples) > 0:
		_ = json.Unmarshal(n.Examples[0], &v)
	case n.Default != nil:
		_ = json.Unmarshal(n.Default, &v)
	case len(n.Enum) > 0:
		v = n.Enum[0]
	case n.Type == "string":
		v = "x"
	case n.Type == "boolean":
		v = true
	case n.Type == "integer":
		v = 1
	case n.Type == "array":
		v = []any{sample(n.Items)}
	default:
		v = minimal(n, "")
	}
	return v
}

// wrong are values of n that checks.json may not hold.
func wrong(n *schemaNode) []any {
	switch n.Type {
	case "string":
		if len(n.Enum) > 0 {
			return []any{1, "not-" + n.Enum[0]}
		}
		return []any{1}
	case "boolean":
		return []any{"yes"}
	case "integer":
		return []any{"many", 1.5}
	case "array":
		return []any{"x", []any{wrong(n.Items)[0]}}
	}
	return []any{"x", map[string]any{"unknownKey": 1}}
}

// checks and the schema agree on every key: each takes the key's sample
// value and rejects the wrong ones (another type, a value not allowed, an
// unknown key inside it), the schema at the key's place in the file.
func TestSchemaAgreesWithChecks(t *testing.T) {
	root, s := loadSchema(t)
	t.Chdir(t.TempDir())
	cases := keyCases(root)
	cases = append(cases, keyCase{"(the file)", "", root, func(v any) any { return v }, true})
	for _, k := range cases {
		good, err := json.Marshal(k.doc(sample(k.node)))
		require.NoError(t, err)
		places, _ := schemaErrors(s, good)
		assert.Empty(t, places, "%s: the schema rejects %s", k.key, good)
		assert.NoError(t, readConfig(t, good), "%s: checks rejects %s", k.key, good)
		for _, v := range wrong(k.node) {
			bad, err := json.Marshal(k.doc(v))
			require.NoError(t, err)
			places, _ := schemaErrors(s, bad)
			assert.True(t, slices.ContainsFunc(places, func(p string) bool { return p == k.at || strings.HasPrefix(p, k.at+"/") }),
				"%s: the schema takes %s (faults at %q)", k.key, bad, places)
			assert.Error(t, readConfig(t, bad), "%s: checks takes %s", k.key, bad)
		}
	}
	assert.Greater(t, len(cases), 60)
}

// Every checks.json of this repository and its fixtures is judged alike by
// checks and by the schema, but for what JSON Schema cannot say.
func TestConfigFilesAgainstSchema(t *testing.T) {
	_, s := loadSchema(t)
	files := map[string][]byte{}
	own, err := os.ReadFile("../../checks.json")
	require.NoError(t, err)
	files["checks.json"] = own
	archives, _ := filepath.Glob("../../testdata/*/*.txtar")
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		require.NoError(t, err)
		for _, f := range ar.Files {
			if filepath.Base(f.Name) == Name {
				files[strings.TrimPrefix(a, "../../testdata/")] = f.Data
			}
		}
	}
	require.Greater(t, len(files), 30)
	beyondSchema := map[string]string{
		"links/config-duplicate-key.txtar":    "a key set twice: a JSON Schema validator sees the last one only",
		"links/config-script-fragments.txtar": "a regular expression that does not compile: Go's syntax, which no JSON Schema format names",
		"links/config-versions-rule.txtar":    "a regexp with no (?P<version>…) group",
	}
	t.Chdir(t.TempDir())
	for name, doc := range files {
		places, parsed := schemaErrors(s, doc)
		schemaTakes := parsed && len(places) == 0
		err := readConfig(t, doc)
		if why, ok := beyondSchema[name]; ok {
			assert.True(t, schemaTakes && err != nil, "%s (%s): the schema takes it (%v), checks does not (%v)", name, why, places, err)
			continue
		}
		assert.Equal(t, err == nil, schemaTakes, "%s: checks says %v; the schema faults at %q", name, err, places)
	}
}

// The URL editors fetch the schema from is its $id, wherever it is named.
func TestSchemaURL(t *testing.T) {
	raw, err := os.ReadFile(schemaFile)
	require.NoError(t, err)
	var head struct {
		ID string `json:"$id"`
	}
	require.NoError(t, json.Unmarshal(raw, &head))
	root, _ := loadSchema(t)
	assert.JSONEq(t, fmt.Sprintf("%q", head.ID), string(root.prop("$schema").Examples[0]))
	for _, doc := range []string{"../../docs/getting-started.md", configReference} {
		text, err := os.ReadFile(doc)
		require.NoError(t, err)
		assert.Contains(t, string(text), head.ID, doc)
	}
}
