// Package mdlinks checks markdown files as they sit in a repository: every
// relative link to a .md file must name a file that exists, every #anchor
// a heading of its file, every relative image a file. It knows no site
// generator; what a project adds (a folder served at the root, docs
// versions that must not link to each other) comes in Options.
package mdlinks

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/devdocs-dev/devdocs/checks/diag"
	"github.com/devdocs-dev/devdocs/checks/internal/par"
	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/registry"
	"github.com/devdocs-dev/devdocs/checks/serve"
	"github.com/devdocs-dev/devdocs/checks/versionlinks"
)

// Options are what a project's layout adds to the generic rules.
type Options struct {
	// Public is the folder served at the site root: the image /img/x.svg
	// is Public/img/x.svg. Empty: absolute image paths are not checked.
	Public string
	// Versions are folder patterns (filepath.Match, e.g. "content/api/*");
	// each folder they match is one docs version. A link into a version
	// from outside it is a cross-version-link: versions are published and
	// retired as a whole, so such a link breaks when either side moves.
	Versions []string
	// Versioned, when set, holds each versioned page's links to GitHub,
	// docs.rs and the like to the page's version (wrong-version-link).
	Versioned *versionlinks.Set
	// Tree is where files are read; nil is the disk. A pre-commit hook
	// reads git's index instead (checks/gitindex), to judge the commit.
	Tree Tree
	// Rules are the site generator's (a preset's); the zero value reads
	// links as GitHub does.
	Rules Rules
	// BuiltID, when set, says whether the page built from a markdown file
	// has an id (known is false when there is no such page). checks all,
	// where the built page is the truth, answers it, so a link's anchor
	// does not cost a parse of the file it points into.
	BuiltID func(file, id string) (has, known bool)
	// Judge, when set, says which links of a file to judge; the others are
	// taken to be right (checks all: their built page vouches for them).
	Judge func(file string, l mdscan.Link) bool
	// Files, when set, are files known to be there (the markdown files a
	// run listed), so that links to them cost no call to the OS.
	Files []string
	// PageURL, when set, is the URL path (without the base) of the page a
	// markdown file built into, where the rules know no Output and the
	// build recorded it (Docusaurus's .docusaurus/): URLOf then places a
	// built page's problem at the .md link that wrote it.
	PageURL func(file string) (string, bool)
	// Repository, when set, is the folder of the repository a file is in
	// ("" for none): a relative link to a file outside the linking file's
	// repository leads nowhere on GitHub or in a build, though the file is
	// there on this machine.
	Repository func(file string) string
}

// Tree is a set of files to read: the working tree or a commit to be.
type Tree interface {
	ReadFile(name string) ([]byte, error)
	IsFile(name string) bool // false for a folder or nothing
}

type disk struct{}

func (disk) ReadFile(name string) ([]byte, error) { return textfile.Read(name, textfile.MaxSource) }

func (disk) IsFile(name string) bool {
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}

// Stats counts what was checked.
type Stats struct{ Files, Links int }

// CheckExclude reports the first pattern that is no valid glob.
func CheckExclude(patterns []string) error {
	for _, p := range patterns {
		if !doublestar.ValidatePattern(p) {
			return fmt.Errorf("exclude pattern %q is not a valid glob", p)
		}
	}
	return nil
}

// Excluded reports whether a file is left out by the exclude globs: they
// match its path relative to where the globs were written (the folder of
// checks.json), "**" spans folders ("testdata/**", "**/fixtures/**").
func Excluded(exclude []string, file string) bool {
	name := filepath.ToSlash(filepath.Clean(file))
	for _, p := range exclude {
		if ok, _ := doublestar.Match(p, name); ok {
			return true
		}
	}
	return false
}

// Files lists the markdown files named by paths: a file as given, a folder
// as every .md file below it. A path that does not exist is an error.
func Files(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("%s: no such file or folder", p)
		}
		if !st.IsDir() {
			files = append(files, filepath.Clean(p))
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(f string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			// Dependencies and tool folders hold other people's markdown.
			if d.IsDir() && f != p && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if !d.IsDir() && mdscan.IsMarkdownFile(d.Name()) {
				found = append(found, f)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no .md or .mdx files in this folder", p)
		}
		files = append(files, found...)
	}
	sort.Strings(files)
	return slices.Compact(files), nil
}

// Check checks the links of each file. Files they link to are read as
// needed, so checking one staged file reads only what it points at.
func Check(files []string, o Options) (diag.List, Stats, error) {
	return New(o).Check(files)
}

// Checker is one run of the check: each file is parsed once, whatever
// asks for it. checks all asks first where a built page's problem is
// written (Links), then checks the links of the pages it must (Check).
type Checker struct{ c *checker }

// New is a check with the project's options.
func New(o Options) *Checker { return &Checker{newChecker(o)} }

// Check checks the links of each file. A file's links are dropped once
// judged (its headings stay, for links into it): ask for them first.
func (k *Checker) Check(files []string) (diag.List, Stats, error) {
	return k.c.check(files, func(diag.Diagnostic) bool { return true })
}

// Links are the links of a file, as the check reads them; src is the
// file's content, already read by the caller.
func (k *Checker) Links(file string, src []byte) []mdscan.Link {
	return k.c.parsed(file, file, src).Links
}

// Inbound checks only the links of files that lead to one of changed:
// the pages a commit breaks elsewhere by deleting, renaming or editing
// what they link to. Their other problems are not the commit's doing.
// A file is parsed only when its bytes name a changed file.
func Inbound(files, changed []string, o Options) (diag.List, Stats, error) {
	c := newChecker(o)
	targets, stems := map[string]bool{}, map[string]bool{}
	var names [][]byte
	for _, f := range changed {
		targets[filepath.ToSlash(filepath.Clean(f))] = true
		base := filepath.Base(f)
		names = append(names, []byte(base), []byte(url.PathEscape(base)))
		if c.o.Rules.judgesURLs() || c.o.Rules.Route != nil { // linked as ./page or page.html too
			stem := strings.TrimSuffix(base, filepath.Ext(base))
			stems[stem] = true
			names = append(names, []byte(stem))
		}
		if c.o.Rules.Route != nil && base == "README.md" { // a folder's page, linked as guide/
			names = append(names, []byte(filepath.Base(filepath.Dir(f))))
		}
	}
	var linking []string
	for _, f := range files {
		src, err := c.o.Tree.ReadFile(f)
		if err != nil {
			return nil, Stats{}, err
		}
		for _, n := range names {
			if bytes.Contains(src, n) {
				linking = append(linking, f)
				break
			}
		}
	}
	return c.check(linking, func(d diag.Diagnostic) bool { return targets[d.Target] || stems[lastSegment(d.Href)] })
}

// lastSegment is the name a URL link ends in: "../guide/gone/#x" → "gone",
// "gone.html" → "gone".
func lastSegment(href string) string {
	p, _, _ := strings.Cut(href, "#")
	p, _, _ = strings.Cut(p, "?")
	p = path.Base(strings.TrimSuffix(p, "/"))
	return strings.TrimSuffix(p, ".html")
}

func newChecker(o Options) *checker {
	if o.Tree == nil {
		o.Tree = disk{}
	}
	o.Rules = o.Rules.Resolved()
	known := &knownFiles{Tree: o.Tree, is: make(map[string]bool, len(o.Files))}
	for _, f := range o.Files {
		known.is[filepath.Clean(f)] = true
	}
	o.Tree = known
	c := &checker{o: o, shared: &shared{docs: map[docKey]*parse{}, labelsOf: map[string]map[string]bool{}, fronts: fronts{of: map[string]frontURL{}}}}
	c.o.Rules.front = c.frontOf
	return c
}

// knownFiles asks the tree once whether a name is a file: a large site's
// pages link the same few thousand files half a million times, and one
// check sees one state of the tree. It asks one question at a time: git's
// index answers through one pipe.
type knownFiles struct {
	Tree
	mu sync.Mutex
	is map[string]bool
}

func (k *knownFiles) IsFile(name string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	is, ok := k.is[name]
	if !ok {
		is = k.Tree.IsFile(name)
		k.is[name] = is
	}
	return is
}

func (k *knownFiles) ReadFile(name string) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.Tree.ReadFile(name)
}

// check reports the problems of files that keep says are wanted, judging
// files on every core; the problems come in the order of files.
func (c *checker) check(files []string, keep func(diag.Diagnostic) bool) (diag.List, Stats, error) {
	type result struct {
		found diag.List
		links int
		err   error
	}
	res := make([]result, len(files))
	par.Each(len(files), func() func(int) {
		w := c.fork()
		return func(i int) {
			r := &res[i]
			r.found, r.links, r.err = w.checkFile(files[i], keep)
		}
	})
	var out diag.List
	var st Stats
	for _, r := range res {
		if r.err != nil {
			return nil, st, r.err
		}
		out = append(out, r.found...)
		st.Files++
		st.Links += r.links
	}
	return out, st, nil
}

// checkFile judges the links of one file.
func (c *checker) checkFile(f string, keep func(diag.Diagnostic) bool) (found diag.List, links int, err error) {
	doc, err := c.doc(f, f)
	if err != nil {
		return nil, 0, err
	}
	for _, l := range doc.Links {
		if c.o.Judge != nil && !c.o.Judge(f, l) {
			continue
		}
		d, judged, bad := c.link(f, doc, l)
		if judged {
			links++
		}
		if bad && keep(d) {
			found = append(found, d)
		}
	}
	// Its links are judged; its headings stay, for links into it.
	doc.Links = nil
	return found, links, nil
}

// checker is one run of the check. Each goroutine has its own (fork),
// sharing the files parsed and the labels read.
type checker struct {
	o Options
	*shared
}

type shared struct {
	mu   sync.Mutex // guards docs and labelsOf
	docs map[docKey]*parse
	// labelsOf are the document labels under each content folder (DocLinks).
	labelsOf map[string]map[string]bool
	fronts   fronts
}

// fork is a checker for another goroutine: the rules remember their last
// answer for the file that goroutine judges.
func (c *checker) fork() *checker {
	w := *c
	w.o.Rules = w.o.Rules.forked()
	return &w
}

// docKey is a file read in one id style.
type docKey struct{ file, style string }

// parse is one file parsed in one style, once however many ask.
type parse struct {
	once sync.Once
	doc  *mdscan.Doc
	err  error
}

// doc parses a file once for each style it is read in: the ids of its
// headings are those of the page a link from the file from arrives at.
func (c *checker) doc(file, from string) (*mdscan.Doc, error) {
	return c.parse(file, from, func() ([]byte, error) { return c.o.Tree.ReadFile(file) })
}

// parsed is doc for a file whose content the caller has.
func (c *checker) parsed(file, from string, src []byte) *mdscan.Doc {
	d, _ := c.parse(file, from, func() ([]byte, error) { return src, nil })
	return d
}

func (c *checker) parse(file, from string, read func() ([]byte, error)) (*mdscan.Doc, error) {
	style := c.style(from)
	key := docKey{file, style.Name}
	c.mu.Lock()
	p := c.docs[key]
	if p == nil {
		p = &parse{}
		c.docs[key] = p
	}
	c.mu.Unlock()
	p.once.Do(func() {
		var src []byte
		if src, p.err = read(); p.err == nil {
			p.doc = c.page(file, src, style)
		}
	})
	return p.doc, p.err
}

// page reads a file as the generator builds its page from src: the file's
// own links, and the page's anchors, with those of the files it includes
// (Includes) and those the project's own code may add (CodeIDs); what a
// template engine's blocks hold is no text of the page.
func (c *checker) page(file string, src []byte, style mdscan.IDStyle) *mdscan.Doc {
	built, r := c.built(file), c.o.Rules
	if r.TemplateBlocks && built {
		src = mdscan.BlankTemplateBlocks(src)
	}
	if r.Preprocess != nil && built {
		src = r.Preprocess(src)
	}
	doc := mdscan.ParseFileStyled(file, src, style)
	if r.Includes != nil && built {
		if whole := r.Includes(file, src, c.o.Tree.ReadFile); whole != nil {
			all := mdscan.ParseFileStyled(file, whole, style)
			doc.Headings, doc.IDs = all.Headings, all.IDs
		}
	}
	if r.CodeIDs != nil && built {
		doc.Unknown = r.CodeIDs(src)
	}
	return doc
}

// Page is a file read from src as the check reads it: the anchors of the
// page it is built into, and its own links. Nothing is kept: the hook
// asks it of two versions of one file.
func (k *Checker) Page(file string, src []byte) *mdscan.Doc {
	return k.c.page(file, src, k.c.style(file))
}

// built reports whether the generator builds file into a page: then its
// links lead to built pages. A file outside its content folders (a
// README beside them) is read where it lies, on GitHub, and links files.
func (c *checker) built(file string) bool {
	if len(c.o.Rules.Mounts) == 0 {
		return true
	}
	_, _, ok := c.o.Rules.mountOf(file)
	return ok
}

// style is the id style of the pages a link from file arrives at.
func (c *checker) style(from string) mdscan.IDStyle {
	if !c.built(from) {
		return mdscan.GFM
	}
	return c.o.Rules.HeadingIDs()
}

// link judges one link: judged says it could be (a link to another site,
// or one written as a URL where no routes are known, cannot), bad that it
// is broken.
func (c *checker) link(file string, doc *mdscan.Doc, l mdscan.Link) (d diag.Diagnostic, judged, bad bool) {
	at := diag.Diagnostic{Severity: diag.Error, File: filepath.ToSlash(file), Line: l.Line, Col: l.Col, Href: l.Dest}
	if l.Role == mdscan.PageRef || l.Role == mdscan.PostRef {
		return c.pageRef(file, at, l)
	}
	if mdscan.HasScheme(l.Dest) {
		if msg := c.o.Versioned.Judge(file, l.Dest); msg != "" {
			at.Check, at.Message = registry.WrongVersionLink, msg
			return at, true, true
		}
	}
	if l.Role != "" {
		return c.roleLink(file, at, l)
	}
	if r := c.o.Rules; r.Route != nil && c.built(file) {
		routes := r.Route(file, l)
		for _, rt := range routes {
			if d, bad := c.routed(file, at, l, rt); bad {
				return d, true, true
			}
		}
		return at, len(routes) > 0, false
	}
	if r := c.o.Rules; l.Raw && !r.RawAsMarkdown && (r.judgesURLs() && c.built(file) || c.routedRaw(file, l)) && isURLLink(l.Dest) && !c.templated(l.Dest) && !(l.Image && r.BundlesRawImages) {
		// Raw HTML is written into the page as it is: the browser asks
		// for its links from the page's URL.
		if l.Image {
			return c.urlImage(file, at, l, l.Dest)
		}
		if r.Writes != nil {
			return c.writtenLink(file, at, l)
		}
		return c.urlLink(file, at, l)
	}
	if l.Image {
		if r := c.o.Rules; r.ImageURL != nil && r.judgesURLs() && c.built(file) && isURLLink(l.Dest) && !c.templated(l.Dest) {
			if u, ok := r.ImageURL(file, l.Dest); ok {
				return c.urlImage(file, at, l, u)
			}
		}
		if c.o.Rules.ImagesAsURLs && c.o.Rules.judgesURLs() && c.built(file) && isURLLink(l.Dest) {
			return c.urlImage(file, at, l, l.Dest)
		}
		dest, inBase := c.withoutBase(l.Dest, true, c.o.Rules.keepsBase(file, l))
		if !inBase && c.built(file) {
			at.Check, at.Target = registry.MarkdownImage, l.Dest
			at.Message = fmt.Sprintf("image %q is outside the base %s the site is served under, and %s leaves it as written", l.Dest, c.o.Rules.Base, c.o.Rules.generator())
			return at, true, true
		}
		target, ok := imageFile(file, dest, c.o.Public)
		if !ok {
			return at, false, false
		}
		if at.Target = filepath.ToSlash(target); c.outsideRepository(file, target) {
			at.Check = registry.MarkdownImage
			at.Message = fmt.Sprintf("image %q not found: %s is outside the repository", l.Dest, at.Target)
			return at, true, true
		}
		if !c.o.Tree.IsFile(target) {
			at.Check = registry.MarkdownImage
			at.Message = fmt.Sprintf("image %q not found: %s does not exist", l.Dest, at.Target)
			return at, true, true
		}
		return at, true, false
	}
	if frag, ok := strings.CutPrefix(l.Dest, "#"); ok {
		d, bad := c.anchor(at, doc, frag, "this file")
		return d, true, bad
	}
	if r := c.o.Rules; r.Writes != nil && r.judgesURLs() && c.built(file) && isURLLink(l.Dest) && !c.templated(l.Dest) {
		return c.writtenLink(file, at, l)
	}
	if c.o.Rules.DocLinks && c.built(file) {
		return c.docLink(file, at, l)
	}
	if mdscan.IsMarkdownLink(l.Dest) || c.rootMarkdownLink(file, l.Dest) {
		if f, ok := c.verbatim(file, l.Dest); ok {
			at.Target = filepath.ToSlash(f)
			return at, true, false
		}
		d, bad := c.fileLink(file, at, l)
		return d, true, bad
	}
	if !c.o.Rules.judgesURLs() || !c.built(file) || !isURLLink(l.Dest) || c.templated(l.Dest) {
		return at, false, false
	}
	d, judged, bad = c.urlLink(file, at, l)
	return d, judged, bad
}

// routedRaw reports whether a link of raw HTML in file is judged by the
// rules' Routes: file is a page they place, and the link an image or a
// root-absolute link to no .md file (a relative one is read from a URL
// whose trailing slash the host decides; a .md one is judged as a file).
func (c *checker) routedRaw(file string, l mdscan.Link) bool {
	if _, ok := c.o.Rules.routedPage(file); !ok {
		return false
	}
	return l.Image || strings.HasPrefix(l.Dest, "/") && !strings.HasPrefix(l.Dest, "//") && !mdscan.IsMarkdownLink(l.Dest) && !c.rootMarkdownLink(file, l.Dest)
}

// verbatim is the markdown file a link of file to dest reaches as a URL,
// where the generator copies that file as it is (Rules.Verbatim).
func (c *checker) verbatim(file, dest string) (string, bool) {
	r := c.o.Rules
	if r.Verbatim == nil || !r.judgesURLs() || !c.built(file) {
		return "", false
	}
	t, ok := c.resolveURL(file, dest, false)
	return t.file, ok && t.file != "" && r.Verbatim(t.file)
}

// writtenLink judges a link as the generator writes it (Rules.Writes): a
// URL the browser reads from the page's URL. A link the generator
// changes is named as written, then as the page has it.
func (c *checker) writtenLink(file string, at diag.Diagnostic, l mdscan.Link) (diag.Diagnostic, bool, bool) {
	orig := l.Dest
	l.Dest = c.o.Rules.Writes(file, orig, l.Raw)
	d, judged, bad := c.urlLink(file, at, l)
	if !bad || l.Dest == orig || d.Check != registry.MarkdownLink {
		return d, judged, bad
	}
	from, _ := c.o.Rules.pageURL(file)
	said := fmt.Sprintf("broken markdown link %q: %s writes it as %q, and", orig, c.o.Rules.generator(), l.Dest)
	if _, beside := c.besideFile(file, orig); beside && !strings.HasPrefix(orig, "/") {
		said = fmt.Sprintf("broken markdown link %q: %s writes it as %q, which the browser reads from the page's URL, %s, not from its file, and", orig, c.o.Rules.generator(), l.Dest, serve.URLRoute(from))
	}
	d.Message = strings.Replace(d.Message, fmt.Sprintf("broken markdown link %q:", l.Dest), said, 1)
	return d, judged, bad
}

// templated reports whether the template engine the generator runs first
// writes dest ({{ site.url }}).
func (c *checker) templated(dest string) bool {
	return c.o.Rules.Templated && (strings.Contains(dest, "{{") || strings.Contains(dest, "{%"))
}

// rootMarkdownLink reports whether dest is a root-absolute link to a
// markdown file ("/guide/setup.md") of a page in a content folder: the
// generator finds it from the folder's root.
func (c *checker) rootMarkdownLink(file, dest string) bool {
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || !mdscan.IsMarkdownFile(p) {
		return false
	}
	_, _, ok := c.o.Rules.mountOf(file)
	return ok
}

// besideFile is the file a relative dest names from the markdown file
// (its query and fragment dropped), when there is one: a generator that
// rewrites such links writes the file's own URL.
func (c *checker) besideFile(file, dest string) (string, bool) {
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if p == "" || strings.HasPrefix(p, "/") || mdscan.HasScheme(p) {
		return "", false
	}
	f := filepath.Join(filepath.Dir(file), filepath.FromSlash(decode(p)))
	return f, c.o.Tree.IsFile(f)
}

// urlImage judges an image the generator writes into the page as asked
// (as written, or as its ImageURL makes it): the browser asks for it from
// the built page's URL.
func (c *checker) urlImage(file string, at diag.Diagnostic, l mdscan.Link, asked string) (d diag.Diagnostic, judged, bad bool) {
	// A relative image naming a file is written as the file's own URL,
	// wherever the page is served (Jekyll 4.3 built team.png beside
	// about.md, permalink /about/, as /team.png).
	if f, ok := c.besideFile(file, l.Dest); c.o.Rules.RewritesFileLinks && ok && !l.Raw {
		at.Target = filepath.ToSlash(f)
		return at, true, false
	}
	if d, copied, bad := c.copiedBeside(file, at, l); copied {
		return d, true, bad
	}
	t, ok := c.resolveURL(file, asked, c.o.Rules.keepsBase(file, l))
	if !ok {
		return at, false, false
	}
	at.Check, at.Target = registry.MarkdownImage, t.path
	switch {
	case t.outsideBase && asked != l.Dest:
		at.Message = fmt.Sprintf("image %q is outside the base %s the site is served under: %s writes it as %s", l.Dest, c.o.Rules.Base, c.o.Rules.generator(), asked)
	case t.outsideBase:
		at.Message = fmt.Sprintf("image %q is outside the base %s the site is served under, and %s leaves it as written", l.Dest, c.o.Rules.Base, c.o.Rules.generator())
	case t.uncopied != "":
		at.Message = fmt.Sprintf("image %q: %s is not copied into the site, so no file answers %s", l.Dest, filepath.ToSlash(t.uncopied), t.path)
	case t.leftOut != "":
		at.Message = fmt.Sprintf("image %q: %s is left out by %s, so no file answers %s", l.Dest, filepath.ToSlash(t.leftOut), c.o.Rules.NotBuiltBy, t.path)
	case t.file == "" && t.unjudged != "":
		return at, false, false
	case t.file == "" && l.Raw && !strings.HasPrefix(l.Dest, "/") && c.o.Rules.Routes != nil:
		from, _ := c.o.Rules.pageURL(file)
		at.Message = fmt.Sprintf("image %q not found: %s leaves a raw <img>'s src unbundled, as written, so the browser asks for it from the page's URL, %s, and no file answers %s", l.Dest, c.o.Rules.generator(), from, t.path)
	case t.file == "" && asked != l.Dest && !strings.HasPrefix(l.Dest, "/"):
		at.Message = fmt.Sprintf("image %q not found: %s writes it as %s, from the site's root, not the page's, and no file answers %s", l.Dest, c.o.Rules.generator(), asked, t.path)
	case t.file == "" && c.o.Rules.CopiesBeside != nil && !strings.HasPrefix(l.Dest, "/"):
		at.Message = c.notCopiedBeside(file, l.Dest, t.path)
	case t.file == "" && c.pageFolderMoved(file, l.Dest, t.path):
		from, _ := c.o.Rules.pageURL(file)
		at.Message = fmt.Sprintf("image %q not found: the page is served at %s, and no file answers %s", l.Dest, from, t.path)
	case t.file == "":
		at.Message = fmt.Sprintf("image %q not found: no file answers %s", l.Dest, t.path)
		if f, ok := c.o.Rules.fileAt(t.path); c.o.Public != "" {
			at.Message = fmt.Sprintf("image %q not found: %s does not exist", l.Dest, filepath.ToSlash(filepath.Join(c.o.Public, filepath.FromSlash(decode(t.path)))))
		} else if ok {
			at.Message = fmt.Sprintf("image %q not found: %s does not exist", l.Dest, filepath.ToSlash(f))
		}
	default:
		at.Target = filepath.ToSlash(t.file)
		return at, true, false
	}
	return at, true, true
}

// copiedBeside judges a relative image whose file, beside the markdown
// file, the generator copies beside the page's output (CopiesBeside):
// there it is found, and when it is missing the build stops. copied is
// false for an image no such copy takes, asked for from the page's URL.
func (c *checker) copiedBeside(file string, at diag.Diagnostic, l mdscan.Link) (d diag.Diagnostic, copied, bad bool) {
	r := c.o.Rules
	f, exists := c.besideFile(file, l.Dest)
	if r.CopiesBeside == nil || f == "" {
		return at, false, false
	}
	copied, required := r.CopiesBeside(f)
	switch {
	case copied && exists:
		at.Target = filepath.ToSlash(f)
		return at, true, false
	case copied && required:
		at.Check, at.Target = registry.MarkdownImage, filepath.ToSlash(f)
		at.Message = fmt.Sprintf("image %q not found: %s does not exist, and %s's copy of the files beside pages requires it, so the build stops", l.Dest, at.Target, r.generator())
		return at, true, true
	}
	return at, false, false
}

// notCopiedBeside says why a relative image that no file answers at
// urlPath, asked for from the page's URL, is missing where the generator
// copies files beside pages only by a copy of the config's own
// (CopiesBeside): the file beside the markdown file is not copied, or is
// not there either.
func (c *checker) notCopiedBeside(file, dest, urlPath string) string {
	f, exists := c.besideFile(file, dest)
	if u, ok := c.o.Rules.fileURL(f); exists && ok && c.o.Rules.copied(f) {
		from, _ := c.o.Rules.pageURL(file)
		return fmt.Sprintf("image %q not found: %s is copied to %s, and the page, served at %s, asks for %s", dest, filepath.ToSlash(f), u, from, urlPath)
	}
	if exists {
		return fmt.Sprintf("image %q: %s is not copied beside the page's output (no copy of the config takes it), so no file answers %s", dest, filepath.ToSlash(f), urlPath)
	}
	return fmt.Sprintf("image %q not found: %s does not exist, and no file answers %s", dest, filepath.ToSlash(f), urlPath)
}

// pageFolderMoved reports whether a relative dest, asked for from the
// page's URL (at urlPath), names another file than it does beside the
// markdown file: the page is served a folder deeper than its source.
func (c *checker) pageFolderMoved(file, dest, urlPath string) bool {
	if strings.HasPrefix(dest, "/") {
		return false
	}
	f, ok := c.o.Rules.fileAt(urlPath)
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	return ok && filepath.Clean(f) != filepath.Join(filepath.Dir(file), filepath.FromSlash(decode(p)))
}

// outsideRepository reports whether the file a link of file names climbs
// out of file's repository.
func (c *checker) outsideRepository(file, target string) bool {
	if c.o.Repository == nil {
		return false
	}
	root := c.o.Repository(file)
	if root == "" {
		return false
	}
	abs, err2 := filepath.Abs(target)
	root, err1 := filepath.Abs(root)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(root, abs)
	return err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// fileLink judges a relative link to a markdown file, which names the file
// on disk (and the generator turns into the page's URL, or leaves as it is).
func (c *checker) fileLink(file string, at diag.Diagnostic, l mdscan.Link) (diag.Diagnostic, bool) {
	p, frag, _ := strings.Cut(l.Dest, "#")
	p, _, _ = strings.Cut(p, "?")
	target := c.mdTarget(file, p)
	at.Target = filepath.ToSlash(target)
	if c.outsideRepository(file, target) {
		at.Check, at.Message = registry.MarkdownLink, fmt.Sprintf("broken markdown link %q: %s is outside the repository", l.Dest, at.Target)
		return at, true
	}
	if !c.o.Tree.IsFile(target) {
		at.Check, at.Message = registry.MarkdownLink, fmt.Sprintf("broken markdown link %q: %s does not exist", l.Dest, at.Target)
		at.Message += c.dotSlashHint(file, p)
		return at, true
	}
	if r := c.o.Rules; r.MDUnresolved != nil && c.built(file) {
		if why := r.MDUnresolved(file, target); why != "" {
			at.Check = registry.MarkdownLink
			at.Message = fmt.Sprintf("broken markdown link %q: %s %s", l.Dest, at.Target, why)
			return at, true
		}
	}
	if r := c.o.Rules; r.NotBuilt != nil && c.built(file) && r.NotBuilt(target) {
		at.Check = registry.MarkdownLink
		at.Message = fmt.Sprintf("broken markdown link %q: %s is left out by %s, so %s builds no page for it", l.Dest, at.Target, r.NotBuiltBy, r.generator())
		return at, true
	}
	if from, to := c.version(file), c.version(target); to != "" && to != from {
		at.Check, at.Severity = registry.CrossVersionLink, diag.Warning
		at.Message = fmt.Sprintf("markdown link %q leads into docs version %s from outside it; link to the page's URL instead", l.Dest, to)
		if from != "" {
			at.Message = fmt.Sprintf("markdown link %q leaves docs version %s for %s; link to the page's URL instead", l.Dest, from, to)
		}
		return at, true
	}
	if r := c.o.Rules; c.built(file) && r.LeavesAttrLinks && l.Attrs {
		at.Check = registry.MarkdownLink
		at.Message = fmt.Sprintf("markdown link %q: %s leaves a link with {target} or {download} as written, so the built page links to a file the site does not serve", l.Dest, r.generator())
		return at, true
	}
	if r := c.o.Rules; c.built(file) && (r.leavesMD(file) || r.LeavesRootMD && strings.HasPrefix(p, "/") || l.Raw && r.RawLeavesMD) {
		at.Check = registry.MarkdownLink
		which := "links"
		switch {
		case r.leavesMD(file):
		case l.Raw && r.RawLeavesMD:
			which = "raw HTML's links"
		default:
			which = "root-absolute links"
		}
		at.Message = fmt.Sprintf("markdown link %q: %s leaves %s to .md files as written, so the built page links to a file the site does not serve", l.Dest, r.generator(), which)
		if u := r.suggestURL(file, target); u != "" {
			if frag != "" {
				u += "#" + frag
			}
			at.Message += fmt.Sprintf("; link to the page's URL, %q", u)
		}
		return at, true
	}
	if frag == "" {
		return at, false
	}
	frag = c.fragment(file, strings.TrimSuffix(l.Dest, "#"+frag), frag)
	if c.o.BuiltID != nil {
		if has, known := c.o.BuiltID(at.Target, frag); known && has {
			return at, false
		} else if known {
			return missingAnchor(at, frag, at.Target), true
		}
	}
	tdoc, err := c.doc(target, file)
	if err != nil {
		at.Check, at.Message = registry.MarkdownLink, fmt.Sprintf("markdown link %q: %v", l.Dest, err)
		return at, true
	}
	return c.anchor(at, tdoc, frag, at.Target)
}

// dotSlashHint says, of a link starting with ./ that the generator's own
// search (MDLookup) reads from the page's folder only, where it would lead
// written without the ./; "" where that finds nothing too.
func (c *checker) dotSlashHint(file, p string) string {
	look := c.o.Rules.MDLookup
	if look == nil || !strings.HasPrefix(p, "./") {
		return ""
	}
	bare := strings.TrimLeft(strings.TrimPrefix(p, "./"), "/")
	if t, ok := look(file, decode(bare), c.o.Tree.IsFile); ok {
		return fmt.Sprintf("; %s reads a link starting with ./ from the page's folder only: written %q, it leads to %s", c.o.Rules.generator(), bare, filepath.ToSlash(t))
	}
	return ""
}

// mdTarget is the file a link of file to a markdown file (p: its path,
// without fragment or query) names.
func (c *checker) mdTarget(file, p string) string {
	if look := c.o.Rules.MDLookup; look != nil {
		if t, ok := look(file, decode(p), c.o.Tree.IsFile); ok {
			return t
		}
	}
	dir := filepath.Dir(file)
	if m, _, ok := c.o.Rules.mountOf(file); ok && strings.HasPrefix(p, "/") { // from the content folder's root
		dir, p = m.Dir, strings.TrimPrefix(p, strings.TrimSuffix(m.URL, "/"))
		if lm, rest, ok := c.o.Rules.mountAt(c.o.Rules.localized(file, "/"+strings.TrimPrefix(p, "/"))); ok && c.o.Rules.LinksByLocale {
			dir, p = lm.Dir, rest
		}
	}
	target := filepath.Join(dir, filepath.FromSlash(decode(p)))
	if t, ok := c.rewritten(file, p); ok {
		target = t
	}
	if c.o.Rules.ExtensionFree && !c.o.Tree.IsFile(target) {
		if t := otherExtension(target); c.o.Tree.IsFile(t) {
			target = t
		}
	}
	return target
}

// rewritten is the page a .md link of file to p names where pages are
// moved (Rewrites): p is read from where file is built as if it lay, and
// names the page built as if it lay there.
func (c *checker) rewritten(file, p string) (string, bool) {
	rw := c.o.Rules.Rewrites
	m, rel, ok := c.o.Rules.mountOf(file)
	if rw == nil || !ok {
		return "", false
	}
	at := path.Join(path.Dir(rw.To(rel)), decode(p))
	if strings.HasPrefix(p, "/") {
		at = strings.TrimPrefix(decode(p), "/")
	}
	if src, ok := rw.From(at); ok {
		return filepath.Join(m.Dir, filepath.FromSlash(src)), true
	}
	return filepath.Join(m.Dir, filepath.FromSlash(at)), true
}

// otherExtension is the name of a page in .mdx for .md, and in .md for .mdx.
func otherExtension(name string) string {
	if base, ok := strings.CutSuffix(name, ".mdx"); ok {
		return base + ".md"
	}
	if base, ok := strings.CutSuffix(name, ".md"); ok {
		return base + ".mdx"
	}
	return name
}

// Bundles reports whether the generator writes an image elsewhere than
// its src: a markdown image, unless it writes those as URLs (ImagesAsURLs),
// and one of raw HTML only where it bundles those too (BundlesRawImages).
func (k *Checker) Bundles(l mdscan.Link) bool {
	r := k.c.o.Rules
	if !l.Image {
		return false
	}
	if l.Raw {
		return r.BundlesRawImages
	}
	return !r.ImagesAsURLs
}

// URLOf is the URL path (without the base) and fragment a link of file
// leads to once the generator builds it, or "" when its rules cannot say
// (another site, an image, a page outside the content folders).
func (k *Checker) URLOf(file string, l mdscan.Link) string {
	c, r := k.c, k.c.o.Rules
	if l.Image {
		return c.imageURLOf(file, l)
	}
	pageURL := r.pageURL
	switch {
	case r.Output == nil && c.o.PageURL == nil:
		return ""
	case r.Output == nil:
		pageURL = c.o.PageURL
	}
	frag := ""
	if i := strings.IndexByte(l.Dest, '#'); i >= 0 {
		frag = l.Dest[i:]
	}
	var u string
	var ok bool
	written := l.Dest
	if r.Writes != nil && isURLLink(l.Dest) {
		written = r.Writes(file, l.Dest, l.Raw) // no longer a .md link
	}
	switch {
	case l.Role == mdscan.PostRef && r.RefPage != nil:
		p, _, _ := strings.Cut(l.Dest, "#")
		if target, found := r.RefPage(file, p, c.o.Tree.IsFile); found {
			u, ok = pageURL(target)
		}
	case l.Role != "":
	case strings.HasPrefix(l.Dest, "#"):
		u, ok = pageURL(file)
	case mdscan.IsMarkdownLink(written) || c.rootMarkdownLink(file, written):
		p, _, _ := strings.Cut(strings.TrimSuffix(l.Dest, frag), "?")
		u, ok = pageURL(c.mdTarget(file, p))
	case r.judgesURLs() && isURLLink(written):
		t, found := c.resolveURL(file, written, r.keepsBase(file, l))
		u, ok = t.path, found && !t.outsideBase
		if ok && t.page && r.Href != nil { // as the generator writes it
			u = r.Href(t.path, !strings.HasPrefix(l.Dest, "/"))
		}
	}
	if !ok {
		return ""
	}
	if frag != "" && !strings.HasPrefix(l.Dest, "#") {
		frag = "#" + c.fragment(file, strings.TrimSuffix(l.Dest, frag), frag[1:])
	}
	return u + frag
}

// fragment is the fragment the generator writes for a link of file to p
// (as written, before the fragment) with fragment frag (FragmentOf).
func (c *checker) fragment(file, p, frag string) string {
	if f := c.o.Rules.FragmentOf; f != nil && frag != "" && c.built(file) {
		return f(p, frag)
	}
	return frag
}

// imageURLOf is the URL path an image is written as, where the generator
// rewrites images (ImageURL); "" where it does not.
func (c *checker) imageURLOf(file string, l mdscan.Link) string {
	r := c.o.Rules
	if r.ImageURL == nil || !r.judgesURLs() || !isURLLink(l.Dest) {
		return ""
	}
	asked, ok := r.ImageURL(file, l.Dest)
	if !ok {
		return ""
	}
	if t, found := c.resolveURL(file, asked, false); found && !t.outsideBase {
		return t.path
	}
	return ""
}

// urlLink judges a link written as a URL (./page, ../guide/, /docs/intro,
// page.html) by the generator's routes: some page or file must answer it.
func (c *checker) urlLink(file string, at diag.Diagnostic, l mdscan.Link) (d diag.Diagnostic, judged, bad bool) {
	// MkDocs writes a relative link naming a file of its docs folder (an
	// image, a download) as that file's URL from the page's.
	if f, ok := c.besideFile(file, l.Dest); c.o.Rules.RewritesRelativeFiles && ok && !l.Raw {
		at.Target = filepath.ToSlash(f)
		return at, true, false
	} else if u, ok := c.o.Rules.fileURL(f); c.o.Rules.RewritesRelativeFiles && ok && c.o.Rules.Written[u] != "" && !l.Raw {
		at.Target = u // a file the theme adds to the docs folder's (MkDocs)
		return at, true, false
	}
	t, ok := c.resolveURL(file, l.Dest, c.o.Rules.keepsBase(file, l))
	if !ok {
		return at, false, false
	}
	written, frag, _ := strings.Cut(l.Dest, "#")
	frag = c.fragment(file, written, frag)
	at.Check = registry.MarkdownLink
	switch {
	case t.outsideBase:
		at.Target = t.path
		at.Message = fmt.Sprintf("broken markdown link %q: the site is served under %s, and %s leaves this link as written", l.Dest, c.o.Rules.Base, c.o.Rules.generator())
		return at, true, true
	case t.uncopied != "":
		at.Target = t.path
		at.Message = fmt.Sprintf("broken markdown link %q: %s is no page, and %s copies only its public folder and the files pages import, so no file answers %s", l.Dest, filepath.ToSlash(t.uncopied), c.o.Rules.generator(), t.path)
		return at, true, true
	case t.leftOut != "":
		at.Target = t.path
		at.Message = fmt.Sprintf("broken markdown link %q: %s is left out by %s, so no file answers %s", l.Dest, filepath.ToSlash(t.leftOut), c.o.Rules.NotBuiltBy, t.path)
		return at, true, true
	case t.file == "" && (c.unplaced(t.path) || t.unjudged != ""):
		return at, false, false // a page the gate cannot place may be there
	case t.file == "":
		at.Target = t.path
		at.Message = fmt.Sprintf("broken markdown link %q: no page or file answers %s%s", l.Dest, t.path, c.ruleSaid(t.path))
		return at, true, true
	}
	at.Target = filepath.ToSlash(t.file)
	if r := c.o.Rules; t.page && r.Href != nil {
		if w := r.Href(t.path, !strings.HasPrefix(l.Dest, "/")); w != t.path {
			if f, _ := c.answer(w); f != t.file {
				at.Message = fmt.Sprintf("broken markdown link %q: %s writes it as %s, which no file answers; link to %q", l.Dest, r.generator(), w, c.fileRef(file, t.file, frag))
				return at, true, true
			}
		}
	}
	if !t.page || frag == "" {
		return at, true, false
	}
	tdoc, err := c.doc(t.file, file)
	if err != nil {
		at.Message = fmt.Sprintf("markdown link %q: %v", l.Dest, err)
		return at, true, true
	}
	d, bad = c.anchor(at, tdoc, frag, at.Target)
	return d, true, bad
}

// fileRef is a relative link from file to the page target by its file
// name, with the fragment: the form every generator that rewrites .md
// links resolves by the file itself.
func (c *checker) fileRef(file, target, frag string) string {
	rel, err := filepath.Rel(filepath.Dir(file), target)
	if err != nil {
		return filepath.ToSlash(target)
	}
	if rel = filepath.ToSlash(rel); !strings.HasPrefix(rel, "../") {
		rel = "./" + rel
	}
	if frag != "" {
		rel += "#" + frag
	}
	return rel
}

// anchor reports a fragment that is no heading id of doc (as written or
// percent-decoded). An anchor warns by default: the page still opens.
func (c *checker) anchor(at diag.Diagnostic, doc *mdscan.Doc, frag, where string) (diag.Diagnostic, bool) {
	if frag == "" || doc.HasID(frag) || doc.HasID(decode(frag)) || doc.Unknown != nil && doc.Unknown(decode(frag)) {
		return at, false
	}
	return missingAnchor(at, frag, where), true
}

func missingAnchor(at diag.Diagnostic, frag, where string) diag.Diagnostic {
	at.Severity, at.Check = diag.Warning, registry.MarkdownAnchor
	at.Message = fmt.Sprintf("anchor #%s not found in %s", frag, where)
	return at
}

// version is the docs version folder that holds file, or "". Both sides
// are compared as absolute paths, so "../api/1.2" (from a subfolder) is
// found by the pattern "content/api/*" written at the root.
func (c *checker) version(file string) string {
	if len(c.o.Versions) == 0 { // most projects: no call to the OS for each link
		return ""
	}
	if dir, i := versionlinks.Folder(c.o.Versions, file); i >= 0 {
		return relative(dir)
	}
	return ""
}

// relative names dir from the current folder, as the files are named.
func relative(dir string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, dir); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(dir)
}

// imageFile maps an image destination to the file it needs; external
// images (a scheme, or "//host") are skipped, and so are absolute paths
// when no public folder is known.
func imageFile(source, dest, public string) (string, bool) {
	if mdscan.HasScheme(dest) || strings.HasPrefix(dest, "//") {
		return "", false
	}
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if p == "" {
		return "", false
	}
	p = decode(p)
	if strings.HasPrefix(p, "/") {
		if public == "" {
			return "", false
		}
		return filepath.Join(public, filepath.FromSlash(path.Clean(p))), true
	}
	return filepath.Join(filepath.Dir(source), filepath.FromSlash(p)), true
}

// decode percent-decodes a path; a '%' that starts no escape is kept as
// written ("./img-50%.png"), as a browser keeps it.
func decode(p string) string {
	if dec, err := url.PathUnescape(p); err == nil {
		return dec
	}
	return p
}
