package mdlinks

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/registry"
)

// MyST (Sphinx's markdown) reads a link that is no URL as a reference to
// a document or a label, not as a path on the site: "other.md",
// "other" and "/guide/other.md" (from the source folder) name the
// document; a bare "intro" may name a "(intro)=" label. What it cannot
// resolve it writes as plain text, with only a warning in the build log,
// so the built site shows no broken link: only the sources can say.

// docExts are the files a Sphinx document is read from.
var docExts = []string{".md", ".rst"}

// docLink judges a link of a MyST page.
func (c *checker) docLink(file string, at diag.Diagnostic, l mdscan.Link) (d diag.Diagnostic, judged, bad bool) {
	m, _, ok := c.o.Rules.mountOf(file)
	if !ok || !isURLLink(l.Dest) {
		return at, false, false
	}
	at.Check = registry.MarkdownLink
	p, frag, hasFrag := strings.Cut(l.Dest, "#")
	p, _, query := strings.Cut(p, "?")
	root := strings.HasPrefix(p, "/")
	fail := func(why, instead string) (diag.Diagnostic, bool, bool) {
		at.Message = fmt.Sprintf("markdown link %q: %s, and writes no link for this one", l.Dest, why)
		if instead != "" {
			at.Message += fmt.Sprintf("; link to %q", instead)
		}
		return at, true, true
	}
	switch {
	case query:
		return fail("MyST resolves links to documents, and a query string names none", "")
	case root && hasFrag:
		return fail("MyST resolves a root-absolute link only without an #anchor", c.relativeDoc(file, filepath.Join(m.Dir, filepath.FromSlash(p)), frag))
	case strings.HasSuffix(p, "/") || strings.HasSuffix(strings.ToLower(p), ".html"):
		name := strings.TrimSuffix(p, path.Ext(p))
		if strings.HasSuffix(p, "/") {
			name = p + "index"
		}
		base := filepath.Dir(file)
		if root {
			base = m.Dir
		}
		doc, ok := c.document(filepath.Join(base, filepath.FromSlash(decode(strings.TrimPrefix(name, "/")))))
		instead := ""
		if ok {
			instead = c.relativeDoc(file, doc, frag)
		}
		return fail("MyST resolves links to documents, not URLs", instead)
	}
	dir := filepath.Dir(file)
	if root {
		dir = m.Dir
	}
	target, found := c.document(filepath.Join(dir, filepath.FromSlash(decode(strings.TrimPrefix(p, "/")))))
	at.Target = filepath.ToSlash(target)
	if !found {
		if !root && !strings.Contains(p, "/") && !hasFrag && c.labels(m.Dir)[strings.ToLower(p)] {
			return at, true, false
		}
		if path.Ext(p) != "" {
			at.Message = fmt.Sprintf("broken markdown link %q: %s does not exist", l.Dest, at.Target)
		} else {
			at.Message = fmt.Sprintf("broken markdown link %q: MyST finds no document %s.md or %s.rst", l.Dest, at.Target, at.Target)
			if !root && !strings.Contains(p, "/") {
				at.Message += ", nor a label " + p
			}
		}
		return at, true, true
	}
	if c.o.Rules.NotBuilt != nil && c.o.Rules.NotBuilt(target) {
		at.Message = fmt.Sprintf("broken markdown link %q: %s is left out by %s, so %s builds no page for it", l.Dest, at.Target, c.o.Rules.NotBuiltBy, c.o.Rules.generator())
		return at, true, true
	}
	if frag == "" || !mdscan.IsMarkdownFile(target) {
		return at, true, false
	}
	tdoc, err := c.doc(target, file)
	if err != nil {
		at.Message = fmt.Sprintf("markdown link %q: %v", l.Dest, err)
		return at, true, true
	}
	d, bad = c.anchor(at, tdoc, frag, at.Target)
	return d, true, bad
}

// roleLink judges a MyST role: {doc} names a document (without its
// extension, from this one's folder, or from the source folder after "/"),
// {download} a file, {ref} and {numref} a label. Sphinx writes one it
// cannot resolve as plain text, with only a warning in its log. A label
// with a colon may be another project's (intersphinx): not judged.
func (c *checker) roleLink(file string, at diag.Diagnostic, l mdscan.Link) (d diag.Diagnostic, judged, bad bool) {
	m, _, ok := c.o.Rules.mountOf(file)
	if !ok {
		return at, false, false
	}
	at.Check = registry.MarkdownLink
	written := fmt.Sprintf("{%s}`%s`", l.Role, l.Dest)
	dir := filepath.Dir(file)
	if strings.HasPrefix(l.Dest, "/") {
		dir = m.Dir
	}
	name := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(l.Dest, "/")))
	switch l.Role {
	case "ref", "numref":
		if strings.Contains(l.Dest, ":") || c.labels(m.Dir)[strings.ToLower(l.Dest)] {
			return at, !strings.Contains(l.Dest, ":"), false
		}
		at.Message = fmt.Sprintf("broken reference %s: no document of the project has the label %s, and Sphinx writes it as plain text", written, l.Dest)
	case "doc":
		target, found := c.document(name)
		if at.Target = filepath.ToSlash(target); found {
			return at, true, false
		}
		at.Message = fmt.Sprintf("broken reference %s: MyST finds no document %s.md or %s.rst, and Sphinx writes it as plain text", written, at.Target, at.Target)
	default: // download
		if at.Target = filepath.ToSlash(name); c.o.Tree.IsFile(name) {
			return at, true, false
		}
		at.Message = fmt.Sprintf("broken reference %s: %s does not exist, and Sphinx writes it as plain text", written, at.Target)
	}
	return at, true, true
}

// pageRef judges a link its generator resolves as a page's path (Hugo's
// ref and relref, Hexo's post_link), by the rules' RefPage: the generator stops its build for
// a page it cannot find, and checks no anchor.
func (c *checker) pageRef(file string, at diag.Diagnostic, l mdscan.Link) (d diag.Diagnostic, judged, bad bool) {
	r := c.o.Rules
	if r.RefPage == nil || !c.built(file) {
		return at, false, false
	}
	at.Check = registry.MarkdownLink
	p, frag, _ := strings.Cut(l.Dest, "#")
	target := file
	if p != "" {
		var ok bool
		if target, ok = r.RefPage(file, p, c.o.Tree.IsFile); !ok {
			at.Message = fmt.Sprintf("broken reference %s: no %s %s, and %s stops its build", refSyntax(l), refKind(l), p, r.generator())
			return at, true, true
		}
	}
	at.Target = filepath.ToSlash(target)
	if frag == "" {
		return at, true, false
	}
	tdoc, err := c.doc(target, file)
	if err != nil {
		at.Message = fmt.Sprintf("broken reference %s: %v", refSyntax(l), err)
		return at, true, true
	}
	where := at.Target
	if target == file {
		where = "this file"
	}
	d, bad = c.anchor(at, tdoc, frag, where)
	return d, true, bad
}

// refSyntax is a reference as its generator's syntax writes it.
func refSyntax(l mdscan.Link) string {
	if l.Role == mdscan.PostRef {
		return "{% post_link " + l.Dest + " %}"
	}
	return fmt.Sprintf("{{< ref %q >}}", l.Dest)
}

func refKind(l mdscan.Link) string {
	if l.Role == mdscan.PostRef {
		return "post"
	}
	return "page"
}

// relativeDoc is how file links to the document doc, with a fragment.
func (c *checker) relativeDoc(file, doc, frag string) string {
	rel, err := filepath.Rel(filepath.Dir(file), doc)
	if err != nil {
		return ""
	}
	if frag != "" {
		return filepath.ToSlash(rel) + "#" + frag
	}
	return filepath.ToSlash(rel)
}

// document finds the file a document reference names: as written, or
// with a document's extension.
func (c *checker) document(name string) (string, bool) {
	if ext := path.Ext(name); ext != "" && c.o.Tree.IsFile(name) {
		return name, true
	}
	for _, ext := range docExts {
		if c.o.Tree.IsFile(name + ext) {
			return name + ext, true
		}
	}
	return name, false
}

// Labels: "(name)=" on a line of a MyST page, ".. _name:" of a reST one,
// and the :name: option of a directive in either (a figure, a table, a
// code block), which Sphinx takes as an explicit target too.
var (
	mystLabel = regexp.MustCompile(`^\(([^()\s]+)\)=\s*$`)
	rstLabel  = regexp.MustCompile(`^\.\. _([^:]+):\s*$`)
	nameLabel = regexp.MustCompile(`^\s*:name:\s*(\S(?:.*\S)?)\s*$`)
)

// labels are the labels of the documents under dir, lower-cased (Sphinx
// matches them in any case), read once from the disk.
func (c *checker) labels(dir string) map[string]bool {
	c.mu.Lock() // one walk of a folder, whichever goroutine asks first
	defer c.mu.Unlock()
	if l, ok := c.labelsOf[dir]; ok {
		return l
	}
	found := map[string]bool{}
	_ = filepath.WalkDir(dir, func(f string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || (!strings.HasSuffix(f, ".md") && !strings.HasSuffix(f, ".rst")) {
			return nil
		}
		src, err := c.o.Tree.ReadFile(f)
		if err != nil {
			return nil
		}
		sc := bufio.NewScanner(bytes.NewReader(src))
		for sc.Scan() {
			for _, re := range []*regexp.Regexp{mystLabel, rstLabel, nameLabel} {
				if m := re.FindSubmatch(sc.Bytes()); m != nil {
					// docutils normalises a name: its case and its runs of spaces.
					found[strings.Join(strings.Fields(strings.ToLower(string(m[1]))), " ")] = true
					break
				}
			}
		}
		return nil
	})
	c.labelsOf[dir] = found
	return found
}
