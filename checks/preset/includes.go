package preset

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// includeDepth is how deep included files may include others: a file
// that includes itself, or two that include each other, stop there.
const includeDepth = 8

// includer finds a generator's include directives in a page and names the
// file each one takes in: the directive's bytes, the file's text (nil for
// one that is no include, or names no file), in the page's order.
type includer func(file string, src []byte, read func(string) ([]byte, error)) []included

type included struct {
	start, end int    // the directive's bytes in the page
	text       []byte // what takes its place
}

// expand is the page as the generator parses it: each include replaced by
// the text it takes in, itself expanded; nil when the page has none, so a
// page without one is parsed once.
func (in includer) expand(file string, src []byte, read func(string) ([]byte, error)) []byte {
	out, found := in.expandAt(file, src, read, includeDepth)
	if !found {
		return nil
	}
	return out
}

func (in includer) expandAt(file string, src []byte, read func(string) ([]byte, error), depth int) ([]byte, bool) {
	if depth == 0 {
		return src, false
	}
	found := in(file, src, read)
	if len(found) == 0 {
		return src, false
	}
	var b bytes.Buffer
	last := 0
	for _, f := range found {
		if f.start < last || f.end < f.start || f.end > len(src) {
			continue // within one taken in already: a name imported twice, a snippet in a snippet block
		}
		b.Write(src[last:f.start])
		text, _ := in.expandAt(file, f.text, read, depth-1)
		b.Write(text)
		last = f.end
	}
	b.Write(src[last:])
	return b.Bytes(), true
}

// hugoShortcodeCall is a shortcode called in markdown notation ({{% … %}},
// whose output is markdown read with the page) with a quoted first
// argument: {{% include "/_common/x.md" %}}.
var hugoShortcodeCall = regexp.MustCompile("\\{\\{%-?\\s*([A-Za-z0-9_./-]+)\\s+[\"`]([^\"`\\n]+)[\"`][^\\n]*?-?%\\}\\}")

// hugoIncludes takes in, for each call of one of the project's own
// shortcodes whose template looks a page up (GetPage), the page its first
// argument names: its headings are the calling page's (hugoDocs's include
// renders the page with .RenderShortcodes). A path from "/" is the content
// folder's; another is tried beside the page first.
func hugoIncludes(root string, contentDirs []string) includer {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	looksUp := map[string]bool{}
	for _, dir := range []string{"layouts/_shortcodes", "layouts/shortcodes"} {
		entries, _ := os.ReadDir(filepath.Join(absRoot, dir))
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".html")
			if b, err := os.ReadFile(filepath.Join(absRoot, dir, e.Name())); ok && err == nil && bytes.Contains(b, []byte("GetPage")) {
				looksUp[name] = true
			}
		}
	}
	if len(looksUp) == 0 {
		return nil
	}
	var content []string
	for _, d := range contentDirs {
		content = append(content, filepath.Join(absRoot, d))
	}
	return func(file string, src []byte, read func(string) ([]byte, error)) []included {
		var out []included
		for _, m := range hugoShortcodeCall.FindAllSubmatchIndex(src, -1) {
			if !looksUp[string(src[m[2]:m[3]])] {
				continue
			}
			arg := string(src[m[4]:m[5]])
			dirs := content
			if !strings.HasPrefix(arg, "/") {
				dirs = append([]string{filepath.Dir(file)}, content...)
			}
			if text, ok := readPage(dirs, arg, read); ok {
				_, body, _, _ := mdscan.FrontMatter(text)
				out = append(out, included{m[0], m[1], body})
			}
		}
		return out
	}
}

// readPage reads the page a Hugo path names from the first folder that
// has it: the file itself, with .md, or its bundle's index.
func readPage(dirs []string, p string, read func(string) ([]byte, error)) ([]byte, bool) {
	for _, dir := range dirs {
		base := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(p, "/")))
		for _, name := range []string{base, base + ".md", filepath.Join(base, "index.md"), filepath.Join(base, "_index.md")} {
			if strings.HasSuffix(name, ".md") {
				if b, err := read(name); err == nil {
					return b, true
				}
			}
		}
	}
	return nil, false
}

// snippetLine is pymdownx.snippets' one-line form, --8<-- "file", and
// snippetBlock the block form: --8<-- alone, a file a line, --8<--.
var (
	snippetLine  = regexp.MustCompile(`(?m)^[ \t]*-{1,}8<-{1,}[ \t]+["']([^"'\n]+)["'][ \t]*$`)
	snippetBlock = regexp.MustCompile(`(?m)^[ \t]*-{1,}8<-{1,}[ \t]*\n((?:.*\n)*?)[ \t]*-{1,}8<-{1,}[ \t]*$`)
)

// mkdocsSnippets takes in each file pymdownx.snippets includes, looked up
// in its base_path folders (the project's root when unset), whole or as
// the part its name asks for.
func mkdocsSnippets(root string, basePaths []string) includer {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	if len(basePaths) == 0 {
		basePaths = []string{"."}
	}
	var bases []string
	for _, b := range basePaths {
		bases = append(bases, filepath.Join(absRoot, b))
	}
	take := func(name string, read func(string) ([]byte, error)) ([]byte, bool) {
		name, part := snippetPart(strings.TrimSpace(name))
		if name == "" || strings.HasPrefix(name, ";") { // ";--8<--" and ";name" are escaped
			return nil, false
		}
		for _, b := range bases {
			if text, err := read(filepath.Join(b, filepath.FromSlash(name))); err == nil {
				return part(text), true
			}
		}
		return nil, false
	}
	return func(_ string, src []byte, read func(string) ([]byte, error)) []included {
		var out []included
		for _, m := range snippetLine.FindAllSubmatchIndex(src, -1) {
			if text, ok := take(string(src[m[2]:m[3]]), read); ok {
				out = append(out, included{m[0], m[1], text})
			}
		}
		for _, m := range snippetBlock.FindAllSubmatchIndex(src, -1) {
			var text []byte
			for _, name := range strings.Split(string(src[m[2]:m[3]]), "\n") {
				if t, ok := take(name, read); ok {
					text = append(append(text, t...), '\n')
				}
			}
			out = append(out, included{m[0], m[1], text})
		}
		sortIncluded(out)
		return out
	}
}

// snippetPart reads "file.md:3:9" (lines 3 to 9) and "file.md:name" (the
// lines between "--8<-- [start:name]" and "--8<-- [end:name]").
func snippetPart(name string) (string, func([]byte) []byte) {
	whole := func(b []byte) []byte { return b }
	file, spec, found := strings.Cut(name, ":")
	if !found || strings.Contains(file, "://") || strings.HasPrefix(spec, "//") {
		return name, whole
	}
	if from, to, ranged := strings.Cut(spec, ":"); ranged || isNumber(spec) {
		a, _ := strconv.Atoi(from)
		z, err := strconv.Atoi(to)
		if err != nil {
			z = 1 << 30
		}
		return file, func(b []byte) []byte {
			lines := bytes.SplitAfter(b, []byte("\n"))
			a, z := max(a, 1), min(z, len(lines))
			if a > z {
				return nil
			}
			return bytes.Join(lines[a-1:z], nil)
		}
	}
	return file, func(b []byte) []byte {
		_, after, ok := bytes.Cut(b, []byte("[start:"+spec+"]"))
		if !ok {
			return nil
		}
		if nl := bytes.IndexByte(after, '\n'); nl >= 0 {
			after = after[nl+1:]
		}
		inside, _, _ := bytes.Cut(after, []byte("[end:"+spec+"]"))
		if nl := bytes.LastIndexByte(inside, '\n'); nl >= 0 {
			inside = inside[:nl+1]
		}
		return inside
	}
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func sortIncluded(in []included) {
	slices.SortFunc(in, func(a, b included) int { return a.start - b.start })
}

// mdxPartialImport is an MDX import of one markdown file of the site by a
// default name: import Snippet from './_snippet.mdx' (or '@site/…').
var mdxPartialImport = regexp.MustCompile(`(?m)^import\s+(\w+)\s+from\s+['"]((?:@site/|\.\.?/)[^'"\n]*\.mdx?)['"]`)

// docusaurusIncludes takes in, for each element <Name /> (or <Name>) of a
// page whose Name is a markdown file the page imports, that file's text:
// MDX renders it there, its headings with their ids (a partial's headings
// are the page's anchors in the build). A path is the page's folder's, or
// with @site/ the site's.
func docusaurusIncludes(root string) includer {
	return func(file string, src []byte, read func(string) ([]byte, error)) []included {
		var out []included
		seen := map[string]bool{}
		for _, m := range mdxPartialImport.FindAllSubmatch(src, -1) {
			name, p := string(m[1]), string(m[2])
			if seen[name] {
				continue // imported again (Docusaurus's own docs show the import in an example)
			}
			seen[name] = true
			full := filepath.Join(filepath.Dir(file), filepath.FromSlash(p))
			if rest, ok := strings.CutPrefix(p, "@site/"); ok {
				full = filepath.Join(root, filepath.FromSlash(rest))
			}
			text, err := read(full)
			if err != nil {
				continue
			}
			_, body, _, _ := mdscan.FrontMatter(text)
			use := regexp.MustCompile(`<` + name + `(?:\s[^<>]*)?/?>`)
			for _, u := range use.FindAllIndex(src, -1) {
				out = append(out, included{u[0], u[1], body})
			}
		}
		sortIncluded(out)
		return out
	}
}
