package compile

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// A `rust` code block of api/<version>/ that names a risc0_zkvm
// item (a `risc0_zkvm::…` path, or a guest `env::…` call) must name an item
// that exists in that version. The lists of public items, one per version
// folder, are extracted from the tagged risc0 sources into
// testdata/risc0-items/<version>.txt (see the README there).

// rustItems is the public surface of risc0-zkvm at one version.
type rustItems struct {
	env   map[string]bool // pub fns of risc0_zkvm::guest::env
	items map[string]bool // every pub identifier of the crate and its re-exports
}

func loadRustItems(path string) (rustItems, error) {
	f, err := os.Open(path)
	if err != nil {
		return rustItems{}, err
	}
	defer f.Close()
	r := rustItems{env: map[string]bool{}, items: map[string]bool{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		kind, name, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		switch {
		case !ok || strings.HasPrefix(kind, "#"):
		case kind == "env":
			r.env[name] = true
		case kind == "item":
			r.items[name] = true
		}
	}
	return r, sc.Err()
}

var (
	// env::NAME not preceded by another path segment (std::env::var is not ours),
	// or guest::env::NAME.
	envCall = regexp.MustCompile(`(?:^|[^\w:]|guest::)env::([A-Za-z_]\w*)`)
	// risc0_zkvm:: followed by a path, possibly a (multi-line) use tree.
	zkvmPath  = regexp.MustCompile(`\brisc0_zkvm::`)
	pathToken = regexp.MustCompile(`^(?:\s+|::|[{},*]|as\s+\w+|[A-Za-z_]\w*)`)
	fenceOpen = regexp.MustCompile("^\\s*(```+|~~~+)\\s*([A-Za-z0-9_+-]*)")
)

// rustBlock is the text of one fenced `rust` block and the 1-based line of
// its first content line in the markdown file.
type rustBlock struct {
	line int
	text string
}

func rustBlocks(src string) []rustBlock {
	var out []rustBlock
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		m := fenceOpen.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		fence, lang := m[1], m[2]
		start := i + 1
		j := start
		for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), fence) {
			j++
		}
		if lang == "rust" {
			out = append(out, rustBlock{line: start + 1, text: strings.Join(lines[start:min(j, len(lines))], "\n")})
		}
		i = j
	}
	return out
}

// checkRustBlock returns "line: message" for every risc0_zkvm name of block
// that is not in items. version names the list in messages.
func checkRustBlock(b rustBlock, items rustItems, version string) []string {
	var bad []string
	lineOf := func(off int) int { return b.line + strings.Count(b.text[:off], "\n") }
	for _, m := range envCall.FindAllStringSubmatchIndex(b.text, -1) {
		name := b.text[m[2]:m[3]]
		if !items.env[name] {
			bad = append(bad, fmt.Sprintf("%d: env::%s is not a function of risc0_zkvm::guest::env in %s", lineOf(m[2]), name, version))
		}
	}
	for _, m := range zkvmPath.FindAllStringIndex(b.text, -1) {
		off, depth := m[1], 0
		for off < len(b.text) {
			tok := pathToken.FindString(b.text[off:])
			if tok == "" {
				break
			}
			switch {
			case tok == "{":
				depth++
			case tok == "}":
				depth--
			case strings.TrimSpace(tok) == "" && depth == 0:
				tok = "" // whitespace ends a path outside braces
			case tok == "," && depth == 0:
				tok = ""
			case tok == "::", tok == ",", tok == "*", strings.HasPrefix(tok, "as"), strings.TrimSpace(tok) == "":
			case tok == "self", tok == "super", tok == "crate":
			default:
				if !items.items[tok] {
					bad = append(bad, fmt.Sprintf("%d: risc0_zkvm path names %s, which is not a public item of risc0-zkvm %s", lineOf(off), tok, version))
				}
			}
			if tok == "" || depth < 0 {
				break
			}
			off += len(tok)
			// A path outside braces ends at the first identifier not followed by ::.
			if depth == 0 && tok != "::" && !strings.HasPrefix(b.text[off:], "::") {
				break
			}
		}
	}
	return bad
}

func TestRustItemsOfEachVersion(t *testing.T) {
	versionDirs, _ := filepath.Glob("../../content/api/*")
	if len(versionDirs) == 0 {
		t.Fatal("no content/api/<version> folders")
	}
	for _, dir := range versionDirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		version := filepath.Base(dir)
		list := filepath.Join("../../testdata/risc0-items", version+".txt")
		items, err := loadRustItems(list)
		if err != nil {
			t.Errorf("version %s has no item list: %v", version, err)
			continue
		}
		var failures []string
		_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel := strings.TrimPrefix(filepath.ToSlash(path), "../../")
			for _, b := range rustBlocks(string(src)) {
				for _, msg := range checkRustBlock(b, items, version) {
					failures = append(failures, rel+":"+msg)
				}
			}
			return nil
		})
		sort.Strings(failures)
		for _, f := range failures {
			t.Error(f)
		}
	}
}

// The check fails on a deliberately wrong name: env::cycle_count does not
// exist in 0.19 (it was get_cycle_count until 0.20), and risc0_zkvm::Prover2
// never existed.
func TestRustItemsRejectsWrongNames(t *testing.T) {
	items, err := loadRustItems("../../testdata/risc0-items/0.19.txt")
	if err != nil {
		t.Fatal(err)
	}
	page := "text\n\n```rust\nuse risc0_zkvm::{\n    default_prover,\n    Prover2,\n};\nlet a = env::get_cycle_count();\nlet b = env::cycle_count();\nlet c = std::env::var(\"X\");\n```\n"
	var got []string
	for _, b := range rustBlocks(page) {
		got = append(got, checkRustBlock(b, items, "0.19")...)
	}
	want := []string{
		"9: env::cycle_count is not a function of risc0_zkvm::guest::env in 0.19",
		"6: risc0_zkvm path names Prover2, which is not a public item of risc0-zkvm 0.19",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
