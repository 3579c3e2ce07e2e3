package preset

import (
	"bytes"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Hexo builds every markdown file of source_dir into a page at its path
// (guide.md at guide.html), but a path with a segment starting with _ or
// . is hidden: _posts/ holds the posts, served where the permalink says,
// and any other such file is neither built nor copied. skip_render's
// files are copied as they are. hexo-renderer-marked writes links as they
// are (a .md link too, and a root-absolute one without root), while an
// image is joined to root, so a relative one is read from source_dir, not
// from the page (its prependRoot).

// hexoSite is what of a Hexo config the rules ask, read once.
type hexoSite struct {
	source    string // source_dir, from the project root
	root      string // Hexo's root: "/" or "/blog/"
	permalink string // the posts' permalink pattern
	postName  string // new_post_name, whose placeholders a post's file name fills
	assets    bool   // post_asset_folder
	// images: how an image's path becomes its URL ("root": root + path,
	// "asset": a post's own asset first, "": as written).
	images string
	// assetURL are the URL paths of the files of the posts' asset folders.
	assetURL map[string]string
	// posts are the posts by their slug and by their title, for post_link.
	posts map[string]string
}

func hexo(g Generator) Layout {
	h := readHexo(g)
	dir := filepath.ToSlash(g.Dir())
	at := func(q string) string { return path.Join(dir, q) }
	src := at(h.source)
	skip := hexoGlobs(g, "skip_render", src)
	exclude := append([]string{at(firstNonEmpty(g.Value("public_dir"), "public") + "/**"), "**/node_modules/**"}, skip...)
	exclude = append(exclude, hexoHiddenFolders(g, src)...)
	rules := mdlinks.Rules{IDs: hexoIDs(g), LeavesMD: true, Mounts: []mdlinks.Mount{{Dir: src, URL: "/"}},
		Output: hexoOutput(skip, src), Host: serve.Host{CleanURLs: true}, CopiesFiles: true,
		FrontURL: h.frontURL, FrontUnplaced: h.unplaced, FrontFromRoot: true,
		NotBuilt: hexoHiddenFile(filepath.Join(g.Root, filepath.FromSlash(src))), NotBuiltBy: "hexo (a name starting with _ or . is hidden)",
		Verbatim: matching(g.Root, skip), Written: h.written(g), RefPage: h.postLinked}
	if g.Value("marked.disableNunjucks") != "true" {
		// Nunjucks runs on every page first: its tags write links
		rules.Templated, rules.TemplateBlocks = true, true
		hexoTagsSaid(g, src)
	}
	if h.images != "" {
		rules.ImageURL = h.imageURL
	} else {
		rules.ImagesAsURLs = true
	}
	return Layout{Site: at(firstNonEmpty(g.Value("public_dir"), "public")), Markdown: []string{src}, Exclude: exclude,
		Public: src, Base: basePath(h.root), Rules: rules}
}

// readHexo reads the settings the rules ask of the config, with Hexo's
// defaults.
func readHexo(g Generator) *hexoSite {
	h := &hexoSite{source: strings.Trim(firstNonEmpty(g.Value("source_dir"), "source"), "/"),
		root:      hexoRoot(g.Value("root"), g.Value("url")),
		permalink: firstNonEmpty(g.Value("permalink"), ":year/:month/:day/:title/"),
		postName:  firstNonEmpty(g.Value("new_post_name"), ":title.md"),
		assets:    g.Value("post_asset_folder") == "true"}
	// hexo-renderer-marked joins an image to root unless links are made
	// relative or prependRoot is off; postAsset looks in the post's
	// asset folder first.
	if g.Value("relative_link") != "true" && g.Value("marked.prependRoot") != "false" {
		h.images = "root"
		if h.assets && g.Value("marked.postAsset") == "true" {
			h.images = "asset"
		}
	}
	if tz := g.Value("timezone"); tz != "" {
		g.note("timezone %s is not modelled: a post's URL takes its date as written", tz)
	}
	return h
}

// hexoRoot is root as Hexo reads it: the path of url when root is not
// set, always ending in a slash.
func hexoRoot(root, site string) string {
	if root == "" {
		if u, err := url.Parse(site); err == nil && u.Host != "" {
			root = u.Path
		}
	}
	if p := strings.Trim(root, "/"); p != "" {
		return "/" + p + "/"
	}
	return "/"
}

// hexoIDs is hexo-renderer-marked's ids as marked's options set them.
func hexoIDs(g Generator) mdscan.IDStyle {
	if g.Value("marked.headerIds") == "false" {
		return mdscan.None
	}
	if g.Value("marked.anchorAlias") == "true" {
		g.note("marked.anchorAlias is not modelled: a heading opening with <a href=\"#alias\"> is taken to have its text's id")
	}
	transform, _ := strconv.Atoi(g.Value("marked.modifyAnchors"))
	return mdscan.Hexo(transform, g.Value("marked.smartypants") != "false")
}

// hexoGlobs are the globs a setting lists (one, or a list), from the
// source folder src, as the project's globs.
func hexoGlobs(g Generator, key, src string) []string {
	list, ok := lookupList(g.doc, key)
	if !ok {
		if v := g.Value(key); v != "" {
			list = []any{v}
		}
	}
	var out []string
	for _, e := range list {
		if s, ok := e.(string); ok && s != "" {
			out = append(out, path.Join(src, s))
		}
	}
	return out
}

// hexoHidden reports whether a path in source_dir is hidden: a segment
// starts with _ or . (Hexo's isHiddenFile).
func hexoHidden(rel string) bool {
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, "_") || strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}

// hexoHiddenFile reports of a file whether it is hidden in source_dir src
// (neither built nor copied), posts aside. skip_render's files are copied
// as they are: not pages, but there.
func hexoHiddenFile(src string) func(file string) bool {
	from := fromRoot(src)
	return func(file string) bool {
		rel, ok := from(file)
		if rel = filepath.ToSlash(rel); !ok || !hexoHidden(rel) {
			return false
		}
		_, post := hexoPost(rel)
		return !post
	}
}

// hexoHiddenFolders are globs of the hidden files checks markdown does not
// read: every top folder of source_dir starting with _ but _posts (drafts
// too: with render_drafts they are built, where the gate does not place
// them, which is said), and any _ name below.
func hexoHiddenFolders(g Generator, src string) []string {
	out := []string{path.Join(src, "_*")} // a glob of any depth would take _posts/ too
	entries, _ := os.ReadDir(filepath.Join(g.Root, filepath.FromSlash(src)))
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() {
			continue
		}
		switch {
		case name == "_drafts" && g.Value("render_drafts") == "true":
			g.note("render_drafts builds the drafts, which checks does not read: a link to one is taken as broken")
			out = append(out, path.Join(src, name, "**"))
		case name == "_posts":
			out = append(out, path.Join(src, name, "**/_*"), path.Join(src, name, "**/_*/**"))
		case strings.HasPrefix(name, "_"):
			out = append(out, path.Join(src, name, "**"))
		default:
			out = append(out, path.Join(src, name, "**/_*"), path.Join(src, name, "**/_*/**"))
		}
	}
	return out
}

// hexoOutput builds a page at its path, with .html for its extension; a
// hidden one is built nowhere (a post is placed by hexoSite.frontURL), nor
// one skip_render's globs (from the project root, as src) copy as it is.
func hexoOutput(skip []string, src string) func(rel string) string {
	return func(rel string) string {
		if hexoHidden(rel) || mdlinks.Excluded(skip, path.Join(src, rel)) {
			return ""
		}
		return strings.TrimSuffix(rel, path.Ext(rel)) + ".html"
	}
}

// frontURL is where a page's permalink or a post's date and name serve it.
func (h *hexoSite) frontURL(rel string, value func(string) string) (string, bool) {
	stem, post := hexoPost(rel)
	if !post {
		if p := value("permalink"); p != "" && !hexoHidden(rel) {
			return hexoPagePath(p), true
		}
		return "", false
	}
	u, ok, _ := h.postURL(stem, value)
	return u, ok
}

// unplaced is the URL folder of a post whose URL the gate cannot know.
func (h *hexoSite) unplaced(rel string, value func(string) string) (string, bool) {
	stem, post := hexoPost(rel)
	if !post {
		return "", false
	}
	if _, ok, _ := h.postURL(stem, value); ok {
		return "", false
	}
	return h.literalFolder(), true
}

// literalFolder is the URL folder of the permalink before its first
// placeholder ("/" for :year/…).
func (h *hexoSite) literalFolder() string {
	lit := h.permalink[:strings.IndexByte(h.permalink+":", ':')]
	return "/" + strings.TrimPrefix(lit[:strings.LastIndexByte(lit, '/')+1], "/")
}

// hexoPost is a post's path in _posts without its extension, when rel is one.
func hexoPost(rel string) (string, bool) {
	p, ok := strings.CutPrefix(rel, "_posts/")
	if !ok || hexoHidden(p) || !mdscan.IsMarkdownFile(p) {
		return "", false
	}
	return strings.TrimSuffix(p, path.Ext(p)), true
}

// hexoPagePath is the URL path of a page's permalink: a folder's is its
// index.html, and one with no extension gets .html.
func hexoPagePath(p string) string {
	p = "/" + strings.TrimLeft(p, "/")
	if !strings.HasSuffix(p, "/") && path.Ext(p) == "" {
		p += ".html"
	}
	return p
}

// hexoParam is a placeholder of a permalink (hexo-util's Permalink).
var hexoParam = regexp.MustCompile(`:(\w*[^_\W])`)

// hexoDate reads a front matter date as written: Hexo takes it as local
// time, and its URL shows that time's fields.
var hexoDate = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ Tt](\d{1,2}):(\d{2})(?::(\d{2}))?)?`)

// postURL is a post's URL path; ok is false where it depends on what the
// gate cannot know (no date in the front matter or the file name, an
// :id, a :hash, a front matter key), and why says which.
func (h *hexoSite) postURL(stem string, value func(string) string) (u string, ok bool, why string) {
	if p := value("permalink"); p != "" {
		if h.assets && !strings.HasSuffix(p, "/") && !strings.HasSuffix(p, ".html") {
			p += "/"
		}
		return "/" + strings.TrimLeft(p, "/"), true, ""
	}
	meta := hexoNameParts(h.postName, stem)
	if m := hexoDate.FindStringSubmatch(value("date")); m != nil {
		meta["year"], meta["month"], meta["day"] = m[1], pad2(m[2]), pad2(m[3])
		meta["hour"], meta["minute"], meta["second"] = pad2(m[4]), pad2(m[5]), pad2(m[6])
	} else if meta["year"] != "" && firstNonEmpty(meta["month"], meta["i_month"]) != "" && firstNonEmpty(meta["day"], meta["i_day"]) != "" {
		meta["month"], meta["day"] = pad2(firstNonEmpty(meta["month"], meta["i_month"])), pad2(firstNonEmpty(meta["day"], meta["i_day"]))
		meta["hour"], meta["minute"], meta["second"] = "00", "00", "00"
	} else {
		meta["year"] = "" // Hexo dates it by the file's creation
	}
	if meta["year"] != "" {
		meta["i_month"], meta["i_day"] = strings.TrimLeft(meta["month"], "0"), strings.TrimLeft(meta["day"], "0")
	}
	meta["name"] = path.Base(meta["title"])
	meta["post_title"] = strings.ToLower(mdscan.Hexo(0, false).Slug(value("title")))
	var missing string
	out := hexoParam.ReplaceAllStringFunc(h.permalink, func(m string) string {
		v, known := meta[m[1:]]
		if (!known || v == "") && missing == "" {
			missing = m
		}
		return v
	})
	if missing != "" {
		return "", false, missing
	}
	if h.assets && !strings.HasSuffix(out, "/") && !strings.HasSuffix(out, ".html") {
		out += "/"
	}
	return "/" + strings.TrimLeft(out, "/"), true, ""
}

// hexoNameParts are the placeholders new_post_name's pattern finds in a
// post's path (":title.md" makes the whole path its title).
func hexoNameParts(pattern, stem string) map[string]string {
	pattern = strings.TrimSuffix(pattern, path.Ext(pattern))
	seg := map[string]string{"year": `(\d{4})`, "month": `(\d{2})`, "day": `(\d{2})`, "i_month": `(\d{1,2})`, "i_day": `(\d{1,2})`, "hash": `([0-9a-f]{12})`}
	var names []string
	re := hexoParam.ReplaceAllStringFunc(regexp.QuoteMeta(pattern), func(m string) string {
		names = append(names, m[1:])
		if s, ok := seg[m[1:]]; ok {
			return s
		}
		return `(.+?)`
	})
	out := map[string]string{}
	if m, err := regexp.Compile("^" + re + "$"); err == nil {
		if sub := m.FindStringSubmatch(stem); sub != nil {
			for i, n := range names {
				out[n] = sub[i+1]
			}
		}
	}
	if out["title"] == "" { // Hexo's parseFilename: the path slugged
		out["title"] = mdscan.Hexo(0, false).Slug(stem)
	}
	return out
}

func pad2(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

// written are the files of the posts' asset folders, each at its post's
// URL (post_asset_folder); a post whose URL is not known is said.
func (h *hexoSite) written(g Generator) map[string]string {
	posts := filepath.Join(g.Root, filepath.FromSlash(path.Join(filepath.ToSlash(g.Dir()), h.source, "_posts")))
	written, byFile := map[string]string{}, map[string]string{}
	h.posts = map[string]string{}
	_ = filepath.WalkDir(posts, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !mdscan.IsMarkdownFile(p) {
			return nil
		}
		rel, _ := filepath.Rel(posts, p)
		stem, ok := hexoPost("_posts/" + filepath.ToSlash(rel))
		if !ok {
			return nil
		}
		src, err := textfile.Read(p, textfile.MaxSource)
		if err != nil {
			return nil
		}
		file := filepath.Join(posts, rel)
		if title := mdscan.FrontValue(src, "title"); title != "" && h.posts[title] == "" {
			h.posts[title] = file
		}
		h.posts[hexoNameParts(h.postName, stem)["title"]] = file // the slug before any title
		u, ok, why := h.postURL(stem, func(k string) string { return mdscan.FrontValue(src, k) })
		if !ok {
			what := "its permalink takes " + why + ", which checks does not compute"
			if slices.Contains([]string{":year", ":month", ":day", ":i_month", ":i_day", ":hour", ":minute", ":second"}, why) {
				what = "it has no date, and Hexo dates it by the time the file was made"
			}
			g.note("%s: %s: a link under %s that no page answers is not judged", filepath.Join(posts, rel), what, h.literalFolder())
			return nil
		}
		if h.assets {
			h.postAssetsOf(strings.TrimSuffix(p, filepath.Ext(p)), strings.TrimSuffix(u, ".html"), written, byFile)
		}
		return nil
	})
	h.assetURL = byFile
	for u, by := range hexoGenerated(g) {
		written[u] = by
	}
	return written
}

// hexoGenerated are the pages the site's generator plugins write from its
// posts (the home page, archives, each category's and tag's, a feed), by
// URL path: those of the hexo-generator-* packages package.json names, or,
// with no package.json, of the four hexo init installs.
func hexoGenerated(g Generator) map[string]string {
	file := filepath.Join(g.Root, g.Dir(), "package.json")
	pkg, err := textfile.Read(file, textfile.MaxConfig)
	has := func(name string) bool {
		return err != nil || setsKey(file, pkg, "dependencies.hexo-generator-"+name, "devDependencies.hexo-generator-"+name)
	}
	if err != nil {
		file = filepath.Join(g.Root, g.Config)
	}
	out := map[string]string{}
	folder := func(key, def string) {
		dir := "/" + strings.Trim(firstNonEmpty(g.Value(key), def), "/")
		out[dir+"/*"] = file
	}
	if has("index") {
		out["/"+strings.Trim(g.Value("index_generator.path"), "/")] = file
		folder("pagination_dir", "page")
	}
	if has("archive") {
		archives := "/" + strings.Trim(firstNonEmpty(g.Value("archive_dir"), "archives"), "/")
		out[archives], out[archives+"/"] = file, file
		folder("archive_dir", "archives")
	}
	if has("category") {
		folder("category_dir", "categories")
	}
	if has("tag") {
		folder("tag_dir", "tags")
	}
	if err == nil && has("feed") {
		out["/"+strings.TrimLeft(firstNonEmpty(g.Value("feed.path"), "atom.xml"), "/")] = file
	}
	if err == nil && has("sitemap") {
		out["/"+strings.TrimLeft(firstNonEmpty(g.Value("sitemap.path"), "sitemap.xml"), "/")] = file
	}
	return out
}

// postLinked is the post a post_link names: by its slug (its path in
// _posts as new_post_name reads it), else by its title.
func (h *hexoSite) postLinked(_, slug string, _ func(string) bool) (string, bool) {
	f, ok := h.posts[slug]
	return f, ok
}

// postAssetsOf lists the files of a post's asset folder dir, served under
// its URL u.
func (h *hexoSite) postAssetsOf(dir, u string, written, byFile map[string]string) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if hexoHidden(filepath.ToSlash(rel)) {
			return nil
		}
		at := path.Join(u, filepath.ToSlash(rel))
		written[at], byFile[filepath.Clean(p)] = p, at
		return nil
	})
}

// imageURL is the URL (with root) hexo-renderer-marked writes for an image
// of file written dest: a post's own asset with postAsset, else root
// joined to dest, its repeated slashes made one.
func (h *hexoSite) imageURL(file, dest string) (string, bool) {
	if hexoAsIs.MatchString(dest) {
		return "", false
	}
	if h.images == "asset" && !strings.HasPrefix(dest, "/") {
		p, _, _ := strings.Cut(dest, "#")
		p, _, _ = strings.Cut(p, "?")
		asset := filepath.Join(strings.TrimSuffix(file, filepath.Ext(file)), filepath.FromSlash(p))
		if abs, err := filepath.Abs(asset); err == nil {
			if u, ok := h.assetURL[filepath.Clean(abs)]; ok {
				return path.Join(h.root, u), true
			}
		}
		if u, ok := h.assetURL[filepath.Clean(asset)]; ok {
			return path.Join(h.root, u), true
		}
	}
	return hexoSlashes.ReplaceAllString(h.root+dest, "/"), true
}

var (
	hexoAsIs    = regexp.MustCompile(`^(#|//|https?:)`)
	hexoSlashes = regexp.MustCompile(`/{2,}`)
)

// hexoTags are Hexo's tag plugins that write links or images, but
// post_link, which the ids' style reads.
var hexoTags = regexp.MustCompile(`\{%-?\s*(post_path|asset_img|asset_link|asset_path|img|image|link|include_code)\b`)

// hexoTagsSaid says, once, that links written by tag plugins are not judged.
func hexoTagsSaid(g Generator, src string) {
	var pages int
	var names []string
	_ = filepath.WalkDir(filepath.Join(g.Root, filepath.FromSlash(src)), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !mdscan.IsMarkdownFile(p) {
			return nil
		}
		b, err := textfile.Read(p, textfile.MaxSource)
		if err != nil || !bytes.Contains(b, []byte("{%")) {
			return nil
		}
		found := hexoTags.FindAllSubmatch(b, -1)
		if len(found) > 0 {
			pages++
		}
		for _, m := range found {
			if n := string(m[1]); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		return nil
	})
	if pages > 0 {
		slices.Sort(names)
		g.note("%d %s use%s tag plugins that write links (%s), which checks does not run: their links are not judged",
			pages, plural(pages, "page", "pages"), plural(pages, "s", ""), "{% "+strings.Join(names, " %}, {% ")+" %}")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
