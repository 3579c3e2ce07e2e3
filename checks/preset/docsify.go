package preset

import (
	"bytes"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
)

// docsify lays out a Docsify 5 site, as docsify 5.0.0 renders it in the
// browser: no build, the index.html setting window.$docsify is the whole
// site, and its router fetches each page's markdown from the docs folder
// (index.html's, or basePath from there) when the page is opened. Every
// rule of docsifyRouter is read from src/core/router and
// src/core/render/compiler of the package, and seen in Chromium
// (proofs/docsify.sh).
func docsify(g Generator) Layout {
	site := g.Dir()
	docs := site
	base := g.Value("basePath")
	switch {
	case strings.Contains(base, "//"):
		g.note("basePath %s fetches the pages from another site: the markdown beside index.html is taken for them", base)
	case strings.HasPrefix(base, "/"):
		g.note("basePath %s is read from the folder of index.html, taken as the server's root", base)
		docs = filepath.Join(site, filepath.FromSlash(base))
	case base != "":
		docs = filepath.Join(site, filepath.FromSlash(base))
	}
	if ext := g.Value("ext"); ext != "" && ext != ".md" {
		g.note("ext %s is not modelled: pages are taken to be .md files", ext)
	}
	if _, ok := lookup(g.doc, "noCompileLinks"); ok {
		g.note("noCompileLinks is not read: every link is judged as Docsify's router reads it")
	}
	history := g.Value("routerMode") == "history"
	if history {
		g.note("routerMode history: a link with :ignore, and one of raw HTML with a fragment, are not judged (Docsify routes every link of the site's own, and the host's fallback decides)")
	}
	r := &docsifyRouter{
		site: filepath.Join(g.Root, site), docs: filepath.Join(g.Root, docs), history: history,
		homepage: firstNonEmpty(g.Value("homepage"), "README.md"), relative: g.Value("relativePath") == "true",
		alias: docsifyAliases(g), inDocs: fromRoot(filepath.Join(g.Root, docs)),
	}
	for _, key := range []string{"loadSidebar", "loadNavbar", "coverpage"} {
		r.partials = append(r.partials, docsifyPartial(g.Value(key), key))
	}
	return Layout{
		Markdown: []string{docs}, Exclude: []string{"**/node_modules/**"},
		Rules: mdlinks.Rules{IDs: mdscan.Docsify, Mounts: []mdlinks.Mount{{Dir: docs, URL: "/"}}, Route: r.route, CodeIDs: docsifyEmbedded},
	}
}

// docsifyPartial is the file a loadSidebar, loadNavbar or coverpage value
// names: true is Docsify's own name for it, a string its file.
func docsifyPartial(v, key string) string {
	names := map[string]string{"loadSidebar": "_sidebar.md", "loadNavbar": "_navbar.md", "coverpage": "_coverpage.md"}
	if v == "" || v == "true" || v == "false" {
		return names[key]
	}
	return path.Base(v)
}

// docsifyAlias is one entry of alias: a route matching re (the key,
// anchored at both ends, as Docsify makes it) is fetched as to.
type docsifyAlias struct {
	re *regexp.Regexp
	to string
}

// docsifyAliases reads alias, an object of strings; a key that is no
// regular expression Go reads alike is said, and left out.
func docsifyAliases(g Generator) []docsifyAlias {
	var out []docsifyAlias
	for _, p := range g.Pairs("alias", "no route is taken to be fetched from elsewhere") {
		re, err := regexp.Compile("^(?:" + p[0] + ")$")
		if err != nil {
			g.note("alias %q: %v; it is not read", p[0], err)
			continue
		}
		out = append(out, docsifyAlias{re, p[1]})
	}
	return out
}

// docsifyRouter reads a link as Docsify 5's compiler writes it and its
// router follows it.
type docsifyRouter struct {
	site, docs string // index.html's folder and the pages', from the project's folder
	history    bool   // routerMode: 'history'
	homepage   string // the page of the route "/"
	relative   bool   // relativePath: links read from the page's folder
	alias      []docsifyAlias
	partials   []string // _sidebar.md, _navbar.md, _coverpage.md: drawn on every page
	inDocs     func(file string) (string, bool)
	// files are the docs folder's markdown files and folders those
	// holding pages, read once (walk) for the partials.
	once    sync.Once
	files   map[string]bool
	folders []string
}

// route is mdlinks.Rules.Route for Docsify.
func (d *docsifyRouter) route(file string, l mdscan.Link) []mdlinks.Routed {
	rel, ok := d.inDocs(file)
	if !ok || l.Dest == "" || docsifyAbsolute(l.Dest) {
		return nil
	}
	rel = filepath.ToSlash(rel)
	if !d.isPartial(rel) {
		return d.from(d.routeOf(rel), rel, l)
	}
	if strings.HasPrefix(l.Dest, "#") && !l.Raw {
		return nil // the heading of whichever page it is drawn on
	}
	// A sidebar, navbar or cover is drawn on the pages of its folder and
	// of each folder below without one of its own, and Docsify reads its
	// images and embeds, and with relativePath its links, from that
	// page's folder.
	inFolder := l.Image && !l.Raw || docsifyHas(l.Title, "include") || d.history && l.Raw && !strings.HasPrefix(l.Dest, "/")
	if !inFolder && !(d.relative && !strings.HasPrefix(l.Dest, "/")) {
		return d.from(d.routeOf(rel), rel, l)
	}
	var out []mdlinks.Routed
	for _, dir := range d.drawnIn(rel) {
		for _, rt := range d.from(folderRoute(dir), rel, l) {
			if dir != path.Dir(rel) {
				rt.On = "on the pages of " + filepath.ToSlash(filepath.Join(d.docs, dir)) + "/"
			}
			out = append(out, rt)
		}
	}
	return out
}

// from is where a link of the page rel, rendered at the route current,
// leads.
func (d *docsifyRouter) from(current, rel string, l mdscan.Link) []mdlinks.Routed {
	dest := l.Dest
	switch {
	case l.Raw && d.history:
		return d.rawHistory(current, dest, l.Image)
	case l.Raw:
		return d.raw(dest)
	case l.Image:
		// compiler/image.js: getPath(base, getParentPath(route), href),
		// whose slashes collapse: /logo.png is the page's folder's too.
		return d.inFolder(current, dest)
	case docsifyHas(l.Title, "include"):
		// render/compiler.js compileEmbed: read as an image is.
		return d.inFolder(current, dest)
	case docsifyHas(l.Title, "ignore"):
		return d.ignored(current, dest)
	}
	rt, ok := d.follow(d.toRoute(current, dest, d.relative))
	if !ok {
		return nil
	}
	if !d.relative && !strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "#") && !d.isPartial(rel) {
		rt.Beside, rt.Instead = d.beside(current, rel, dest)
	}
	return []mdlinks.Routed{rt}
}

// inFolder is the file an image or an embed names, read from the folder
// of the route current, whatever its start.
func (d *docsifyRouter) inFolder(current, dest string) []mdlinks.Routed {
	p, _, _ := strings.Cut(dest, "?")
	return []mdlinks.Routed{{File: underRoot(d.docs, parentOf(current)+"/"+decodePath(p))}}
}

// drawnIn are the folders (from the docs folder, "." its own) whose pages
// draw the partial rel: its folder's, and those below it with no partial
// of its name nearer.
func (d *docsifyRouter) drawnIn(rel string) []string {
	d.once.Do(d.walk)
	home, name := path.Dir(rel), path.Base(rel)
	var out []string
	for _, dir := range d.folders {
		if dir != home && home != "." && !strings.HasPrefix(dir, home+"/") {
			continue
		}
		nearer := false
		for f := dir; f != home && f != "." && !nearer; f = path.Dir(f) {
			nearer = d.files[path.Join(f, name)]
		}
		if !nearer {
			out = append(out, dir)
		}
	}
	return out
}

// walk lists the docs folder's markdown files and the folders holding
// pages, once.
func (d *docsifyRouter) walk() {
	d.files = map[string]bool{}
	seen := map[string]bool{}
	_ = filepath.WalkDir(d.docs, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() && e.Name() == "node_modules" {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(d.docs, p)
		rel = filepath.ToSlash(rel)
		if e.IsDir() || !strings.HasSuffix(rel, ".md") {
			return nil
		}
		d.files[rel] = true
		if dir := path.Dir(rel); !d.isPartial(rel) && !seen[dir] {
			seen[dir] = true
			d.folders = append(d.folders, dir)
		}
		return nil
	})
	slices.Sort(d.folders)
}

// beside is the file a link names read from the page's folder, as GitHub
// and most generators read it (and Docsify with relativePath), and the
// link that names it from the docs root.
func (d *docsifyRouter) beside(current, rel, dest string) (file, link string) {
	rt, _ := d.follow(d.toRoute(current, dest, true))
	p, frag, hasFrag := strings.Cut(dest, "#")
	link = path.Join(path.Dir(rel), p) + trailingSlash(p)
	if hasFrag {
		link += "#" + frag
	}
	return rt.File, link
}

// routeOf is the route Docsify renders a page of the docs folder at:
// README.md a folder's ("/guide/"), the homepage "/", a.md "/a"; a
// sidebar, navbar or cover page is drawn at the routes of its folder.
func (d *docsifyRouter) routeOf(rel string) string {
	dir, name := path.Split("/" + rel)
	switch {
	case rel == d.homepage:
		return "/"
	case name == "README.md" || d.isPartial(rel):
		return dir // "/" or "/guide/"
	}
	return strings.TrimSuffix("/"+rel, ".md")
}

func (d *docsifyRouter) isPartial(rel string) bool {
	for _, p := range d.partials {
		if path.Base(rel) == p {
			return true
		}
	}
	return false
}

// docsifyRoute is a route and the heading id it asks for.
type docsifyRoute struct{ path, id string }

// toRoute is History.toURL of router/history/base.js: a link's first #
// becomes ?id= (a # alone: the page's own route), .md is dropped, and the
// path is read from the docs root, or with relativePath from the page's
// folder (relative). The id is written lower-cased (stringifyQuery).
func (d *docsifyRouter) toRoute(current, dest string, relative bool) docsifyRoute {
	if dest == d.homepage {
		dest = "README" // compiler/link.js
	}
	local := strings.HasPrefix(dest, "#")
	p, query, _ := strings.Cut(strings.Replace(dest, "#", "?id=", 1), "?")
	q, _ := url.ParseQuery(query)
	id := strings.Map(lowerASCII, q.Get("id"))
	p = docsifyMD.ReplaceAllString(p, "")
	if local {
		p, _, _ = strings.Cut(current, "?")
	}
	if relative && !strings.HasPrefix(p, "/") {
		return docsifyRoute{path.Clean(current[:strings.LastIndex(current, "/")+1]+p) + trailingSlash(p), id}
	}
	return docsifyRoute{"/" + strings.TrimLeft(p, "/"), id}
}

// docsifyMD is the .md toURL drops, at the end of the path.
var docsifyMD = regexp.MustCompile(`\.md$`)

// follow is the page the router fetches for a route (History.getFile):
// the alias first, then README.md for a folder, .md added to a name
// without it, the homepage for /README.md.
func (d *docsifyRouter) follow(r docsifyRoute) (mdlinks.Routed, bool) {
	p := d.aliased(r.path)
	if docsifyAbsolute(p) {
		return mdlinks.Routed{}, false // an alias to another site
	}
	switch {
	case strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".html"):
	case strings.HasSuffix(p, "/"):
		p += "README.md"
	default:
		p += ".md"
	}
	if p == "/README.md" {
		if docsifyAbsolute(d.homepage) {
			return mdlinks.Routed{}, false
		}
		p = "/" + d.homepage
	}
	shown := "#" + r.path
	if d.history {
		shown = r.path
	}
	if r.id != "" {
		shown += "?id=" + r.id
	}
	return mdlinks.Routed{File: underRoot(d.docs, decodePath(p)), ID: r.id, Route: shown}, true
}

// aliased is a route path through alias, again while a key matches and
// the path changes (History.#getAlias).
func (d *docsifyRouter) aliased(p string) string {
	for last := ""; ; {
		i := 0
		for i < len(d.alias) && !(d.alias[i].re.MatchString(p) && p != last) {
			i++
		}
		if i == len(d.alias) {
			return p
		}
		last, p = p, d.alias[i].re.ReplaceAllString(p, d.alias[i].to)
	}
}

// ignored is a link with the :ignore option, written as it is but for a
// ./ start, which toURL reads from the server's root (taken as
// index.html's folder): in either case a file the browser asks for.
func (d *docsifyRouter) ignored(current, dest string) []mdlinks.Routed {
	if d.history {
		return nil
	}
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	if strings.HasPrefix(p, "./") {
		if d.relative {
			p = current[:strings.LastIndex(current, "/")+1] + p
		}
		return []mdlinks.Routed{{File: underRoot(d.site, decodePath("/"+p))}}
	}
	return d.fromIndex(p)
}

// raw is a link of raw HTML, which Docsify leaves alone: a fragment is a
// route its hash router reads (#/guide?id=a; #a is the route /a), any
// other link the browser asks for from index.html's URL.
func (d *docsifyRouter) raw(dest string) []mdlinks.Routed {
	if frag, ok := strings.CutPrefix(dest, "#"); ok {
		p, query, _ := strings.Cut(frag, "?")
		q, _ := url.ParseQuery(query)
		if rt, ok := d.follow(docsifyRoute{"/" + strings.TrimLeft(p, "/"), q.Get("id")}); ok {
			return []mdlinks.Routed{rt}
		}
		return nil
	}
	p, _, _ := strings.Cut(dest, "#")
	p, _, _ = strings.Cut(p, "?")
	return d.fromIndex(p)
}

// rawHistory is a link of raw HTML on the page at the route current,
// with the history router: marked writes it as it is, so the browser reads
// it from the page's URL, the route. An image is then the file at that
// path from index.html's folder (taken as the server's root); a link's
// click the router takes (router/history/html5.js onchange: any <a> of the
// site's origin), pushes its URL and fetches that route's page as any
// other (getFile: alias, README.md, basePath). Read from docsify 5.0.0's
// source, and seen in Chromium (proofs/docsify.sh). A fragment (#a,
// page#a) is not judged: parse reads ?id=, not #, so the route would hold
// it.
func (d *docsifyRouter) rawHistory(current, dest string, image bool) []mdlinks.Routed {
	if strings.Contains(dest, "#") {
		return nil
	}
	ref, err := url.Parse(dest)
	if err != nil {
		return nil
	}
	at := (&url.URL{Path: current}).ResolveReference(ref)
	if image {
		return []mdlinks.Routed{{File: underRoot(d.site, at.Path)}}
	}
	rt, ok := d.follow(docsifyRoute{path: at.EscapedPath()})
	if !ok {
		return nil
	}
	return []mdlinks.Routed{rt}
}

// fromIndex is the file a browser asks for for a relative or root-absolute
// link of index.html (its folder taken as the server's root); a folder's
// is its index.html.
func (d *docsifyRouter) fromIndex(p string) []mdlinks.Routed {
	if p == "" {
		return nil
	}
	f := underRoot(d.site, decodePath("/"+strings.TrimPrefix(p, "/")))
	if strings.HasSuffix(p, "/") {
		f = filepath.Join(f, "index.html")
	}
	return []mdlinks.Routed{{File: f}}
}

// underRoot is the file at a slash path under root, as a URL resolves it: ..
// stops at the root.
func underRoot(root, p string) string {
	return filepath.Join(root, filepath.FromSlash(path.Clean("/"+p)))
}

// docsifyAbsolute is router/util.js's isAbsolutePath: a colon or a double
// slash anywhere makes a link another site's (or mailto:).
func docsifyAbsolute(p string) bool { return strings.Contains(p, ":") || strings.Contains(p, "//") }

// docsifyOption is one ":name" or ":name=value" of a link's title
// (render/utils.js getAndRemoveConfig).
var docsifyOption = regexp.MustCompile(`(?:^|\s):([\w-]+:?)=?([\w%-]+)?`)

// docsifyHas: a link title's options hold :name (:ignore leaves the link
// to the browser, :include embeds the file; :target and the others change
// no destination).
func docsifyHas(title, name string) bool {
	for _, m := range docsifyOption.FindAllStringSubmatch(title, -1) {
		if m[1] == name {
			return true
		}
	}
	return false
}

// docsifyEmbedded: a page that embeds a file (:include) holds what it
// embeds, a markdown file's headings too, which checks does not read: an
// anchor into it is taken as found.
func docsifyEmbedded(src []byte) func(string) bool {
	if !bytes.Contains(src, []byte(":include")) {
		return nil
	}
	return func(string) bool { return true }
}

// parentOf is the folder of a route, without its slash ("/guide/intro" and
// "/guide/" are "/guide"; "/" is "").
func parentOf(route string) string {
	return strings.TrimSuffix(route[:strings.LastIndex(route, "/")+1], "/")
}

// folderRoute is the route of a folder's README.md ("." is "/").
func folderRoute(dir string) string {
	if dir == "." {
		return "/"
	}
	return "/" + dir + "/"
}

func trailingSlash(p string) string {
	if strings.HasSuffix(p, "/") {
		return "/"
	}
	return ""
}

func lowerASCII(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// decodePath percent-decodes a path, as the server does the URL the
// browser asks for; one that is no escape is kept as written.
func decodePath(p string) string {
	if dec, err := url.PathUnescape(p); err == nil {
		return dec
	}
	return p
}
