package checkscmd

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/browser"
	"github.com/devdocs-dev/devdocs/checks/external"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/internal/docsection"
)

var updateReference = flag.Bool("update-reference", false, "rewrite the generated references in docs/: cli.md and configuration.md")

const (
	cliReference = "../../docs/cli.md"
	cliStart     = "<!-- commands: made from checks/checkscmd's help texts and flag sets; go test ./checks/checkscmd -run TestCLIReference -update-reference rewrites it -->\n"
	cliEnd       = "<!-- end of commands -->\n"
)

// referenceOrder is the commands in the order a newcomer meets them.
var referenceOrder = []string{"all", "markdown", "links", "browser", "report", "install-hook", "presets"}

// docs/cli.md is what `checks -h` and `checks <command> -h` print: a flag
// added, renamed or described anew, or a check given another default,
// fails here until the page is written again.
func TestCLIReference(t *testing.T) {
	docsection.Check(t, cliReference, cliStart, cliEnd, commandReference(t), *updateReference,
		"go test ./checks/checkscmd -run TestCLIReference -update-reference")
}

// A command left out of the reference would go undocumented.
func TestCLIReferenceHasEveryCommand(t *testing.T) {
	for _, line := range strings.Split(usage, "\n") {
		if f := strings.Fields(line); strings.HasPrefix(line, "  ") && len(f) > 0 && command(f[0]) != nil {
			if !strings.Contains(" "+strings.Join(referenceOrder, " ")+" ", " "+f[0]+" ") {
				t.Errorf("command %s is not in referenceOrder", f[0])
			}
		}
	}
}

// machineFree names where the defaults read from the machine come from
// (its browsers, its cache folder) instead of this machine's values, so the
// reference is the same wherever it is made.
func machineFree(help string) string {
	help = chromiumDefault.ReplaceAllLiteralString(help, "the Chromium binary (env CHROMIUM) (default: $CHROMIUM, else the first of "+
		strings.Join(browser.Browsers, ", ")+" found on PATH)")
	return strings.ReplaceAll(help, strconv.Quote(external.DefaultCacheFile()), `"<the user's cache folder>/devdocs-checks/external-links.json"`)
}

var chromiumDefault = regexp.MustCompile(`the Chromium binary \(env CHROMIUM\) \(default "[^"]*"\)`)

func commandReference(t *testing.T) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Commands\n\n```text\n%s```\n", usage)
	for _, name := range referenceOrder {
		var out bytes.Buffer
		if code := Run([]string{name, "-h"}, &out, io.Discard, false); code != 0 {
			t.Fatalf("checks %s -h exited %d", name, code)
		}
		fmt.Fprintf(&b, "\n## checks %s\n\n```text\n%s```\n", name, machineFree(strings.TrimRight(out.String(), "\n")+"\n"))
	}
	return b.String()
}

const (
	configReference = "../../docs/configuration.md"
	configStart     = "<!-- keys: made from checks.schema.json and checks.json; go test ./checks/checkscmd -run TestConfigReference -update-reference rewrites it -->\n"
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
		"go test ./checks/checkscmd -run TestConfigReference -update-reference")
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
