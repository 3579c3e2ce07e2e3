package mdlinks

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Rules are what a site generator does with the links of its markdown. The
// zero value is markdown read as files, as GitHub shows a repository:
// GitHub's heading ids, a relative .md link names a file, and links written
// as URLs are not judged (there is no site to resolve them in).
type Rules struct {
	// Generator names the generator in messages ("starlight").
	Generator string
	// IDs gives headings their ids; the zero value is GitHub's.
	IDs mdscan.IDStyle
	// LeavesMD: the generator writes a relative .md link into the page as
	// it is, so the built page links to a file the site does not serve.
	// LeavesMDIn, when set, says so of some pages only (by their path in
	// their mount).
	LeavesMD   bool
	LeavesMDIn func(rel string) bool
	// RawLeavesMD: a .md link of raw HTML is written into the page as it
	// is, though markdown's are resolved (Docusaurus 3: a JSX <a> of MDX is
	// no markdown link, which its remark plugin alone resolves).
	RawLeavesMD bool
	// LeavesRootMD: a root-absolute .md link ("/guide/a.md") is written
	// into the page as it is, while relative ones are rewritten (MkDocs).
	LeavesRootMD bool
	// LeavesAttrLinks: a link followed by {…} attributes is written into
	// the page as it is, .md and all (VitePress).
	LeavesAttrLinks bool
	// ImagesAsURLs: images are written into the page as they are, so a
	// relative one is resolved from the page's URL, not from the markdown
	// file (Hugo, Eleventy, Jekyll); others bundle or rewrite them.
	ImagesAsURLs bool
	// CopiesBeside, when set, says of the file a relative image names from
	// the markdown file's folder whether a copy of the generator's puts it
	// at the same place from the page's output, where the browser asks for
	// it (Eleventy's passthrough copy in mode "html-relative", by its
	// glob), and whether the build stops when that file is missing
	// (failOnError). Another image, or one of a copy that lets it be
	// missing, is asked for from the page's URL (ImagesAsURLs).
	CopiesBeside func(file string) (copied, required bool)
	// ImageURL, when set, is the URL (with the base) the generator writes
	// for a markdown image of file written dest, which the browser asks
	// for from the page; ok false: as written. hexo-renderer-marked joins
	// the site's root and dest, so a relative image is read from the
	// source folder's root, not from the page.
	ImageURL func(file, dest string) (string, bool)
	// BundlesRawImages: an image of raw HTML (<img src>) is bundled as a
	// markdown image is, found from the markdown file (VitePress: Vue's
	// compiler turns it into an import); other generators write it into
	// the page as it is.
	BundlesRawImages bool
	// RawAsMarkdown: links of raw HTML are taken as markdown's are (an
	// Eleventy site's HTML transforms rewrite both alike).
	RawAsMarkdown bool
	// CopiesFiles: files of a content folder that are no page are copied
	// into the site as they are (Jekyll, MkDocs, Hugo), so a link may name
	// one; VitePress, Astro and Eleventy copy only their public folder.
	CopiesFiles bool
	// Copied, when set, says of a file of a content folder that no page
	// is whether the generator copies it into the site as it is, at its
	// place, where CopiesFiles does not say so of all (Eleventy's
	// passthrough copies, by path or glob).
	Copied func(file string) bool
	// DocLinks: links are references to documents and labels, not URLs
	// (MyST); NotBuilt says which documents the generator leaves out, by
	// the setting NotBuiltBy names.
	DocLinks   bool
	NotBuilt   func(file string) bool
	NotBuiltBy string
	// Verbatim, when set, says of a markdown file of a content folder
	// that the generator copies it as it is, no page (Hexo's skip_render):
	// a link to it, .md and all, is a link to that file.
	Verbatim func(file string) bool
	// URLFallback, when set, is the URL path a page not at urlPath is
	// served from instead ("" for none): Starlight serves a page not yet
	// translated at its locale's URL, with the default locale's content.
	URLFallback func(urlPath string) string
	// URLsRewritten: the project's own code rewrites every link (a Hugo
	// link render hook), so links written as URLs are not judged.
	URLsRewritten bool
	// Includes, when set, is a page's text as the generator parses it for
	// its headings: each include directive (a Hugo shortcode rendering
	// another page, pymdownx.snippets' --8<--) replaced by what it takes
	// in; nil for a page with none. read reads a file as the check does
	// (the working tree, or git's index).
	Includes func(file string, src []byte, read func(name string) ([]byte, error)) []byte
	// Preprocess, when set, is the generator's own rewriting of a page's
	// text before it parses it, every line kept where it was (Docusaurus
	// unwraps ```mdx-code-block fences).
	Preprocess func(src []byte) []byte
	// CodeIDs, when set, says of a page which ids code of the project's
	// own may give it, code checks does not run (mkdocstrings's "::: name"
	// blocks, a hook rewriting every page): an anchor to one of them is
	// taken as found. nil: none.
	CodeIDs func(src []byte) func(id string) bool
	// LinksByLocale: a root-absolute link is the page's own language's
	// unless it starts with a language's folder (Rspress's
	// markdown.link.autoPrefix: /guide from a page in zh/ is /zh/guide,
	// /zh/guide and /en/guide are as written); the default language's
	// folder is its mount's Alias.
	LinksByLocale bool
	// ExtensionFree: a link's .md or .mdx is dropped for the page's route,
	// so either names a page written in either (Rspress).
	ExtensionFree bool
	// Rewrites, when set, builds pages of a content folder as if they lay
	// elsewhere in it (VitePress's rewrites). A relative .md link of a
	// moved page is resolved from its new place, as the generator does.
	Rewrites *Rewrites
	// RefPage, when set, finds the page a link written as a page's path
	// names (mdscan.PageRef: Hugo's ref and relref; mdscan.PostRef: Hexo's
	// post_link, a post's path in _posts or its title), from the linking
	// file.
	RefPage func(file, p string, isFile func(string) bool) (string, bool)
	// MDLookup, when set, is the generator's own search for the file a .md
	// link p (decoded) of file names, given which files exist; ok false
	// where it finds none, and the link is read as a browser would, from
	// the page's folder. Docusaurus looks a link up from the content folder
	// of the page's version and the site's root before the page's folder;
	// Eleventy's InputPathToUrl from the input folder after it.
	MDLookup func(file, p string, isFile func(string) bool) (string, bool)
	// MDUnresolved, when set, says why the generator leaves a link of file
	// to target, an existing file, as written, so it leads nowhere (a
	// clause whose subject is target); "" when it resolves it. A Docusaurus content plugin resolves links to its own
	// files only.
	MDUnresolved func(file, target string) string
	// Route, when set, is a client-side router's own reading of each link
	// of a page in a content folder (Docsify renders every page in the
	// browser, from its markdown): where it leads, once for each way the
	// page is drawn (a sidebar on the pages of each folder), every one of
	// which must work; none for a link it leaves to another site.
	Route func(file string, l mdscan.Link) []Routed
	// Routes, when set, gives the URL paths (without the base) pages are
	// served at where no Mounts and Output say them, as the preset computes
	// them from the sources (Docusaurus: doc ids, slugs, number prefixes,
	// versions); nil from it: the sources do not decide them. With them, the
	// links of raw HTML the generator writes as they are, root-absolute
	// ones and images, are judged as the browser reads them, from the
	// page's URL; links of markdown are left to the generator.
	Routes func() *Routes
	// Mounts are the content folders and the URL path each is served at.
	// With none, links written as URLs (extensionless, .html,
	// root-absolute) are not judged, and not counted as checked.
	Mounts []Mount
	// Output is the file, relative to its mount, a page is built into:
	// "guide/a.md" → "guide/a.html" or "guide/a/index.html". Sources
	// names, for an output file, sources beside the usual ones (same stem,
	// index, README) that Output may build into it (Jekyll's posts).
	Output  func(rel string) string
	Sources func(out string) []string
	// Host is how the static host answers URLs (clean URLs).
	Host serve.Host
	// Written are the files the generator's plugins write that no source
	// names (a feed), by URL path, each with the file that says so. A path
	// ending in "/*" stands for every path under its folder (Hexo's pages
	// of each tag, written by a generator from the posts' front matter).
	Written map[string]string
	// Templated: pages go through a template engine before markdown
	// (Eleventy's Liquid or Nunjucks, Jekyll's Liquid, Hugo's shortcodes),
	// so a link holding {{ }} or {% %} is written by it, and not judged.
	// TemplateBlocks: that engine is Liquid or Nunjucks, whose
	// {% highlight %}, {% capture %}, {% set x %} and {% comment %} blocks
	// are no text of the page (mdscan.BlankTemplateBlocks); in Hugo's
	// content they are text like any other.
	Templated, TemplateBlocks bool
	// Base is the path the site is served under ("/proj/", or "" at the
	// root). PrefixesBase: the generator adds it to root-absolute links
	// of the markdown, so they are written without it.
	Base         string
	PrefixesBase bool
	// PrefixesBaseImages: the generator adds the base to root-absolute
	// images only, while a root-absolute link written as a URL is written
	// as it is, so it must carry the base itself (VuePress: Vite bundles
	// the images under the base; a link not starting with the base is an
	// external one to it).
	PrefixesBaseImages bool
	// FragmentOf, when set, is the fragment the generator writes for a
	// link to the path p (as written, without its fragment) with fragment
	// frag: VuePress writes #1-0 of a link to a page as #_1-0, as its
	// heading ids guard a leading digit. nil: as written.
	FragmentOf func(p, frag string) string
	// RawKeepsBase, when set, says of a link of raw HTML in file (an
	// image or not) that the generator writes it as it is, though it adds
	// the base to markdown's, so a root-absolute one must carry the base
	// itself (Nextra: JSX in .mdx, and any <img>, is no Next.js Link).
	RawKeepsBase func(file string, image bool) bool
	// Writes, when set, is the link the generator writes into the page for
	// one of file written as dest within the site (raw: in raw HTML, not
	// an image); what it writes is then judged as a URL, read from the
	// page's URL as the browser reads it, whatever it was written as
	// (Nextra drops a markdown link's .md and .mdx, and Next.js's Link sets
	// a root-absolute path's trailing slash as trailingSlash says).
	Writes func(file, dest string, raw bool) string
	// RewritesFileLinks: the generator writes a link that names a file of
	// the site's sources as that file's own URL, with the base: relative to
	// the markdown file, or root-absolute (jekyll-relative-links). Other
	// root-absolute links get no base.
	RewritesFileLinks bool
	// RewritesRelativeFiles: a relative link naming any file beside the
	// page, not only a page, is written as that file's URL (MkDocs).
	RewritesRelativeFiles bool
	// Href, when set, is the URL path the generator writes into the page
	// for a link written as a URL that it resolved to the page at urlPath
	// (without the base); rel: the link was written relative. Rspress
	// without cleanUrls writes ./guide/ as /guide.html (a relative link
	// loses its trailing slash, and .html is added), which no file
	// answers. nil: the link is written as it resolves.
	Href func(urlPath string, rel bool) string

	// FrontURL, when set, is the URL path (in its content folder) that a
	// page's front matter serves it at instead of its Output: ok is false
	// when it names none, or none the gate can read (a template). value
	// reads one key of the page's front matter (front.go).
	FrontURL func(rel string, value func(key string) string) (urlPath string, ok bool)
	// FrontAliases, when set, is the front matter key that lists other URL
	// paths a page answers at, redirecting to it (jekyll-redirect-from's
	// redirect_from); they are the site's or the content folder's as
	// FrontURL's are.
	FrontAliases string
	// FrontHTML: an HTML file with front matter is a page too, which the
	// front matter may move (Jekyll's pages/showcase.html at /showcase/).
	FrontHTML bool
	// FrontFromRoot: FrontURL's path is the site's, whatever content
	// folder the page is in (Jekyll's permalink in a collection).
	FrontFromRoot bool
	// FrontUnplaced, when set, is the URL folder (in its content folder)
	// a page is served under whose front matter moves it where the gate
	// cannot compute (an Eleventy permalink of other template data): a
	// link to a URL in that folder that no page answers is not judged.
	FrontUnplaced func(rel string, value func(key string) string) (folder string, ok bool)
	// front is the checker's reading of FrontURL for a page file.
	front func(file string) (string, bool)

	wd string // the current folder, once: see resolved
	// last remembers mountOf's last answer: it is asked several times for
	// each link of a large site, nearly always of the file being checked.
	last *lastMount
}

// Routes are the URLs of a site's pages (Rules.Routes).
type Routes struct {
	// Page is each page's URL path by its file (clean, relative to the
	// current folder), "/docs/intro" with no trailing slash but the
	// root's; File is the page file at each URL path.
	Page, File map[string]string
	// Unjudged, when set, says why a URL path that no page or file answers
	// is not judged (a page the gate cannot place may be there): "" when
	// it is broken.
	Unjudged func(urlPath string) string
}

// routes are the rules' Routes, nil for none.
func (r Rules) routes() *Routes {
	if r.Routes == nil {
		return nil
	}
	return r.Routes()
}

// routedPage is the URL path of a page file by the rules' Routes.
func (r Rules) routedPage(file string) (string, bool) {
	rt := r.routes()
	if rt == nil {
		return "", false
	}
	if filepath.IsAbs(file) && r.wd != "" {
		if rel, err := filepath.Rel(r.wd, file); err == nil {
			file = rel
		}
	}
	u, ok := rt.Page[filepath.Clean(file)]
	return u, ok
}

// routedFile is the page file Routes serve at urlPath, trailing slash or not.
func (r Rules) routedFile(urlPath string) (string, bool) {
	rt := r.routes()
	if rt == nil {
		return "", false
	}
	if p := strings.TrimSuffix(urlPath, "/"); p != "" {
		urlPath = p
	}
	f, ok := rt.File[urlPath]
	return f, ok
}

// Routed is where a client-side router takes a link (Rules.Route).
type Routed struct {
	// File is the file the browser fetches for it: the markdown of the
	// page rendered, an image, or another file.
	File string
	// ID is the heading id the router scrolls to, "" for none; Route
	// the route it opens, said in messages ("#/guide/intro").
	ID, Route string
	// On, when set, says where the link is drawn so ("on the pages of
	// docs/guide/"), for a file drawn on many pages.
	On string
	// Beside is the file the link names read from the page's folder, where
	// the router reads it from elsewhere, and Instead the link to write
	// for that file: said when File is missing and Beside is there.
	Beside, Instead string
}

// lastMount is the last file mountOf was asked of, and its answer.
type lastMount struct {
	mu    sync.Mutex
	asked bool
	file  string
	m     Mount
	rel   string
	ok    bool
}

// Rewrites move pages within a content folder, by their paths in it.
type Rewrites struct {
	To   func(rel string) string         // where a page is built as if it lay
	From func(rel string) (string, bool) // the page built as if at rel, if any
}

// Mount is a content folder and the URL path its pages are served at.
type Mount struct {
	Dir string // a folder, relative to the current directory
	URL string // "/" or "/docs/"
	// Output, when set, builds this folder's pages instead of the rules'
	// Output (a Jekyll collection with a permalink of its own).
	Output func(rel string) string
	// Alias is another URL path links may name this folder's pages under
	// (LinksByLocale: /en/ for the default language, served at the root).
	Alias string
	abs   string // Dir, absolute
}

// output is the file a page of mount m at rel is built into.
func (r Rules) output(m Mount, rel string) string {
	if m.Output != nil {
		return m.Output(rel)
	}
	return r.Output(rel)
}

// generator names the generator in a message: "the generator" when the
// rules are a checks.json's own, of no preset.
func (r Rules) generator() string {
	if r.Generator == "" {
		return "the generator"
	}
	return r.Generator
}

// HeadingIDs is the id style in force: the preset's, else GitHub's.
func (r Rules) HeadingIDs() mdscan.IDStyle {
	if r.IDs.Name == "" {
		return mdscan.GitHub
	}
	return r.IDs
}

// judgesURLs reports whether links written as URLs can be resolved to files.
func (r Rules) judgesURLs() bool { return len(r.Mounts) > 0 && r.Output != nil && !r.URLsRewritten }

// mountOf is the mount that holds file, and file's path inside it.
func (r Rules) mountOf(file string) (Mount, string, bool) {
	if r.wd == "" { // rules not made ready: a caller's own, asking once
		r = r.Resolved()
	}
	l := r.last
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.asked || l.file != file {
		l.asked, l.file = true, file
		l.m, l.rel, l.ok = r.findMount(file)
	}
	return l.m, l.rel, l.ok
}

func (r Rules) findMount(file string) (Mount, string, bool) {
	// Both sides absolute and clean ("setup.md" is in "../../docs"), so a
	// prefix says what filepath.Rel would, at a fraction of its cost: this
	// runs for every link of a large site.
	if filepath.IsAbs(file) {
		file = filepath.Clean(file)
	} else {
		file = filepath.Join(r.wd, file)
	}
	for _, m := range r.Mounts {
		dir := m.abs
		if !strings.HasSuffix(dir, string(filepath.Separator)) {
			dir += string(filepath.Separator)
		}
		if rel, ok := strings.CutPrefix(file, dir); ok {
			return m, filepath.ToSlash(rel), true
		}
		if file == m.abs {
			return m, ".", true
		}
	}
	return Mount{}, "", false
}

// forked is r with a memory of its own, for another goroutine.
func (r Rules) forked() Rules {
	r.last = &lastMount{}
	return r
}

// Resolved is r made ready to be asked of many files: its folders made
// absolute once (against the current folder), and each file's folder
// remembered.
func (r Rules) Resolved() Rules {
	r.wd, _ = os.Getwd()
	r.last = &lastMount{}
	mounts := make([]Mount, len(r.Mounts))
	for i, m := range r.Mounts {
		m.abs = filepath.Clean(m.Dir)
		if !filepath.IsAbs(m.Dir) {
			m.abs = filepath.Join(r.wd, m.Dir)
		}
		mounts[i] = m
	}
	r.Mounts = mounts
	return r
}

// leavesMD reports whether the generator leaves the .md links of file as written.
func (r Rules) leavesMD(file string) bool {
	if r.LeavesMD {
		return true
	}
	if r.LeavesMDIn == nil {
		return false
	}
	_, rel, ok := r.mountOf(file)
	return ok && r.LeavesMDIn(rel)
}

// pageURL is the URL path (without the base) a markdown file is served at.
func (r Rules) pageURL(file string) (string, bool) {
	if u, ok := r.routedPage(file); ok {
		return u, true
	}
	if r.front != nil {
		if u, ok := r.front(file); ok {
			return u, true
		}
	}
	m, rel, ok := r.mountOf(file)
	if !ok {
		return "", false
	}
	return strings.TrimSuffix(m.URL, "/") + serve.PageURL(r.output(m, rel)), true
}

// fileURL is the URL path a file of a content folder is copied to, as it
// is (not built into a page).
func (r Rules) fileURL(file string) (string, bool) {
	m, rel, ok := r.mountOf(file)
	if !ok || file == "" {
		return "", false
	}
	return strings.TrimSuffix(m.URL, "/") + "/" + rel, true
}

// Built is the file, relative to the built site's root, that the
// generator builds a markdown file of a content folder into (its Output
// under the folder's URL path); ok is false for a file outside them, or
// when the rules know no Output.
func (r Rules) Built(file string) (string, bool) {
	if r.Output == nil {
		return "", false
	}
	m, rel, ok := r.mountOf(file)
	if !ok {
		return "", false
	}
	out := r.output(m, rel)
	if out == "" && r.FrontURL != nil {
		return r.builtByFront(m, rel, file)
	}
	return strings.TrimPrefix(path.Join(strings.Trim(m.URL, "/"), out), "/"), true
}

// builtByFront is the file a page built at no usual place (a Hexo post) is
// built into, where its front matter says: a URL ending in a slash is its
// folder's index.html.
func (r Rules) builtByFront(m Mount, rel, file string) (string, bool) {
	src, err := os.ReadFile(file)
	if err != nil {
		return "", false
	}
	u, ok := r.FrontURL(rel, func(key string) string { return mdscan.FrontValue(src, key) })
	if !ok {
		return "", false
	}
	u = inMount(m, u, r.FrontFromRoot)
	if strings.HasSuffix(u, "/") {
		u += "index.html"
	}
	return strings.TrimPrefix(u, "/"), true
}

// withoutBase takes the base off a root-absolute path the generator copies
// into the page as written (so it must carry the base); ok is false when
// the path lacks it. Other paths come back as they are. image: dest is an
// image the generator bundles; keepsBase: the generator writes this one as
// it is, though it adds the base to others (RawKeepsBase).
func (c *checker) withoutBase(dest string, image, keepsBase bool) (string, bool) {
	r := c.o.Rules
	if r.Base == "" || r.PrefixesBase && !keepsBase || image && r.PrefixesBaseImages || !strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "//") {
		return dest, true
	}
	if r.RewritesFileLinks && c.namesSource(dest) {
		return dest, true
	}
	return under(dest, r.Base)
}

// under takes the folder prefix ("/proj/", "/") off a root-absolute path,
// keeping the path's leading "/": "/proj/a" under "/proj/" is "/a", and
// "/proj" is "/". ok is false when the path is not under it ("/projects").
func under(p, prefix string) (string, bool) {
	rest, ok := strings.CutPrefix(p, strings.TrimSuffix(prefix, "/"))
	if !ok || (rest != "" && !strings.ContainsRune("/?#", rune(rest[0]))) {
		return p, false
	}
	return "/" + strings.TrimPrefix(rest, "/"), true
}

// namesSource reports whether a root-absolute path names a file of a
// content folder.
func (c *checker) namesSource(p string) bool {
	p, _, _ = strings.Cut(p, "#")
	p, _, _ = strings.Cut(p, "?")
	f, ok := c.o.Rules.fileAt(p)
	return ok && c.o.Tree.IsFile(f)
}

// isURLLink reports whether dest is a link within the site written as a
// URL: no scheme, not "//host", not only a fragment.
func isURLLink(dest string) bool {
	return dest != "" && !strings.HasPrefix(dest, "#") && !strings.HasPrefix(dest, "//") && !mdscan.HasScheme(dest)
}

// target is what a link written as a URL leads to: a markdown page (page
// set), another file of the content or the public folder, or nothing.
type target struct {
	path string // the URL path in the site, without the base
	file string // the file that answers it, "" when none does
	page bool   // file is a markdown page
	// outsideBase: the path is root-absolute but lacks the base the site
	// is served under, so it leaves the site.
	outsideBase bool
	// unjudged says why no file answering it is not judged (Routes).
	unjudged string
	// uncopied: a file of a content folder answers it, which the
	// generator does not copy into the site. leftOut: one the rules'
	// NotBuilt leaves out (Hexo's hidden _names).
	uncopied, leftOut string
}

// resolveURL resolves a link of file, written as a URL (keepsBase: one
// the generator writes as it is, base and all), as the built page's
// browser would, and finds the source that answers it.
func (c *checker) resolveURL(file, dest string, keepsBase bool) (target, bool) {
	r := c.o.Rules
	from, ok := r.pageURL(file)
	if !ok {
		return target{}, false
	}
	ref, err := url.Parse(dest)
	if err != nil {
		return target{}, false
	}
	base := &url.URL{Scheme: "http", Host: "site", Path: from}
	p := base.ResolveReference(ref).EscapedPath()
	if strings.HasPrefix(dest, "/") {
		rest, inBase := c.withoutBase(p, false, keepsBase) // an image written as a URL is as written too
		if !inBase {
			return target{path: p, outsideBase: true}, true
		}
		p = rest
		if lp := r.localized(file, p); lp != p {
			if f, page := c.answer(p); f == "" || page { // a file other than a page is as written
				p = lp
			}
		}
	}
	file, page := c.answer(p)
	t := target{path: p, file: file, page: page}
	if rt := r.routes(); file == "" && rt != nil && rt.Unjudged != nil {
		t.unjudged = rt.Unjudged(p)
	}
	if file == "" {
		t.uncopied = c.uncopied(p)
		if f, ok := r.fileAt(p); ok && t.uncopied == "" && r.leftOut(f) && c.o.Tree.IsFile(f) {
			t.leftOut = f
		}
	}
	return t, true
}

// localized is the URL path a root-absolute link of file to p leads to,
// where links are the page's language's (LinksByLocale).
func (r Rules) localized(file, p string) string {
	if !r.LinksByLocale {
		return p
	}
	for _, m := range r.Mounts {
		if m.URL != "/" && strings.HasPrefix(p, m.URL) {
			return p
		}
		if rest, ok := strings.CutPrefix(p, m.Alias); ok && m.Alias != "" {
			return m.URL + rest
		}
	}
	if m, _, ok := r.mountOf(file); ok {
		return m.URL + strings.TrimPrefix(p, "/")
	}
	return p
}

// keepsBase reports whether the generator writes a link of file as it
// is, though it adds the base to markdown's (RawKeepsBase).
func (r Rules) keepsBase(file string, l mdscan.Link) bool {
	return l.Raw && r.RawKeepsBase != nil && r.RawKeepsBase(file, l.Image)
}

// copied reports whether the generator copies a file of a content folder
// as it is, where it copies some only (Copied).
func (r Rules) copied(file string) bool { return r.Copied != nil && r.Copied(file) }

// leftOut reports whether the generator leaves a file of its content
// folders out of the site (NotBuilt).
func (r Rules) leftOut(file string) bool { return r.NotBuilt != nil && r.NotBuilt(file) }

// fileAt is the file of a content folder a URL path names.
func (r Rules) fileAt(urlPath string) (string, bool) {
	m, rest, ok := r.mountAt(urlPath)
	if !ok {
		return "", false
	}
	return filepath.Join(m.Dir, filepath.FromSlash(decode(rest))), true
}

// mountAt is the content folder a URL path is in, and the path in it.
func (r Rules) mountAt(urlPath string) (Mount, string, bool) {
	for _, m := range r.Mounts {
		if rest, ok := under(urlPath, m.URL); ok {
			return m, rest, true
		}
	}
	return Mount{}, "", false
}

// uncopied is the file of a content folder that the path names, when the
// generator leaves such files out of the site.
func (c *checker) uncopied(urlPath string) string {
	if c.o.Rules.CopiesFiles {
		return ""
	}
	if f, ok := c.o.Rules.fileAt(urlPath); ok && !mdscan.IsMarkdownFile(f) && c.o.Tree.IsFile(f) && !c.o.Rules.copied(f) {
		return f
	}
	return ""
}

// answer finds the source of a URL path: a page whose output the host
// serves at it, a file of a content folder copied as it is, or a file of
// the public folder.
func (c *checker) answer(urlPath string) (string, bool) {
	f, page := c.answerAt(urlPath)
	if fb := c.o.Rules.URLFallback; f == "" && fb != nil {
		if alt := fb(urlPath); alt != "" && alt != urlPath { // one step: the default locale's page, or nothing
			f, page = c.answerAt(alt)
		}
	}
	if by, ok := c.o.Rules.written(urlPath); f == "" && ok {
		return by, false
	}
	if routes := c.o.Rules.Host.Routes; f == "" && routes.Answers(urlPath) {
		return routes.File, false // the host redirects it, or serves it from elsewhere
	}
	if f == "" {
		if by, ok := c.byRule(urlPath); ok {
			return by, false
		}
	}
	return f, page
}

// ruleSaid says what the host's rule for urlPath, which no page answers,
// does with it: ", and _redirects line 3 sends it on to /nowhere (301)";
// "" when no rule matches.
func (c *checker) ruleSaid(urlPath string) string {
	h := c.o.Rules.Host
	r, ok := h.Rule(urlPath, false)
	if !ok {
		return ""
	}
	where := fmt.Sprintf("%s line %d", path.Base(r.File), r.Line)
	if r.Status >= 400 {
		return fmt.Sprintf(": %s answers it with %d", where, r.Status)
	}
	return fmt.Sprintf(", and %s sends it on to %s (%d), which no page answers", where, r.To, r.Status)
}

// byRule is the file of the host's redirect rule (a _redirects line,
// netlify.toml) that leads urlPath, which no page answers, to one that
// does, or to another site.
func (c *checker) byRule(urlPath string) (string, bool) {
	h := c.o.Rules.Host
	r, ok := h.Rule(urlPath, false)
	if !ok || r.Status >= 400 {
		return "", false
	}
	to, away := h.RuleTarget(r.To)
	if !away {
		if f, _ := c.answerAt(strings.SplitN(to, "#", 2)[0]); f == "" {
			return "", false
		}
	}
	return r.File, true
}

// written is the file that says a plugin writes urlPath, if one does.
func (r Rules) written(urlPath string) (string, bool) {
	if by, ok := r.Written[urlPath]; ok {
		return by, true
	}
	for p, by := range r.Written {
		if dir, ok := strings.CutSuffix(p, "/*"); ok && strings.HasPrefix(urlPath, dir+"/") {
			return by, true
		}
	}
	return "", false
}

// answerAt is answer without a fallback.
func (c *checker) answerAt(urlPath string) (string, bool) {
	r := c.o.Rules
	if f, ok := r.routedFile(urlPath); ok && c.o.Tree.IsFile(f) {
		return f, mdscan.IsMarkdownFile(f)
	}
	for _, m := range r.Mounts {
		rest, ok := under(urlPath, m.URL)
		if !ok {
			continue
		}
		for _, out := range r.Host.Candidates(rest) {
			srcs := sourcesOf(out)
			if r.Sources != nil {
				srcs = append(srcs, r.Sources(out)...)
			}
			for _, src := range srcs {
				f := filepath.Join(m.Dir, filepath.FromSlash(src))
				if r.output(m, src) != out || !c.o.Tree.IsFile(f) || r.leftOut(f) {
					continue
				}
				if _, moved := c.frontOf(f); !moved { // else it is served elsewhere
					return f, mdscan.IsMarkdownFile(f) // a template of another language is a page with no ids the gate reads
				}
			}
			if f := filepath.Join(m.Dir, filepath.FromSlash(out)); (r.CopiesFiles || r.copied(f)) && !mdscan.IsMarkdownFile(out) && c.o.Tree.IsFile(f) && !r.leftOut(f) {
				return f, false
			}
		}
	}
	if f, ok := c.frontPage(urlPath); ok {
		return f, mdscan.IsMarkdownFile(f) // an HTML page is a page with no ids the gate reads
	}

	if c.o.Public != "" {
		for _, out := range r.Host.Candidates(urlPath) {
			if f := filepath.Join(c.o.Public, filepath.FromSlash(out)); c.o.Tree.IsFile(f) && !r.leftOut(f) {
				return f, false
			}
		}
	}
	return "", false
}

// sourcesOf lists the markdown files that could be built into out; the
// generator's Output says which one is.
func sourcesOf(out string) []string {
	stem := strings.TrimSuffix(out, ".html")
	srcs := []string{stem + ".md", stem + ".mdx"}
	if dir, ok := strings.CutSuffix(stem, "index"); ok && (dir == "" || strings.HasSuffix(dir, "/")) {
		srcs = append(srcs, dir+"README.md")
		if d := strings.TrimSuffix(dir, "/"); d != "" {
			srcs = append(srcs, d+".md", d+".mdx", d+"/_index.md")
		} else {
			srcs = append(srcs, "_index.md")
		}
	}
	return srcs
}

// suggestURL is the URL to write instead of a .md link the generator
// leaves as it is: the target page's URL relative to the linking page's,
// which holds under any base.
func (r Rules) suggestURL(from, to string) string {
	if r.Routes != nil {
		return "" // whether the page's URL ends in a slash is the host's say (Docusaurus), so no relative URL is safe
	}
	a, ok1 := r.pageURL(from)
	b, ok2 := r.pageURL(to)
	if !ok1 || !ok2 {
		return ""
	}
	rel, err := filepath.Rel(path.Dir(a+"x"), b)
	if err != nil {
		return b
	}
	rel = filepath.ToSlash(rel)
	if strings.HasSuffix(b, "/") && rel != "." {
		rel += "/"
	}
	if !strings.HasPrefix(rel, ".") {
		rel = "./" + rel
	}
	return rel
}
