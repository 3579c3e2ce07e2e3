package preset

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
)

// Eleventy's data cascade gives a page its permalink from, highest first:
// its front matter, its template data file (page.11tydata.js,
// page.11tydata.json, page.json beside it), then the directory data file
// of each folder from its own up to the input folder (blog/blog.json; the
// input folder's own, src/src.json, only when the input is not the
// project's root). A blog's folder often sets one for all its posts:
// "permalink": "/blog/{{ page.fileSlug }}/".

// eleventyData are the permalinks the data files of one input folder set,
// by the file's path from the input folder.
type eleventyData struct {
	input     string // the input folder, from the project root ("src", ".")
	permalink map[string]dataPermalink
}

// dataPermalink is one data file's permalink: its text, or computed when
// the gate cannot read it (a function, a module that builds its object).
type dataPermalink struct {
	value    string
	computed bool
}

// dataSuffixes are the names a data file of stem may have, the one
// Eleventy prefers first.
var dataSuffixes = []string{".11tydata.js", ".11tydata.mjs", ".11tydata.cjs", ".11tydata.json", ".json"}

// readEleventyData finds the data files under the input folder that set a
// permalink, noting each the gate cannot read.
func readEleventyData(g Generator, input, output string) eleventyData {
	d := eleventyData{input: input, permalink: map[string]dataPermalink{}}
	root := filepath.Join(g.Root, input)
	skip := filepath.Join(g.Root, output)
	names := map[string][]os.DirEntry{} // a folder's files, read once
	_ = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() {
			if p != root && (e.Name() == "node_modules" || strings.HasPrefix(e.Name(), ".") || p == skip) {
				return filepath.SkipDir
			}
			return nil
		}
		if !isDataFile(e.Name()) || !dataOfSomething(p, e.Name(), names) {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if dp, ok := readDataPermalink(p); ok {
			d.permalink[filepath.ToSlash(rel)] = dp
			noteUnplaced(g, filepath.ToSlash(filepath.Join(input, rel)), dp)
		}
		return nil
	})
	return d
}

// noteUnplaced says which data file gives pages a permalink the gate
// cannot compute, and what it then leaves unjudged.
func noteUnplaced(g Generator, file string, dp dataPermalink) {
	if dp.computed {
		g.note("%s computes permalink, which checks does not run: its pages are taken to be at their usual URLs, and a link no page answers is not judged", file)
		return
	}
	if p, ok := render(dp.value, "x.md"); !ok {
		g.note("%s sets permalink %s, which uses data checks does not compute: its pages are taken to be at their usual URLs, and a link under %s no page answers is not judged", file, dp.value, literalFolder(p))
	}
}

// isDataFile: a name Eleventy may read as a template or directory data file.
func isDataFile(name string) bool {
	for _, s := range dataSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// dataOfSomething reports whether a file named as a data file is one: a
// .11tydata file always; a plain .json only as its folder's (blog/blog.json)
// or a template's beside it (page.json beside page.md). Other JSON
// (package.json, a tool's settings) is not read: an input folder may be a
// whole repository.
func dataOfSomething(file, name string, names map[string][]os.DirEntry) bool {
	if strings.Contains(name, ".11tydata.") {
		return true
	}
	stem := strings.TrimSuffix(name, ".json")
	dir := filepath.Dir(file)
	if stem == filepath.Base(dir) {
		return true
	}
	entries, ok := names[dir]
	if !ok {
		entries, _ = os.ReadDir(dir)
		names[dir] = entries
	}
	for _, e := range entries {
		if n := e.Name(); n != name && strings.HasPrefix(n, stem+".") && !strings.HasSuffix(n, ".json") {
			return true
		}
	}
	return false
}

// readDataPermalink reads the permalink a data file sets; ok is false
// when it sets none.
func readDataPermalink(file string) (dataPermalink, bool) {
	src, err := textfile.Read(file, textfile.MaxConfig)
	if err != nil || !strings.Contains(string(src), "permalink") {
		return dataPermalink{}, false
	}
	if strings.HasSuffix(file, ".json") {
		return jsonPermalink(src)
	}
	return moduleValue(file, src)
}

// jsonPermalink reads permalink from a JSON data file: a string, or false
// (the pages are not written, so they stay where the gate puts them).
// eleventyComputed's is computed from the other data.
func jsonPermalink(src []byte) (dataPermalink, bool) {
	var data map[string]any
	if json.Unmarshal(src, &data) != nil {
		return dataPermalink{}, false
	}
	return dataValue(data)
}

// dataValue reads permalink from a data file's object: a string, or false
// (the pages are not written, so they stay where the gate puts them).
// eleventyComputed's is computed from the other data, as is a value the
// module computes.
func dataValue(data map[string]any) (dataPermalink, bool) {
	if c, ok := data["eleventyComputed"].(map[string]any); ok {
		if _, ok := c["permalink"]; ok {
			return dataPermalink{computed: true}, true
		}
	}
	switch v := data["permalink"].(type) {
	case nil:
		return dataPermalink{}, false
	case string:
		return dataPermalink{value: v}, true
	case bool:
		return dataPermalink{}, !v
	}
	return dataPermalink{computed: true}, true // an object of build names
}

// moduleValue reads permalink from a JavaScript data file: the object it
// exports, read as a JSON one is; a module exporting anything else
// computes it.
func moduleValue(file string, src []byte) (dataPermalink, bool) {
	doc, _, err := parseJS(file, src)
	data, ok := doc.(map[string]any)
	if err != nil || !ok {
		return dataPermalink{computed: true}, true
	}
	return dataValue(data)
}

// inherited is the permalink the data files give the page at rel (a path
// from the input folder), and whether any sets one.
func (d eleventyData) inherited(rel string) (dataPermalink, bool) {
	dir := path.Dir(rel)
	stem := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	if dp, ok := d.first(path.Join(dir, stem)); ok {
		return dp, true
	}
	for ; dir != "."; dir = path.Dir(dir) {
		if dp, ok := d.first(path.Join(dir, path.Base(dir))); ok {
			return dp, true
		}
	}
	if in := filepath.ToSlash(filepath.Clean(d.input)); in != "." {
		return d.first(path.Base(in))
	}
	return dataPermalink{}, false
}

// first is the permalink of the data file of stem Eleventy prefers.
func (d eleventyData) first(stem string) (dataPermalink, bool) {
	for _, s := range dataSuffixes {
		if dp, ok := d.permalink[stem+s]; ok {
			return dp, true
		}
	}
	return dataPermalink{}, false
}

// datePrefix is the date Eleventy takes off a file's name for its slug:
// the first YYYY-MM-DD- in it.
var datePrefix = regexp.MustCompile(`[0-9]{4}-[0-9]{2}-[0-9]{2}-`)

// fileSlug and filePathStem are Eleventy's page.fileSlug and
// page.filePathStem of the page at rel: the name without its extension
// and date, an index page taking its folder's name for its slug.
func fileSlug(rel string) string {
	dir, name := path.Split(rel)
	slug := undated(strings.TrimSuffix(name, path.Ext(name)))
	if slug != "index" {
		return slug
	}
	if dir = strings.TrimSuffix(dir, "/"); dir == "" {
		return ""
	}
	return undated(path.Base(dir))
}

func filePathStem(rel string) string {
	dir, name := path.Split(rel)
	return "/" + path.Join(dir, undated(strings.TrimSuffix(name, path.Ext(name))))
}

func undated(name string) string {
	if loc := datePrefix.FindStringIndex(name); loc != nil {
		return name[loc[1]:]
	}
	return name
}

// pageVariable is {{ page.fileSlug }} or {{ page.filePathStem }}, the
// values a permalink template most often uses, which the gate can give.
var pageVariable = regexp.MustCompile(`\{\{-?\s*page\.(fileSlug|filePathStem)\s*-?\}\}`)

// render is the permalink template p of the page at rel with the page
// variables filled in; ok is false when anything else is left to compute.
func render(p, rel string) (string, bool) {
	out := pageVariable.ReplaceAllStringFunc(p, func(v string) string {
		if strings.Contains(v, "fileSlug") {
			return fileSlug(rel)
		}
		return filePathStem(rel)
	})
	return out, !strings.Contains(out, "{{") && !strings.Contains(out, "{%")
}

// where is where the cascade serves the page at rel (front: its front
// matter): moved, at url; or, when the gate cannot compute its permalink,
// under, the folder its literal start names ("/" when none).
func (d eleventyData) where(rel string, front func(string) string) (url string, moved bool, under string) {
	dp := dataPermalink{value: front("permalink")}
	if dp.value == "" {
		dp, _ = d.inherited(rel)
	}
	if dp.computed {
		return "", false, "/"
	}
	p, ok := render(dp.value, rel)
	if !ok {
		return "", false, literalFolder(p)
	}
	if p == "" || p == "false" {
		return "", false, ""
	}
	return "/" + strings.TrimPrefix(p, "/"), true, ""
}

// literalFolder is the folder a permalink template names before its first
// expression: "/tags/" of "/tags/{{ tag }}/", "/" of "{{ url }}".
func literalFolder(p string) string {
	lit := p[:strings.IndexByte(p, '{')]
	return "/" + strings.TrimPrefix(lit[:strings.LastIndexByte(lit, '/')+1], "/")
}

// frontURL and unplaced are where for mdlinks.Rules.
func (d eleventyData) frontURL(rel string, front func(string) string) (string, bool) {
	u, moved, _ := d.where(rel, front)
	return u, moved
}

func (d eleventyData) unplaced(rel string, front func(string) string) (string, bool) {
	_, _, under := d.where(rel, front)
	return under, under != ""
}
