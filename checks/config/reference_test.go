package config

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/internal/docsection"
)

var updateReference = flag.Bool("update-reference", false, "rewrite the generated reference in docs/: configuration.md")

const (
	configReference = "../../docs/configuration.md"
	configStart     = "<!-- keys: made from checks.schema.json and checks.json; go test ./checks/config -run TestConfigReference -update-reference rewrites it -->\n"
	configEnd       = "<!-- end of keys -->\n"
)

// docs/configuration.md is checks.schema.json: a key added, described
// anew or given another default, or this repository's checks.json
// changed, fails here until the page is written again.
func TestConfigReference(t *testing.T) {
	root, _ := loadSchema(t)
	own, err := os.ReadFile("../../checks.json")
	require.NoError(t, err)
	var b strings.Builder
	fmt.Fprintf(&b, "## This repository's checks.json\n\n```json\n%s```\n\n", own)
	b.WriteString("## Keys\n\n| key | type | default | what it sets |\n|---|---|---|---|\n")
	for _, k := range keyCases(root) {
		if strings.HasPrefix(k.key, "levels.") {
			continue // the table below
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", k.key, typeCell(k.node), jsonCell(k.node.Default), describe(k))
	}
	fmt.Fprintf(&b, "\n## Levels\n\n%s\n\n| key | reported by | default | what the check reports |\n|---|---|---|---|\n",
		mdEscape(root.Defs["level"].Description)+" Allowed: "+typeCell(root.Defs["level"])+".")
	for _, p := range root.prop("levels").Properties {
		c, _ := registry.Lookup(p.Name)
		fmt.Fprintf(&b, "| `levels.%s` | `checks %s` | %s | %s |\n", p.Name, c.Command, jsonCell(p.Node.Default), mdEscape(c.Meaning))
	}
	docsection.Check(t, configReference, configStart, configEnd, b.String(), *updateReference,
		"go test ./checks/config -run TestConfigReference -update-reference")
}

// typeCell says what a key holds, its allowed values listed.
func typeCell(n *schemaNode) string {
	if len(n.Enum) > 0 {
		vals := make([]string, len(n.Enum))
		for i, v := range n.Enum {
			vals[i] = "`" + v + "`"
		}
		return "one of " + strings.Join(vals, ", ")
	}
	if n.Type == "array" {
		return "list of " + n.Items.Type + "s"
	}
	return n.Type
}

func jsonCell(raw json.RawMessage) string {
	if raw == nil {
		return ""
	}
	return "`" + strings.ReplaceAll(string(raw), "|", `\|`) + "`"
}

// describe is a key's description, whether it must be there, and its
// first example.
func describe(k keyCase) string {
	d := mdEscape(k.node.Description)
	if k.required {
		d = "Required. " + d
	}
	if len(k.node.Examples) > 0 {
		var compact bytes.Buffer
		if json.Compact(&compact, k.node.Examples[0]) == nil {
			d += " E.g. " + jsonCell(compact.Bytes())
		}
	}
	return d
}

// mdEscape keeps plain text plain in a markdown table: globs, <html> and
// (?P<version>…) are no emphasis, tag or cell break.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_<>[]|", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
