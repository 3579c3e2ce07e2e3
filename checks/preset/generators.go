package preset

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/devdocs-dev/devdocs/checks/internal/textfile"
	"github.com/devdocs-dev/devdocs/checks/links"
	"github.com/devdocs-dev/devdocs/checks/mdlinks"
	"github.com/devdocs-dev/devdocs/checks/mdscan"
	"github.com/devdocs-dev/devdocs/checks/serve"
)

// All are the presets, in the order Detect tries them. Each one's rules
// are held to a real build of the generator (proofs/<name>.sh, and
// its heading ids to testdata/slugs).
var All = []Preset{
	{
		Name:    "docusaurus",
		Tested:  "Docusaurus 3 from npm (the classic template, two versions), at the root and under `/repo/`; a site with a French translation, a second docs instance and a partial",
		About:   "Docusaurus 3: markdown and MDX in the folder of each content plugin instance the config names (the classic preset's docs/, blog/ and src/pages/, or their path, or none when false; every @docusaurus/plugin-content-docs, -blog and -pages with its id and path), each docs instance's versions (versioned_docs/, id_versioned_docs/) and i18n/ translations; static files in static/, built into build/. Ids as GitHub gives them, with {#id} and, at a heading's end, the MDX comment {/* #id */} (the id Docusaurus 3 takes; its future.v4 flag turns MDX's {#id} off, as the classic template has it); .md links become routes, looked up as Docusaurus does (from the content folder of the page's version, its translation's first, and the site's root, then beside the page; ./ and ../ links beside the page only), each plugin instance's to its own pages only (a blog post's link to a doc's file is broken); the text of ```mdx-code-block fences is the page's; an anchor written as a word inside an element of the site's own components (@site/…, ./…) is taken as found, as they may give ids; local plugins are named on stderr; a file or folder whose name starts with _ is a partial, no page (a link to one is broken), and a partial a page imports and renders gives it its headings. Docusaurus writes a JSX or raw <a href> and <img src> as it is (unbundled, no baseUrl added), so the hook judges a root-absolute one, and any such image (read from the page's URL), against the URLs the docs and pages plugins serve, computed from the sources as Docusaurus names them (routeBasePath, versions.json's versions, slug and id front matter, number prefixes, index docs), and static/, under the config's baseUrl; those in translations, and into the blog, the docs' category and tags pages and other locales, are not judged, nor any where a plugin or theme other than the content plugins may add pages, a routeBasePath is computed, or a docs instance sets lastVersion, versions, onlyIncludeVersions, includeCurrentVersion or numberPrefixParser (said on stderr); markdown's links written as URLs are not judged in the sources. The base URL is read from the build, and checks all and --changed-since read which page each markdown file built from the build's record (.docusaurus/), so a built page's problem is said once, at its markdown line.",
		Configs: []string{"docusaurus.config.{js,mjs,cjs,ts,mts}"},
		Setup:   docusaurus,
		BaseURL: docusaurusBase, Browser: docusaurusContract,
	},
	{
		Name:      "vitepress",
		Tested:    "VitePress 1.6.4 from npm, both layouts, `cleanUrls` on and off, `srcDir`, `outDir`, at the root and under `/proj/`",
		About:     "VitePress 1: pages in the folder of .vitepress/config (or its srcDir), less srcExclude (a link to one is broken), public/ served at the root, built into .vitepress/dist (or outDir). rewrites (an object of path-to-regexp patterns) moves pages, and relative links of a moved page are read from its new place. Ids by VitePress's slugger, with {#id}; .md and extensionless links become routes, and root-absolute links get the base.",
		Configs:   []string{".vitepress/config.{js,mjs,ts,mts}", ".vitepress/config/index.{js,mjs,ts,mts}", "docs/.vitepress/config.{js,mjs,ts,mts}", "docs/.vitepress/config/index.{js,mjs,ts,mts}"},
		Setup:     vitepress,
		NoBrowser: "the vitepress preset has none yet",
	},
	{
		Name:      "vuepress",
		Tested:    "VuePress 2.0.0-rc.28 (`vuepress`, `@vuepress/bundler-vite` 2.0.0-rc.28, `@vuepress/theme-default` 2.0.0-rc.128) from npm, `docs/.vuepress` and `.vuepress` at the project root, `dest`, at the root and under `/proj/`",
		About:     "VuePress 2: pages in the folder holding .vuepress/config (usually docs/), README.md and index.md each its folder's index, a.md at a.html; .vuepress/public served at the root; built into .vuepress/dist (or dest, from the project root). Ids by VuePress's slugify (a leading digit guarded by _), no {#id}; .md links, and links ending in / or .html, become routes, a fragment starting with a digit given its _; root-absolute .md links and images get the base, while other root-absolute links (and raw HTML's <a>) are written as they are, so they must carry the base themselves. Other links (./page, ./file.txt) are written as they are: a host with clean URLs answers ./page, and no file of the source folder but the public folder's is copied. Images, raw HTML's <img> too, are bundled from the page's folder. A front matter permalink moves a page (a link to the path it had, which VuePress writes as the permalink, is taken as broken); pagePatterns and permalinkPattern are said on stderr, not read.",
		Configs:   []string{".vuepress/config.{js,ts,mjs,mts,cjs}", "docs/.vuepress/config.{js,ts,mjs,mts,cjs}"},
		Setup:     vuepress,
		NoBrowser: "the vuepress preset has none yet",
	},
	{
		Name:      "docsify",
		Tested:    "docsify 5.0.0 from npm, served on 127.0.0.1 and rendered in Chromium: the hash router at the root and under `/proj/` with `relativePath`, `routerMode: 'history'`, `basePath`, `alias`, sidebar and navbar",
		About:     "Docsify 5: no build; the index.html that sets window.$docsify, beside README.md, is the site, and its router renders the markdown of its folder (or basePath) in the browser: README.md is a folder's page (/ and /guide/), guide.md is #/guide (or /guide with routerMode history), homepage is the page of /, alias moves routes. Ids by Docsify's slugify of the heading's markdown as written (ASCII capitals lowered, repeats counted by their slug alone), or a heading's :id=name; no {#id}. A link, .md or not, is a route read from the docs root, not from the page's folder (so a.md, linked from guide/, is the route /a), unless relativePath; a #fragment is a heading id of the page, lower-cased; _sidebar.md, _navbar.md and _coverpage.md are read like pages. An image is read from the page's folder, even one starting with /. A link with :ignore in its title, and raw HTML's links, are the browser's, from index.html's folder (#route in raw HTML is a route). An embed (:include) is read from the page's folder, and an anchor into a page with one is taken as found. noCompileLinks, ext and a remote basePath are said on stderr, not modelled; with routerMode history, raw HTML is read from the page's URL, its route (a raw link routed, a raw image a file), and :ignore links and raw links with a fragment are not judged.",
		Configs:   []string{"index.html", "docs/index.html"},
		Beside:    "README.md",
		Claims:    func(_ string, src []byte) bool { return docsifyScript(src) != nil },
		Setup:     docsify,
		NoBrowser: "the docsify preset has none yet",
	},
	{
		Name:      "starlight",
		Tested:    "Starlight 0.37.7 on Astro 5.18.2 from npm, at the root and under `/proj`, `build.format` directory and file",
		About:     "Starlight on Astro 5: pages in src/content/docs (content/docs of srcDir), public/ (publicDir) served at the root, built into dist/ (outDir) with a folder per page (a page.html with build.format file); a page not translated is served at each locale's URL with the default locale's content. Ids as GitHub gives them after SmartyPants, no {#id}; .md links are left as written (so they are errors), and root-absolute links must carry the base themselves. A page is served at its path with each segment slugged (Getting Started.md at getting-started/), or at its front matter's slug.",
		Configs:   []string{"astro.config.{mjs,js,ts,mts,cjs,cts}"},
		Claims:    importsModule("@astrojs/starlight"),
		Setup:     starlight,
		NoBrowser: "the starlight preset has none yet",
	},
	{
		Name:      "rspress",
		Tested:    "Rspress 2.0.22 (`@rspress/core`) from npm, `root` literal and as its template writes it, `cleanUrls` on and off, `outDir`, at the root and under `/proj/`",
		About:     "Rspress 2: pages in docs/ (its root; no page of a name starting with _), docs/public/ served at the root, built into doc_build/ as page.html; with lang and locales, root/<lang>/ is served under /<lang>/ and the default language's folder at the root. Ids as GitHub gives them, with {#id} (in MDX also \\{#id}); .md, .mdx, extensionless and root-absolute links to pages become the page's URL, with the base. Without route.cleanUrls, a relative link to a folder (./guide/) or a root-absolute one without its slash (/guide) becomes /guide.html, which no file answers. A root-absolute link is the page's own language's unless it names a language's folder (markdown.link.autoPrefix), and a link's .md or .mdx names a page in either. With llms (SSG-MD), llms.txt and llms-full.txt are written for each language. multiVersion is not modelled.",
		Configs:   []string{"rspress.config.{ts,js,mjs,mts,cjs,cts}"},
		Setup:     rspress,
		NoBrowser: "the rspress preset has none yet",
	},
	{
		Name:      "nextra",
		Tested:    "Nextra 4.6.1 with nextra-theme-docs 4.6.1 on Next.js 15.5.15 from npm, `output: 'export'`, at the root and under `basePath: '/proj'` with `trailingSlash`",
		About:     "Nextra 4 on Next.js's App Router, exported as a static site (output: 'export'): pages in content/ (or src/content/, served by app/[[...mdxPath]]/page.jsx under contentDirBasePath) and the page.md and page.mdx files of app/ (route groups left out of the URL), public/ served at the root, built into out/ as page.html (page/index.html with trailingSlash). Ids by github-slugger, the page's h1 without one, and \"## Title [#id]\" slugs id instead of the text (no {#id}). Nextra drops a link's .md or .mdx and leaves relative links as written, so the browser reads them from the page's URL, not from its file (./b.md from content/a/index.md leads to /b, and a link to an index page's file names /index, which no page answers without trailingSlash); Next.js's Link gives root-absolute links the basePath and sets their trailing slash as trailingSlash says, while JSX links of an .mdx page and any <img> are written as they are and must carry the basePath themselves (an <a> of raw HTML in an .md page is given it). Markdown images are bundled: found beside the page, or in public/ for a root-absolute one. basePath and trailingSlash are read from next.config; a computed one is said on stderr.",
		Configs:   []string{"next.config.{js,mjs,ts,mts,cjs}"},
		Claims:    importsModule("nextra"),
		Setup:     nextra,
		NoBrowser: "the nextra preset has none yet",
	},
	{
		Name:      "mkdocs",
		Tested:    "MkDocs 1.4 and mkdocs-material 8.2 from Debian, with and without `use_directory_urls`",
		About:     "MkDocs (plain or Material): pages in docs_dir (docs/), built into site_dir (site/) with a folder per page (use_directory_urls). Ids by Python-Markdown's toc, or by PyMdown Extensions' slugify when toc's slugify names it (with its case), {#id} with attr_list (and { #id } after an inline element); footnotes, and content tabs (pymdownx.tabbed's slugify and combine_header_slug, or numbered) have ids too. The body of admonitions, details and tabs is markdown; pymdownx.snippets' --8<-- takes a file's text in (from base_path). A \"::: name\" block (mkdocstrings, mkdocs-click) or a hook rewriting pages may make ids checks cannot know, and the run says so. MkDocs turns relative links to .md pages and to any other file of docs_dir (or of the theme: a built-in theme's favicon, custom_dir) into URLs; root-absolute links are left as written, so they must carry the path of site_url themselves. A config it INHERITs is merged under it; exclude_docs leaves pages out (a link to one is broken).",
		Configs:   []string{"mkdocs.{yml,yaml}"},
		Setup:     mkdocs,
		NoBrowser: "the mkdocs preset has none: no contract is read from a theme (Material's search shortcut and stored palette among them)",
	},
	{
		Name:    "hugo",
		Tested:  "Hugo 0.111 from Debian, at the root and under `/repo/`; autoHeadingIDType github, github-ascii and blackfriday; canonifyURLs, relativeURLs and both under `/proj/`",
		About:   "Hugo: pages in contentDir (content/; section _index.md), static/ served at the root, or the folders module.mounts names; each language's contentDir under /<lang>/ and a translation by file name (faq.de.md) in its language's folder; built into publishDir (public/) with a folder per page (uglyURLs: page.html, a leaf bundle's index.md at bundle.html and a section's _index.md at section.html, the bundle's files still in its folder), URLs in lower case. Ids by autoIDType (autoHeadingIDType before 0.144: github, github-ascii, blackfriday), with {#id}, and with autoDefinitionTermID each definition term's id too; .md links are left as written, while ref and relref are resolved as Hugo does and their anchors checked, root-absolute links must carry the base themselves, unless canonifyURLs or relativeURLs is set: Hugo then gives every root-relative href and src of a page (markdown, raw HTML, templates) the base, so they are written without it (with canonifyURLs, links to baseURL in the build are the site's own; relativeURLs without canonifyURLs under a base path leaves relref, relURL and .RelPermalink with the base and doubles it, which the run says and only the build check finds); with a link render hook of the project's own, links written as URLs are not judged. A page's front matter url or slug moves it.",
		Configs: []string{"hugo.{toml,yaml,yml,json}", "config.{toml,yaml,yml,json}", "config/_default/{hugo,config}.toml"},
		// hugo.* is Hugo's by its name; a config.* by a key of Hugo's.
		Claims: func(config string, src []byte) bool {
			if strings.HasPrefix(filepath.Base(config), "hugo.") {
				return true
			}
			return setsKey(config, src, "baseURL", "languageCode", "theme", "markup", "params")
		},
		Setup:     hugo,
		NoBrowser: "the hugo preset has none: Hugo sites take their DOM from their theme",
	},
	{
		Name:      "eleventy",
		Tested:    "Eleventy 3.1.8 from npm: plain with markdown-it-anchor, and the v9 starter's plugins (IdAttributePlugin, InputPathToUrlTransformPlugin, HtmlBasePlugin), at the root and under `/proj/`",
		About:     "Eleventy 3: pages in the input folder (the project, or dir.input), built into _site/ with a folder per page; a template of another language (Nunjucks, WebC, 11ty.js …) answers its URL too, its ids not read. Headings get no ids unless a plugin adds them, in the config or a module it imports (so anchors into markdown pages are warned); .md links are left as written, and images, read from the page's URL, a passthrough copy in mode \"html-relative\" putting the files its globs match beside the page's output (one missing stops the build) and its other copies (a path, a glob, a folder to its URL) the files at their place (with eleventy-img's transform plugin, images are read from the sources instead: a relative one from the page's file, an absolute one from the input folder); root-absolute links must carry the pathPrefix themselves. A page's permalink moves it, from its front matter or, by the data cascade, its template or directory data files (JSON, or a JS module exporting an object literal), with page.fileSlug and page.filePathStem filled in; one of other data is said, the page taken to be at its usual URL, and a link under the permalink's literal folder that no page answers is not judged. A page named as its folder is its index; feeds the RSS plugin writes (its outputPath) are answered; links holding {{ }} or {% %} are the template engine's, not judged. Plugins count where the config (or a module it imports) adds them, by their imports, whatever it names them; markdown-it-anchor where markdown-it is given it, in amendLibrary or not. A slugify of the site's own given to IdAttributePlugin or markdown-it-anchor is said, not run: an anchor is found when its letters and digits are a heading's.",
		Configs:   []string{"eleventy.config.{js,mjs,cjs}", ".eleventy.js"},
		Setup:     eleventy,
		NoBrowser: "the eleventy preset has none: Eleventy sites take their DOM from their templates",
	},
	{
		Name:      "hexo",
		Tested:    "Hexo 8.1.2 from npm with hexo-renderer-marked 7.0.1 and the landscape theme, at the root and under `/blog/`, `post_asset_folder` on and off",
		About:     "Hexo 8 with hexo-renderer-marked: pages in source_dir (source/), each built at its path (guide.md at guide.html) or where its front matter permalink says; posts in source/_posts/, served at permalink (:year/:month/:day/:title/ by default, from the front matter date as written and the post's path; :year, :month, :day, :i_month, :i_day, :hour, :minute, :second, :title, :name, :post_title), or their own permalink; with post_asset_folder a post's folder beside it is served under its URL. A file or folder whose name starts with _ or . is neither built nor copied; skip_render's are copied as they are (a link to one as a page is broken); every other file is copied; built into public_dir (public/). Told from Jekyll's _config.yml by a setting only Hexo has, scaffolds/ or the hexo package. Ids as hexo-renderer-marked gives them (SmartyPants, hexo-util's slugize, the case modifyAnchors says, repeats -1, -2 by text), no {#id}; links are written as they are: .md links stay (so they are errors), root-absolute links must carry root themselves; an image is joined to root, so a relative one is read from source/, not from the page (with marked.postAsset, from the post's asset folder first). Links holding {{ }} or {% %} are Nunjucks', not judged; {% post_link %} names a post by its path in _posts or its title (one naming none stops the build) and its anchor must be the post's, while pages using other tag plugins that write links ({% asset_img %}, {% post_path %} …) are said: those links are not judged. A post with no date, or a permalink of other data, is said, and a link no page answers under its literal folder is not judged.",
		Configs:   []string{"_config.{yml,yaml}"},
		Claims:    isHexo,
		Setup:     hexo,
		NoBrowser: "the hexo preset has none: Hexo sites take their DOM from their theme",
	},
	{
		Name:      "jekyll",
		Tested:    "Jekyll 4.3 from Debian with the GitHub Pages plugins it packages, and plain Jekyll, at the root and under `/proj`",
		About:     "Jekyll as GitHub Pages builds it: pages anywhere but _-folders (and _posts), every other file copied, built into _site/ as page.html, served with clean URLs; each collection written out (output: true) served where its permalink says (/:collection/:path/ or /:collection/:path.html). Ids by kramdown's GFM input, with {#id}; jekyll-relative-links turns .md links into URLs (relative_links: enabled: false turns it off), root-absolute links must carry the baseurl themselves. A page's front matter permalink moves it (one with :placeholders is taken to be at its usual URL); with jekyll-redirect-from, each URL of its redirect_from answers too. exclude leaves files out (a link to one is broken).",
		Configs:   []string{"_config.{yml,yaml,toml}", "docs/_config.{yml,yaml,toml}"},
		Claims:    func(file string, src []byte) bool { return !isHexo(file, src) },
		Setup:     jekyll,
		NoBrowser: "the jekyll preset has none: Jekyll sites take their DOM from their theme",
	},
	{
		Name:    "sphinx",
		Tested:  "Sphinx 5.3 with MyST-Parser 0.18 from Debian, `html` and `dirhtml`, with a reST page beside the markdown",
		About:   "Sphinx with MyST: pages in the folder of conf.py, built into _build/html (or _build/dirhtml). conf.py is read by a Python parser (Starlark's): the literals its top level binds; a name it computes or binds in an if, a try or a for is taken as unset, and the run says so. Markdown anchors as MyST's heading anchors give them; MyST turns .md links into the page's URL; its roles {doc}, {ref}, {numref} and {download} are checked against documents, labels ((name)=, .. _name:, a directive's :name:) and files. reST sources are not read; their built pages are checked like any other.",
		Configs: []string{"conf.py", "docs/conf.py", "doc/conf.py", "docs/source/conf.py", "source/conf.py"},
		// Any Python file may be called conf.py; Sphinx's sets its extensions.
		Claims:    func(file string, src []byte) bool { return setsKey(file, src, "extensions") },
		Setup:     sphinx,
		NoBrowser: "the sphinx preset has none: Sphinx sites take their DOM from their theme",
	},
	{
		Name:  "gfm",
		About: "Plain GitHub-flavoured markdown, read as GitHub shows a repository: every .md file, ids as GitHub gives them (no {#id}), .md links name files, links written as URLs are not judged. No build.",
		Setup: func(g Generator) Layout {
			return Layout{Markdown: []string{"."}, Rules: mdlinks.Rules{IDs: mdscan.GFM}}
		},
		NoBrowser: "the gfm preset has no built site",
	},
}

// pages is how a generator names its output files: flat builds a/b.md
// into a/b.html, else into a/b/index.html (a folder per page); the index
// names are built into their folder's index.html.
func pages(flat bool, index ...string) func(rel string) string {
	return func(rel string) string {
		stem := strings.TrimSuffix(strings.TrimSuffix(rel, ".mdx"), ".md")
		if slices.Contains(index, path.Base(stem)) {
			return path.Join(path.Dir(stem), "index.html")
		}
		if flat {
			return stem + ".html"
		}
		return stem + "/index.html"
	}
}

// Outputs are the files a page may be built into by a generator the gate
// is not told of (checks.json with markdown.paths and site, no preset):
// a/b.md as a/b.html or as a/b/index.html, index.md and README.md as their
// folder's index.html. A site holds at most one of the two, and that one
// says which the generator wrote.
func Outputs(rel string) []string {
	return []string{pages(true, "index", "README")(rel), pages(false, "index", "README")(rel)}
}

// basePath is a base URL or a site URL's path as the gate writes it ("/proj/").
func basePath(v string) string {
	if u, err := url.Parse(v); err == nil && u.Host != "" {
		v = u.Path
	}
	return links.NormalizeBase(v)
}

// publicURL is v when it is an absolute http(s) URL with a host, else "".
func publicURL(v string) string {
	if u, err := url.Parse(v); err == nil && u.Host != "" && (u.Scheme == "https" || u.Scheme == "http") {
		return v
	}
	return ""
}

func vitepress(g Generator) Layout {
	before, _, _ := strings.Cut(filepath.ToSlash(g.Config), ".vitepress/") // the folder holding .vitepress
	root := firstNonEmpty(strings.TrimSuffix(before, "/"), ".")
	src := filepath.Join(root, firstNonEmpty(g.Value("srcDir"), "."))
	// srcExclude's globs (from srcDir) are no pages.
	var excluded []string
	for _, glob := range g.Strings("srcExclude") {
		excluded = append(excluded, path.Join(filepath.ToSlash(src), glob))
	}
	// VitePress never reads pages from node_modules or dist folders.
	return Layout{
		Site: filepath.Join(root, firstNonEmpty(g.Value("outDir"), ".vitepress/dist")), Markdown: []string{src},
		Exclude: append([]string{"**/node_modules/**", "**/dist/**"}, excluded...), Public: filepath.Join(src, "public"), Base: basePath(g.Value("base")),
		Rules: vitepressRewrites(g, src, mdlinks.Rules{IDs: mdscan.VitePress, Mounts: []mdlinks.Mount{{Dir: src, URL: "/"}}, Output: pages(true, "index"),
			Host: serve.Host{CleanURLs: true}, PrefixesBase: true, LeavesAttrLinks: true, BundlesRawImages: true,
			NotBuilt: matching(g.Root, excluded), NotBuiltBy: "srcExclude of " + filepath.Join(g.Root, g.Config)}),
	}
}

// vitepressRewrites moves pages as rewrites says, each from path-to-regexp
// pattern to destination: a page is built where its first matching rule
// puts it, links to it are written to there, and its relative links are
// read from there. rewrites written otherwise than as strings is said.
func vitepressRewrites(g Generator, src string, rules mdlinks.Rules) mdlinks.Rules {
	type rule struct {
		re   *regexp.Regexp
		dest string
	}
	var list []rule
	for _, p := range g.Pairs("rewrites", "pages are taken to be built where they lie") {
		re, err := serve.PathPattern(p[0])
		if err != nil {
			g.note("rewrites %q: %v; it is not read", p[0], err)
			continue
		}
		list = append(list, rule{re, p[1]})
	}
	if len(list) == 0 {
		return rules
	}
	to := func(rel string) string {
		for _, r := range list {
			if sub := r.re.FindStringSubmatch(rel); sub != nil {
				return serve.FillPath(r.dest, r.re, sub)
			}
		}
		return rel
	}
	var once sync.Once
	from := map[string]string{} // where a page is built as if it lay → the page
	root, _ := filepath.Abs(filepath.Join(g.Root, src))
	pagesFrom := func() {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
				rel, _ := filepath.Rel(root, p)
				from[to(filepath.ToSlash(rel))] = filepath.ToSlash(rel)
			}
			return nil
		})
	}
	rw := &mdlinks.Rewrites{To: to, From: func(rel string) (string, bool) {
		once.Do(pagesFrom)
		p, ok := from[rel]
		return p, ok
	}}
	output := rules.Output
	rules.Rewrites, rules.Output = rw, func(rel string) string { return output(to(rel)) }
	rules.Sources = func(out string) []string {
		if p, ok := rw.From(strings.TrimSuffix(out, ".html") + ".md"); ok {
			return []string{p}
		}
		return nil
	}
	return rules
}

func starlight(g Generator) Layout {
	// Astro reads srcDir, publicDir and outDir from the project root;
	// Starlight's pages are srcDir's content/docs.
	docs := filepath.Join(firstNonEmpty(g.Value("srcDir"), "src"), "content/docs")
	return Layout{
		Site: firstNonEmpty(g.Value("outDir"), "dist"), Markdown: []string{docs}, Public: firstNonEmpty(g.Value("publicDir"), "public"),
		Base: basePath(g.Value("base")),
		Rules: mdlinks.Rules{IDs: mdscan.Astro, LeavesMD: true, Mounts: []mdlinks.Mount{{Dir: docs, URL: "/"}},
			// build: { format: 'file' } writes a.html, else a/index.html
			Output: starlightOutput(g.Value("build.format") == "file"), Sources: starlightSources(filepath.Join(g.Root, docs)),
			URLFallback: starlightFallback(g),
			Host:        serve.Host{CleanURLs: true}, FrontURL: starlightSlug},
	}
}

// starlightOptions are the options the config gives Starlight's
// integration (integrations: [starlight({…})]).
func starlightOptions(g Generator) map[string]any {
	list, _ := lookupList(g.doc, "integrations")
	m, _ := g.js.callOf(list, "@astrojs/starlight")
	return m
}

// starlightFallback: a page not translated is served at each locale's URL
// with the default locale's content (root: the pages outside the locale
// folders), so /de/guide/ is /guide/'s page when de/guide.md is not there.
func starlightFallback(g Generator) func(string) string {
	opts := starlightOptions(g)
	locales, _ := lookupMap(opts, "locales")
	var dirs []string
	for _, k := range jsObjectKeys(locales) {
		if k != "root" {
			dirs = append(dirs, k)
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	def, _ := scalar(opts["defaultLocale"])
	return func(urlPath string) string {
		seg, rest, ok := strings.Cut(strings.TrimPrefix(urlPath, "/"), "/")
		if !ok || !slices.Contains(dirs, seg) || seg == def {
			return ""
		}
		if def != "" && def != "root" {
			return "/" + def + "/" + rest
		}
		return "/" + rest
	}
}

// starlightOutput: Astro names a page by its file's path, each segment
// slugged as GitHub slugs a heading (lower case, punctuation dropped,
// spaces as hyphens), so guide/Getting Started.md is built into
// guide/getting-started/ and API_Ref.v2.md into api_refv2/ (Astro 5).
func starlightOutput(flat bool) func(string) string {
	page := pages(flat, "index")
	return func(rel string) string {
		ext := path.Ext(rel)
		segs := strings.Split(strings.TrimSuffix(rel, ext), "/")
		for i, s := range segs {
			segs[i] = mdscan.Slug(s)
		}
		return page(strings.Join(segs, "/") + ext)
	}
}

// starlightSources are the files under docs whose slugged path is a built
// page's: the names on disk, found folder by folder.
func starlightSources(docs string) func(string) []string {
	return foldedSources([]string{docs}, mdscan.Slug, "index")
}

// foldedSources are the files under dirs whose path, each segment (and
// the file's name without its extension) folded, is a built page's stem:
// the names on disk for a generator that changes them in its URLs (Astro
// slugs them, Hugo lowers their case). A folder's page is one of index
// names in it.
func foldedSources(dirs []string, fold func(string) string, index ...string) func(string) []string {
	return func(out string) []string {
		stem := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(out, ".html"), "index"), "/")
		if stem == "" {
			return nil
		}
		segs := strings.Split(stem, "/")
		var found []string
		for _, docs := range dirs {
			here := []string{""}
			for i, seg := range segs {
				var next []string
				for _, d := range here {
					entries, _ := os.ReadDir(filepath.Join(docs, filepath.FromSlash(d)))
					for _, e := range entries {
						name, last := e.Name(), i == len(segs)-1
						switch {
						case e.IsDir() && fold(name) == seg:
							next = append(next, path.Join(d, name))
							if last {
								for _, ix := range index {
									found = append(found, path.Join(d, name, ix+".md"), path.Join(d, name, ix+".mdx"))
								}
							}
						case last && mdscan.IsMarkdownFile(name) && fold(strings.TrimSuffix(name, path.Ext(name))) == seg:
							found = append(found, path.Join(d, name))
						}
					}
				}
				here = next
			}
		}
		slices.Sort(found)
		return slices.Compact(found)
	}
}

func rspress(g Generator) Layout {
	root := filepath.Clean(firstNonEmpty(g.Folder("root"), "docs"))
	mounts := rspressMounts(g, root)
	rules := mdlinks.Rules{IDs: mdscan.GitHub, Mounts: mounts, Output: pages(true, "index"),
		Host: serve.Host{CleanURLs: true}, PrefixesBase: true, ExtensionFree: true,
		LinksByLocale: len(mounts) > 1 && g.Value("markdown.link.autoPrefix") != "false", Written: rspressLLMs(g, mounts)}
	if g.Value("route.cleanUrls") != "true" {
		rules.Href = rspressHref
	}
	// Rspress makes no page of node_modules, of its public folder, or of a
	// file or folder named _x (a partial a page imports): "/**" matches
	// the file itself too.
	return Layout{
		Site: firstNonEmpty(g.Value("outDir"), "doc_build"), Markdown: []string{root},
		Exclude: []string{"**/node_modules/**", path.Join(filepath.ToSlash(root), "public/**"), "**/_[!_]*/**"},
		Public:  filepath.Join(root, "public"), Base: basePath(g.Value("base")),
		Rules: rules,
	}
}

// rspressLLMs are the files SSG-MD writes: llms.txt and llms-full.txt at
// the root, and in each language's folder but the default one's. It is
// on with llms: true (or its options), or the older @rspress/plugin-llms.
func rspressLLMs(g Generator, mounts []mdlinks.Mount) map[string]string {
	llms, _ := lookup(g.doc, "llms")
	plugins, _ := lookupList(g.doc, "plugins")
	_, plugin := g.js.callOf(plugins, "@rspress/plugin-llms")
	if _, options := llms.(map[string]any); llms != true && !options && !plugin {
		return nil
	}
	by := filepath.Join(g.Root, g.Config)
	written := map[string]string{"/llms.txt": by, "/llms-full.txt": by}
	for _, m := range mounts {
		written[m.URL+"llms.txt"], written[m.URL+"llms-full.txt"] = by, by
	}
	return written
}

// rspressLangs are the languages of the config's locales (the site's,
// and its theme's).
func rspressLangs(g Generator) []string {
	var langs []string
	for _, key := range []string{"locales", "themeConfig.locales"} {
		list, _ := lookupList(g.doc, key)
		for _, l := range list {
			if lang, _ := lookup(l, "lang"); lang != nil {
				if s, ok := lang.(string); ok && s != "" && !slices.Contains(langs, s) {
					langs = append(langs, s)
				}
			}
		}
	}
	return langs
}

// rspressMounts: with locales, each language's pages are in root/<lang>/,
// served under /<lang>/, but the default language's (lang) at the root.
func rspressMounts(g Generator, root string) []mdlinks.Mount {
	def := g.Value("lang")
	var mounts []mdlinks.Mount
	for _, lang := range rspressLangs(g) {
		dir := filepath.Join(root, lang)
		if lang == def || !isDir(filepath.Join(g.Root, dir)) {
			continue
		}
		mounts = append(mounts, mdlinks.Mount{Dir: dir, URL: "/" + lang + "/"})
	}
	if def != "" && isDir(filepath.Join(g.Root, root, def)) {
		return append(mounts, mdlinks.Mount{Dir: filepath.Join(root, def), URL: "/", Alias: "/" + def + "/"})
	}
	return append(mounts, mdlinks.Mount{Dir: root, URL: "/"})
}

// rspressHref is the link Rspress writes, without cleanUrls, for a link to
// a page that it resolved to p: the path it names, with .html added, or
// index.html after a trailing slash. A relative link is resolved as a file
// path, which keeps no trailing slash: ./guide/ becomes /guide.html, and
// no file answers it (the page is guide/index.html).
func rspressHref(p string, rel bool) string {
	if rel && p != "/" {
		p = strings.TrimSuffix(p, "/")
	}
	switch {
	case strings.HasSuffix(p, "/"):
		return p + "index.html"
	case strings.HasSuffix(p, ".html"):
		return p
	}
	return p + ".html"
}

// permalink is where Jekyll serves a page whose front matter sets one.
// One with placeholders (:title) cannot be read here: those pages are
// taken to be at their usual URL. (Eleventy's is its data cascade's,
// eleventydata.go.)
func permalink(_ string, value func(string) string) (string, bool) {
	p := value("permalink")
	if p == "" || p == "false" || strings.ContainsAny(p, ":{") {
		return "", false
	}
	return "/" + strings.TrimPrefix(p, "/"), true
}

// hugoURL reads Hugo's url (the page's whole path) and slug (its last
// segment, in its section's folder).
func hugoURL(out func(string) string) func(string, func(string) string) (string, bool) {
	return func(rel string, value func(string) string) (string, bool) {
		if u := value("url"); u != "" {
			return "/" + strings.TrimPrefix(u, "/"), true
		}
		slug := value("slug")
		if slug == "" || strings.HasPrefix(path.Base(rel), "_index.") {
			return "", false
		}
		dir := path.Dir(rel)
		return serve.PageURL(out(path.Join(dir, slug+".md"))), true
	}
}

// starlightSlug reads the slug that Starlight serves a page at instead of
// its file's path.
func starlightSlug(_ string, value func(string) string) (string, bool) {
	s := strings.Trim(value("slug"), "/")
	if s == "" {
		return "", false
	}
	return "/" + s + "/", true
}

// mkdocsInherit lays the config named by INHERIT (a path from the config's
// folder) under this one, as MkDocs does: a key this config sets wins, maps
// merge key by key.
func mkdocsInherit(g Generator) Generator {
	parent := g.Value("INHERIT")
	if parent == "" {
		return g
	}
	file := filepath.Join(g.Root, g.Dir(), filepath.FromSlash(parent))
	src, err := textfile.Read(file, textfile.MaxConfig)
	if err != nil {
		g.note("INHERIT names %s, which cannot be read: %v", parent, err)
		return g
	}
	doc, err := parseConfig(file, src)
	if err != nil {
		var ce configError
		errors.As(err, &ce)
		g.note("INHERIT names %s", ce.at(file))
		return g
	}
	g.doc = mergeConfig(doc, g.doc)
	return g
}

// mergeConfig is over laid on under: maps merged key by key, any other
// value of over taking the place of under's.
func mergeConfig(under, over any) any {
	um, ok1 := under.(map[string]any)
	om, ok2 := over.(map[string]any)
	if !ok1 || !ok2 {
		if over == nil {
			return under
		}
		return over
	}
	out := map[string]any{}
	for k, v := range um {
		out[k] = v
	}
	for k, v := range om {
		out[k] = mergeConfig(um[k], v)
	}
	return out
}

// matching says whether a file (named from here) is one of globs, written
// from root; nil for no globs.
func matching(root string, globs []string) func(string) bool {
	if len(globs) == 0 {
		return nil
	}
	from := fromRoot(root)
	return func(file string) bool {
		rel, ok := from(file)
		return ok && mdlinks.Excluded(globs, rel)
	}
}

// fromRoot names a file (named from here) from root; ok is false for a
// file outside it. The rules' closures get files named from here, and the
// settings of a config are written from its project's root.
func fromRoot(root string) func(file string) (string, bool) {
	absRoot, err := filepath.Abs(root)
	return func(file string) (string, bool) {
		abs, err2 := filepath.Abs(file)
		if err != nil || err2 != nil {
			return "", false
		}
		rel, err := filepath.Rel(absRoot, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return "", false
		}
		return rel, true
	}
}

// mkdocsExcluded are exclude_docs's patterns (gitignore's syntax, one a
// line) as globs from docs_dir: "drafts/" a folder anywhere, "/api/" one at
// the top, "*.py" a name anywhere; a pattern with "!" is not read.
func mkdocsExcluded(g Generator, docs string) []string {
	var out []string
	for _, line := range strings.Split(g.Value("exclude_docs"), "\n") {
		p := strings.TrimSpace(line)
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		if strings.HasPrefix(p, "!") {
			g.note("exclude_docs %s takes a file back, which checks does not model", p)
			continue
		}
		dir := strings.HasSuffix(p, "/")
		p = strings.TrimSuffix(p, "/")
		if !strings.HasPrefix(p, "/") && !strings.Contains(p, "/") {
			p = "**/" + p
		}
		p = path.Join(filepath.ToSlash(docs), strings.TrimPrefix(p, "/"))
		out = append(out, p, p+"/**")
		if dir {
			out = out[:len(out)-2]
			out = append(out, p+"/**")
		}
	}
	return out
}

func mkdocs(g Generator) Layout {
	g = mkdocsInherit(g)
	docs := firstNonEmpty(g.Value("docs_dir"), "docs")
	out, variant := pages(false, "index", "README"), ""
	if g.Value("use_directory_urls") == "false" {
		out = pages(true, "index", "README")
	}
	ids, excluded := mkdocsIDs(g), mkdocsExcluded(g, docs)
	if mkdocsExtension(g, "footnotes") {
		ids = ids.WithFootnotes()
	}
	ids = mkdocsBlocks(g, ids)
	if g.Value("theme") == "material" || g.Value("theme.name") == "material" {
		variant = "Material theme"
	}
	return Layout{
		Site: firstNonEmpty(g.Value("site_dir"), "site"), Markdown: []string{docs}, Public: docs, Base: basePath(g.Value("site_url")),
		Variant: variant, Exclude: excluded,
		// MkDocs rewrites only relative links that name a file: a
		// root-absolute one, .md or not, is written as it is, without
		// the path of site_url.
		Rules: mdlinks.Rules{IDs: ids, Mounts: []mdlinks.Mount{{Dir: docs, URL: "/"}}, Output: out, LeavesRootMD: true, CopiesFiles: true,
			RewritesRelativeFiles: true, NotBuilt: matching(g.Root, excluded), NotBuiltBy: "exclude_docs of " + filepath.Join(g.Root, g.Config),
			Includes: mkdocsIncludes(g), CodeIDs: mkdocsCodeIDs(g), Written: mkdocsThemeFiles(g)},
	}
}

// mkdocsCodeIDs are the ids Python code may give a page: everything in a
// page with a "::: name" block, which mkdocstrings and mkdocs-click fill
// from the project's Python (headings and all); and, where a hook rewrites
// every page's markdown (on_page_markdown), an id the page's text names.
func mkdocsCodeIDs(g Generator) func([]byte) func(string) bool {
	var writers []string
	for _, w := range []struct{ key, name string }{{"plugins", "mkdocstrings"}, {"markdown_extensions", "mkdocs-click"}, {"markdown_extensions", "mkdocs_click"}} {
		if _, on := mkdocsEntry(g, w.key, w.name); on {
			writers = append(writers, w.name)
		}
	}
	var hooks []string
	list, _ := lookupList(g.doc, "hooks")
	for _, h := range list {
		if name, ok := h.(string); ok {
			if b, err := os.ReadFile(filepath.Join(g.Root, name)); err == nil && bytes.Contains(b, []byte("def on_page_markdown")) {
				hooks = append(hooks, name)
			}
		}
	}
	if len(writers) > 0 {
		g.note("%s the content of each \"::: name\" block from Python, which checks does not run: an anchor into a page with one is not judged", subject(writers, "writes", "write"))
	}
	if len(hooks) > 0 {
		g.note("%s each page's markdown (on_page_markdown), which checks does not run: an anchor whose name the page's text holds is taken as made by a hook", subject(hooks, "rewrites", "rewrite"))
	}
	if len(writers)+len(hooks) == 0 {
		return nil
	}
	return func(src []byte) func(string) bool {
		if len(writers) > 0 && codeBlock.Match(src) {
			return func(string) bool { return true }
		}
		if len(hooks) == 0 {
			return nil
		}
		return func(id string) bool { return namesID(src, strings.TrimPrefix(id, "+")) } // Material's hooks write #+name for an option
	}
}

// subject is "a verb", "a and b verbs": names and their verb, agreeing.
func subject(names []string, one, more string) string {
	if len(names) == 1 {
		return names[0] + " " + one
	}
	return strings.Join(names, " and ") + " " + more
}

// namesID reports whether a page's text holds id other than as a link to
// it (#id, #+id), which every page linking to itself holds.
func namesID(src []byte, id string) bool {
	if len(id) < 2 {
		return false
	}
	for i := 0; ; {
		at := bytes.Index(src[i:], []byte(id))
		if at < 0 {
			return false
		}
		at += i
		if !bytes.HasSuffix(src[:at], []byte("#")) && !bytes.HasSuffix(src[:at], []byte("#+")) {
			return true
		}
		i = at + 1
	}
}

// codeBlock is a "::: identifier" line, which mkdocstrings and
// mkdocs-click replace with what they write.
var codeBlock = regexp.MustCompile(`(?m)^:::[ \t]+\S`)

// mkdocsThemeFiles are files the theme adds to the site's, which MkDocs
// counts among the docs folder's (a relative link to one is rewritten): a
// built-in theme's favicon, which pages link to, and every file of the
// theme's custom_dir.
func mkdocsThemeFiles(g Generator) map[string]string {
	name := firstNonEmpty(g.Value("theme.name"), g.Value("theme"), "mkdocs") // MkDocs's own theme when none is named
	files := map[string]string{}
	switch name {
	case "mkdocs", "readthedocs":
		files["/img/favicon.ico"] = "the " + name + " theme"
	case "material":
		files["/assets/images/favicon.png"] = "the material theme"
	}
	if dir := g.Value("theme.custom_dir"); dir != "" {
		root := filepath.Join(g.Root, dir)
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".html") {
				rel, _ := filepath.Rel(root, p)
				files["/"+filepath.ToSlash(rel)] = "theme.custom_dir " + dir
			}
			return nil
		})
	}
	return files
}

// mkdocsIncludes reads pymdownx.snippets's base_path (a folder or a list).
func mkdocsIncludes(g Generator) func(string, []byte, func(string) ([]byte, error)) []byte {
	opts, on := mkdocsExtensionOptions(g, "pymdownx.snippets")
	if !on {
		return nil
	}
	var bases []string
	switch b := opts["base_path"].(type) {
	case string:
		bases = []string{b}
	case []any:
		for _, v := range b {
			if s, ok := v.(string); ok {
				bases = append(bases, s)
			}
		}
	}
	if in := mkdocsSnippets(g.Root, bases); in != nil {
		return in.expand
	}
	return nil
}

// mkdocsIDs are the ids of Python-Markdown's toc, with "{#id}" when
// attr_list is on, and the slugify of PyMdown Extensions when toc's slugify
// names one of its functions (a function checks does not know is said).
func mkdocsIDs(g Generator) mdscan.IDStyle {
	attrList := mkdocsExtension(g, "attr_list")
	slugify, set := mkdocsTOC(g)
	if !set {
		if attrList {
			return mdscan.MkDocsAttrList
		}
		return mdscan.MkDocs
	}
	if style, ok := pymdownSlugify(slugify, attrList); ok {
		return style
	}
	c, _ := slugify.(computedValue)
	g.note("toc's slugify is %s, which checks does not model: ids are taken as Python-Markdown's own", firstNonEmpty(c.tag, "not a function it knows"))
	if attrList {
		return mdscan.MkDocsAttrList
	}
	return mdscan.MkDocs
}

// pymdownSlugify is the style of a slugify option that names one of PyMdown
// Extensions' functions (!!python/name:pymdownx.slugs.uslugify, or
// !!python/object/apply:pymdownx.slugs.slugify with its kwds).
func pymdownSlugify(slugify any, attrList bool) (mdscan.IDStyle, bool) {
	c, ok := slugify.(computedValue)
	name := strings.TrimPrefix(strings.TrimPrefix(c.tag, "tag:yaml.org,2002:"), "!!")
	switch {
	case ok && name == "python/object/apply:pymdownx.slugs.slugify":
		kwds, _ := lookup(c.value, "kwds")
		caseMode, _ := lookup(kwds, "case")
		encode, _ := lookup(kwds, "percent_encode")
		s, _ := scalar(caseMode)
		e, _ := scalar(encode)
		return mdscan.PyMdownSlugs(s, e == "true", attrList), true
	case ok && strings.HasPrefix(name, "python/name:pymdownx.slugs."):
		switch fn := strings.TrimPrefix(name, "python/name:pymdownx.slugs."); fn {
		case "uslugify", "uslugify_encoded":
			return mdscan.PyMdownSlugs("lower", fn == "uslugify_encoded", attrList), true
		case "uslugify_cased", "uslugify_cased_encoded":
			return mdscan.PyMdownSlugs("", fn == "uslugify_cased_encoded", attrList), true
		case "gfm", "gfm_encoded":
			return mdscan.PyMdownSlugs("lower-ascii", fn == "gfm_encoded", attrList), true
		}
	}
	return mdscan.IDStyle{}, false
}

// mkdocsBlocks reads the indented blocks of admonition, pymdownx.details
// and pymdownx.tabbed as markdown, and gives tabs their ids: by tabbed's
// slugify (an emoji's :shortcode: is an icon, no text, with
// pymdownx.emoji), after the heading above with combine_header_slug, or
// numbered.
func mkdocsBlocks(g Generator, ids mdscan.IDStyle) mdscan.IDStyle {
	tabbed, tabs := mkdocsExtensionOptions(g, "pymdownx.tabbed")
	_, admonition := mkdocsExtensionOptions(g, "admonition")
	_, details := mkdocsExtensionOptions(g, "pymdownx.details")
	if !tabs && !admonition && !details {
		return ids
	}
	var b mdscan.Blocks
	name := "numbered"
	if style, ok := pymdownSlugify(tabbed["slugify"], false); ok {
		b.TabSlug, name = style.Slug, style.Name
		if mkdocsExtension(g, "pymdownx.emoji") {
			b.TabSlug = func(title string) string { return style.Slug(emojiShortcode.ReplaceAllString(title, "")) }
		}
	} else if tabbed["slugify"] != nil {
		c, _ := tabbed["slugify"].(computedValue)
		g.note("pymdownx.tabbed's slugify is %s, which checks does not model: tabs are taken as numbered", firstNonEmpty(c.tag, "not a function it knows"))
	}
	if combine, _ := scalar(tabbed["combine_header_slug"]); combine == "true" {
		b.TabHeading, name = true, name+"-combined"
	}
	return ids.WithBlocks(b, name)
}

// emojiShortcode is an emoji or icon written :name: (pymdownx.emoji).
var emojiShortcode = regexp.MustCompile(`:[a-z0-9_+-]+:`)

// mkdocsExtension reports whether markdown_extensions names ext (as
// itself, or as markdown.extensions.ext), with options or without.
func mkdocsExtension(g Generator, ext string) bool {
	_, on := mkdocsExtensionOptions(g, ext)
	return on
}

// mkdocsExtensionOptions are the options markdown_extensions gives ext
// (none when it names ext alone), and whether it names ext.
func mkdocsExtensionOptions(g Generator, ext string) (map[string]any, bool) {
	if opts, on := mkdocsEntry(g, "markdown_extensions", ext); on {
		return opts, true
	}
	return mkdocsEntry(g, "markdown_extensions", "markdown.extensions."+ext)
}

// mkdocsEntry reads a list of names and of {name: options}, or a map of
// name to options (plugins may be either): the options of name, and
// whether the list has it.
func mkdocsEntry(g Generator, key, name string) (map[string]any, bool) {
	v, _ := lookup(g.doc, key)
	if m, ok := v.(map[string]any); ok {
		v = []any{m}
	}
	list, _ := v.([]any)
	for _, e := range list {
		switch e := e.(type) {
		case string:
			if e == name {
				return nil, true
			}
		case map[string]any:
			if opts, ok := e[name]; ok {
				m, _ := opts.(map[string]any)
				return m, true
			}
		}
	}
	return nil, false
}

// mkdocsTOC is the slugify option of the toc extension in
// markdown_extensions (a list of names and of {name: options}).
func mkdocsTOC(g Generator) (any, bool) {
	list, _ := lookupList(g.doc, "markdown_extensions")
	for _, ext := range list {
		m, ok := ext.(map[string]any)
		if !ok {
			continue
		}
		for _, name := range []string{"toc", "markdown.extensions.toc"} {
			if opts, ok := m[name].(map[string]any); ok && opts["slugify"] != nil {
				return opts["slugify"], true
			}
		}
	}
	return nil, false
}

func hugo(g Generator) Layout {
	uglyURLs := g.Value("uglyURLs") == "true"
	langs := hugoLanguages(g)
	out := hugoOutput(hugoPage(uglyURLs), langs)
	sources := langs.sources
	if uglyURLs { // a.html is a leaf bundle's a/index.md or a section's a/_index.md too
		sources = func(out string) []string {
			stem := strings.TrimSuffix(out, ".html")
			return append(langs.sources(out), stem+"/index.md", stem+"/_index.md")
		}
	}
	if g.Value("disablePathToLower") != "true" { // Hugo lowers the case of its URLs
		out = lowered(out)
	}
	public := "static"
	var mounts []mdlinks.Mount
	for _, m := range hugoMounts(g, langs) {
		switch m.target {
		case "content":
			mounts = append(mounts, mdlinks.Mount{Dir: m.source, URL: langs.url(m.lang)})
		case "static":
			public = m.source
		}
	}
	var markdown []string
	for _, m := range mounts {
		markdown = append(markdown, m.Dir)
	}
	if g.Value("disablePathToLower") != "true" {
		var dirs []string
		for _, m := range markdown {
			dirs = append(dirs, filepath.Join(g.Root, m))
		}
		folded := foldedSources(dirs, strings.ToLower, "index", "_index")
		sources = func(out string) []string { return append(langs.sources(out), folded(out)...) }
	}
	rules := mdlinks.Rules{IDs: hugoIDs(g), LeavesMD: true, Mounts: mounts, Output: out, Sources: sources, Templated: true, // shortcodes
		Host: serve.Host{CleanURLs: true}, CopiesFiles: true, ImagesAsURLs: true, FrontURL: hugoURL(out)}
	rules.RefPage = hugoRefPage(g.Root, mounts)
	if in := hugoIncludes(g.Root, markdown); in != nil {
		rules.Includes = in.expand
	}
	// A link render hook of the project's own rewrites every link as it
	// likes (hugoDocs's looks pages up, and makes [term](g) a glossary
	// link): links written as URLs are not judged, and .md links may be
	// pages it finds.
	for _, hook := range []string{"layouts/_markup/render-link.html", "layouts/_default/_markup/render-link.html"} {
		if isFile(filepath.Join(g.Root, hook)) {
			rules.LeavesMD, rules.URLsRewritten = false, true
			g.note("%s rewrites the links of every page, which checks does not run: links written as URLs are not judged", hook)
			break
		}
	}
	l := Layout{
		Site: firstNonEmpty(g.Value("publishDir"), "public"), Markdown: markdown, Public: public,
		Base: basePath(g.Value("baseURL")), PublicURL: publicURL(g.Value("baseURL")), Rules: rules,
	}
	hugoRootLinks(g, &l)
	return l
}

// hugoRootLinks: canonifyURLs and relativeURLs each rewrite the
// root-relative href and src of every HTML page (content, raw HTML and
// templates alike) from the site's root: canonifyURLs to baseURL's
// absolute URL, relativeURLs (which wins when both are set) to a path
// relative to the page. Either way "/docs/x/" is given the base, so
// root-absolute links are written without it.
func hugoRootLinks(g Generator, l *Layout) {
	canonify, relative := g.Value("canonifyURLs") == "true", g.Value("relativeURLs") == "true"
	l.Rules.PrefixesBase = canonify || relative
	// With canonifyURLs, links to baseURL in the build are the site's own.
	if u := g.Value("baseURL"); canonify && (strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")) {
		l.SiteURL = u
	}
	// Without canonifyURLs, relURL, .RelPermalink and relref write the
	// base, which relativeURLs then reads from the site's root.
	if relative && !canonify && l.Base != "" && l.Base != "/" {
		g.note("relativeURLs without canonifyURLs: relref, relURL and .RelPermalink write %s, which Hugo makes relative to the site's root, so they lead under %s%s; checks finds those in the build, not in the sources",
			l.Base, strings.TrimSuffix(l.Base, "/"), l.Base)
	}
}

// hugoRefPage finds the page a ref or relref's path names, as Hugo does:
// from the page's folder, then from each content folder ("/x" from those
// only), as written, with .md, or a section's or bundle's index.
func hugoRefPage(root string, mounts []mdlinks.Mount) func(file, p string, isFile func(string) bool) (string, bool) {
	var content []string // absolute: the rules' closures get files named from here
	for _, m := range mounts {
		if abs, err := filepath.Abs(filepath.Join(root, m.Dir)); err == nil {
			content = append(content, abs)
		}
	}
	return func(file, p string, isFile func(string) bool) (string, bool) {
		var dirs []string
		if !strings.HasPrefix(p, "/") {
			dirs = append(dirs, filepath.Dir(file))
		}
		for _, dir := range append(dirs, content...) {
			base := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(p, "/")))
			for _, name := range []string{base, base + ".md", filepath.Join(base, "_index.md"), filepath.Join(base, "index.md")} {
				if mdscan.IsMarkdownFile(name) && isFile(name) {
					if filepath.IsAbs(name) && !filepath.IsAbs(file) {
						name = relative(name)
					}
					return name, true
				}
			}
		}
		return "", false
	}
}

// hugoPage is where Hugo builds a page: a/b.md, and a leaf bundle's
// a/b/index.md, into a/b/index.html, a section's a/_index.md into
// a/index.html; with uglyURLs into a/b.html and a.html. The home page is
// index.html either way. A bundle's files are copied into its folder,
// a/b/, which a page at a/b.html does not reach by a relative link.
func hugoPage(ugly bool) func(rel string) string {
	return func(rel string) string {
		stem := strings.TrimSuffix(strings.TrimSuffix(rel, ".mdx"), ".md")
		if dir, base := path.Split(stem); base == "index" || base == "_index" {
			if stem = strings.TrimSuffix(dir, "/"); stem == "" {
				return "index.html"
			}
		}
		if ugly {
			return stem + ".html"
		}
		return stem + "/index.html"
	}
}

// lowered is a page's output path in lower case.
func lowered(out func(string) string) func(string) string {
	return func(rel string) string { return strings.ToLower(out(rel)) }
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// hugoIDs is the id style of markup.goldmark.parser: autoIDType (named
// autoHeadingIDType before Hugo 0.144), and autoDefinitionTermID, which
// gives definition terms ids unless the definitionList extension is off.
func hugoIDs(g Generator) mdscan.IDStyle {
	const parser = "markup.goldmark.parser."
	style := mdscan.Hugo
	switch strings.ToLower(firstNonEmpty(g.Value(parser+"autoIDType"), g.Value(parser+"autoHeadingIDType"))) {
	case "github-ascii":
		style = mdscan.HugoGitHubASCII
	case "blackfriday":
		style = mdscan.HugoBlackfriday
	}
	if g.Value(parser+"autoDefinitionTermID") == "true" && g.Value("markup.goldmark.extensions.definitionList") != "false" {
		style = style.WithTermIDs()
	}
	if g.Value("markup.goldmark.renderer.unsafe") != "true" { // Hugo leaves raw HTML out
		style = style.WithoutHTML()
	}
	return style
}

// hugoLangs are a Hugo site's languages: the default one, whether it too
// is served in its own folder, and each one's content folder ("" for the
// site's own).
type hugoLangs struct {
	def      string
	inSubdir bool
	dirs     map[string]string
}

// hugoLanguages reads [languages] (each with its contentDir),
// defaultContentLanguage and defaultContentLanguageInSubdir.
func hugoLanguages(g Generator) hugoLangs {
	l := hugoLangs{def: strings.ToLower(firstNonEmpty(g.Value("defaultContentLanguage"), "en")),
		inSubdir: g.Value("defaultContentLanguageInSubdir") == "true", dirs: map[string]string{}}
	if m, ok := lookupMap(g.doc, "languages"); ok {
		for code := range m {
			l.dirs[strings.ToLower(code)] = g.Value("languages." + code + ".contentDir")
		}
	}
	return l
}

// url is where a language's pages are served: its code's folder, or the
// root for the default language (unless it too has a folder).
func (l hugoLangs) url(lang string) string {
	if lang == "" || lang == l.def && !l.inSubdir {
		return "/"
	}
	return "/" + lang + "/"
}

// hugoMount is one of module.mounts: a folder of the project mounted as a
// component (content, static, …) of a language, or of all ("").
type hugoMount struct{ source, target, lang string }

// hugoMounts are the site's content and static folders: module.mounts when
// the config sets them (they replace Hugo's own for their component), else
// contentDir (content/) and static/, and each language's contentDir.
func hugoMounts(g Generator, langs hugoLangs) []hugoMount {
	var out []hugoMount
	if list, ok := lookupList(g.doc, "module.mounts"); ok {
		for i := range list {
			at := fmt.Sprintf("module.mounts.%d.", i)
			m := hugoMount{g.Value(at + "source"), strings.Split(g.Value(at+"target"), "/")[0], strings.ToLower(g.Value(at + "lang"))}
			if m.source != "" && m.target != "" {
				out = append(out, m)
			}
		}
	}
	if !slices.ContainsFunc(out, func(m hugoMount) bool { return m.target == "content" }) {
		content := firstNonEmpty(g.Value("contentDir"), "content")
		if d := langs.dirs[langs.def]; d != "" {
			content = d
		}
		out = append(out, hugoMount{content, "content", ""})
		for code, dir := range langs.dirs {
			if dir != "" && code != langs.def {
				out = append(out, hugoMount{dir, "content", code})
			}
		}
		slices.SortStableFunc(out, func(a, b hugoMount) int { return strings.Compare(a.lang, b.lang) })
	}
	if !slices.ContainsFunc(out, func(m hugoMount) bool { return m.target == "static" }) {
		out = append(out, hugoMount{"static", "static", ""})
	}
	return out
}

// hugoOutput builds a page named for a language (faq.de.md, a translation
// in the site's own content folder) into that language's folder, and one
// named for the default language (faq.en.md) where faq.md goes.
func hugoOutput(page func(string) string, langs hugoLangs) func(string) string {
	return func(rel string) string {
		ext := path.Ext(rel)
		stem := strings.TrimSuffix(rel, ext)
		lang := strings.ToLower(strings.TrimPrefix(path.Ext(stem), "."))
		if _, ok := langs.dirs[lang]; !ok || lang == "" {
			return page(rel)
		}
		built := page(strings.TrimSuffix(stem, path.Ext(stem)) + ext)
		if u := langs.url(lang); u != "/" {
			return strings.TrimPrefix(u, "/") + built
		}
		return built
	}
}

// sources are the translations that may be built into out: for
// de/docs/faq/index.html, docs/faq.de.md and its bundle forms.
func (l hugoLangs) sources(out string) []string {
	var found []string
	for code := range l.dirs {
		rest, ok := strings.CutPrefix(out, strings.TrimPrefix(l.url(code), "/"))
		if !ok {
			continue
		}
		stem := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(rest, ".html"), "index"), "/")
		for _, ext := range []string{".md", ".markdown"} {
			found = append(found, stem+"."+code+ext, path.Join(stem, "index."+code+ext), path.Join(stem, "_index."+code+ext))
		}
	}
	slices.Sort(found)
	return found
}

// eleventyTemplates are the template languages Eleventy builds pages of
// besides markdown (its defaults, and WebC's plugin).
var eleventyTemplates = []string{".njk", ".liquid", ".html", ".11ty.js", ".webc", ".hbs", ".mustache", ".ejs", ".haml", ".pug"}

// eleventyOutput builds a page of any template language into a folder of
// its name (index into its folder's, and so a page named as its folder:
// authors/authors.njk is authors/index.html).
func eleventyOutput(rel string) string {
	for _, ext := range eleventyTemplates {
		if stem, ok := strings.CutSuffix(rel, ext); ok {
			rel = stem + ".md"
			break
		}
	}
	if dir := path.Dir(rel); dir != "." && strings.TrimSuffix(path.Base(rel), ".md") == path.Base(dir) {
		return path.Join(dir, "index.html")
	}
	return pages(false, "index")(rel)
}

// eleventySources are the templates of other languages that may be built
// into out, and those named as their folder: a link to a page made by a
// Nunjucks or WebC template is to a page, though the gate reads no ids in
// it.
func eleventySources(out string) []string {
	stem := strings.TrimSuffix(strings.TrimSuffix(out, "index.html"), "/")
	var found []string
	if stem != "" {
		found = append(found, path.Join(stem, path.Base(stem)+".md"))
	}
	for _, ext := range eleventyTemplates {
		found = append(found, path.Join(stem, "index"+ext))
		if stem != "" {
			found = append(found, stem+ext, path.Join(stem, path.Base(stem)+ext))
		}
	}
	return found
}

// eleventyMDLookup is how InputPathToUrlTransformPlugin finds the file a
// relative .md link names: beside the page, else from the input folder
// (input, absolute). A root-absolute link is read from the input folder
// as every preset reads one (ok false).
func eleventyMDLookup(input string) func(file, p string, isFile func(string) bool) (string, bool) {
	return func(file, p string, isFile func(string) bool) (string, bool) {
		if strings.HasPrefix(p, "/") {
			return "", false
		}
		for _, t := range []string{filepath.Join(filepath.Dir(file), filepath.FromSlash(p)), relative(filepath.Join(input, filepath.FromSlash(p)))} {
			if isFile(t) {
				return t, true
			}
		}
		return "", false
	}
}

// lettersOfHeadings says of an id whether a slug of one of the page's
// headings may be it, whatever the slug function: its letters and digits
// (as Eleventy's slugify spells them in ASCII) are the heading's, what a
// template tag in the heading writes left out.
func lettersOfHeadings(src []byte) func(string) bool {
	var once sync.Once
	var letters map[string]bool
	return func(id string) bool {
		once.Do(func() {
			letters = map[string]bool{}
			for _, h := range mdscan.Parse(src).Headings {
				letters[lettersOf(templateTag.ReplaceAllString(h.Text, ""))] = true
			}
		})
		l := lettersOf(id)
		return l != "" && letters[l]
	}
}

// templateTag is what a template engine writes into a page: {% … %}, {{ … }}.
var templateTag = regexp.MustCompile(`\{%.*?%\}|\{\{.*?\}\}`)

func lettersOf(s string) string {
	return strings.ReplaceAll(mdscan.EleventyIDAttribute.Slug(s), "-", "")
}

// eleventyPlugins are the options the config (or a module it imports)
// gives each plugin it adds that it imports from module, by one of names
// when any are given (IdAttributePlugin of "@11ty/eleventy"), whatever the
// local name it gives it: addPlugin(plugin, options).
func eleventyPlugins(g Generator, module string, names ...string) []map[string]any {
	return pluginOptions(g.js.callsOf("addPlugin"), module, names...)
}

// pluginOptions are the options of the calls whose plugin is imported
// from module, by one of names when any are given; {} for none given.
func pluginOptions(calls []jsCall, module string, names ...string) []map[string]any {
	var out []map[string]any
	for _, call := range calls {
		p := call.plugin()
		if p.module != module || len(names) > 0 && !slices.Contains(names, p.name) {
			continue
		}
		opts := call.options()
		if opts == nil {
			opts = map[string]any{}
		}
		out = append(out, opts)
	}
	return out
}

// isEleventyFilter reports whether v is eleventyConfig.getFilter(name).
func isEleventyFilter(v any, name string) bool {
	call, ok := v.(computedValue)
	args, _ := call.value.([]any)
	return ok && strings.HasSuffix(call.tag, ".getFilter") && len(args) == 1 && args[0] == name
}

// eleventyFeeds are the feeds the RSS plugin writes, where the config (or
// a module it imports) names their outputPath ("/blog/feed.xml").
func eleventyFeeds(g Generator) map[string]string {
	feeds := map[string]string{}
	for _, opts := range eleventyPlugins(g, "@11ty/eleventy-plugin-rss") {
		if out, ok := opts["outputPath"].(string); ok && out != "" {
			feeds["/"+strings.TrimPrefix(out, "/")] = filepath.Join(g.Root, g.Config)
		}
	}
	if len(feeds) == 0 {
		return nil
	}
	return feeds
}

// withImports is the config with what the local modules it imports
// ("./config/markdown.js", where plugins are often added) do: the calls
// their config functions make on their parameter, as if the config made
// them, and the plugins they give markdown-it.
func (g Generator) withImports() Generator {
	var modules []string
	for _, m := range g.js.imported {
		if strings.HasPrefix(m.module, "./") || strings.HasPrefix(m.module, "../") {
			modules = append(modules, m.module)
		}
	}
	slices.Sort(modules)
	for _, m := range slices.Compact(modules) {
		p := filepath.Join(g.Root, g.Dir(), filepath.FromSlash(m))
		for _, f := range []string{p, p + ".js", p + ".mjs", p + ".cjs", filepath.Join(p, "index.js")} {
			if b, err := textfile.Read(f, textfile.MaxConfig); err == nil {
				g.js = g.js.with(f, b)
				break
			}
		}
	}
	return g
}

func eleventy(g Generator) Layout {
	g = g.withImports()
	input := firstNonEmpty(g.Value("dir.input"), g.set("setInputDirectory"), ".")
	output := firstNonEmpty(g.Value("dir.output"), g.set("setOutputDirectory"), "_site")
	data := readEleventyData(g, input, output)
	rules := mdlinks.Rules{IDs: mdscan.None, LeavesMD: true, Mounts: []mdlinks.Mount{{Dir: input, URL: "/"}}, Output: eleventyOutput,
		Sources: eleventySources, Host: serve.Host{CleanURLs: true}, FrontURL: data.frontURL, FrontUnplaced: data.unplaced}
	// Headings get ids and links get rewritten only by the plugins the
	// config adds; these are Eleventy's own and the one its starters used.
	ids := eleventyPlugins(g, "@11ty/eleventy", "IdAttributePlugin")
	anchors := pluginOptions(g.js.uses, "markdown-it-anchor") // md.use(markdownItAnchor, {…}), often in amendLibrary
	switch {
	case len(ids) > 0:
		rules.IDs = mdscan.EleventyIDAttribute
		if slices.ContainsFunc(ids, func(o map[string]any) bool { return o["slugify"] != nil }) {
			g.note("IdAttributePlugin is given a slugify of the site's own, which checks does not run: an anchor is taken as found when its letters and digits are a heading's")
			rules.CodeIDs = lettersOfHeadings
		}
	case len(anchors) > 0:
		rules.IDs = mdscan.MarkdownItAnchor
		switch slugify := anchors[len(anchors)-1]["slugify"]; {
		case isEleventyFilter(slugify, "slugify"):
			rules.IDs = mdscan.EleventyAnchor
		case slugify != nil:
			g.note("markdown-it-anchor is given a slugify of the site's own, which checks does not run: an anchor is taken as found when its letters and digits are a heading's")
			rules.CodeIDs = lettersOfHeadings
		}
	}
	rules.Written = eleventyFeeds(g)
	rules.Templated = g.Value("markdownTemplateEngine") != "false"
	rules.TemplateBlocks = rules.Templated // Liquid by default, or Nunjucks
	rules.RawAsMarkdown = true             // its transforms (InputPathToUrl, HtmlBase, image) rewrite HTML's links as markdown's
	rules.LeavesMD = len(eleventyPlugins(g, "@11ty/eleventy", "InputPathToUrlTransformPlugin")) == 0
	if !rules.LeavesMD {
		rules.MDLookup = eleventyMDLookup(filepath.Join(g.Root, input))
	}
	rules.PrefixesBase = len(eleventyPlugins(g, "@11ty/eleventy", "HtmlBasePlugin", "EleventyHtmlBasePlugin")) > 0
	// Images are written as they are, so the browser asks for them from
	// the page's URL (Eleventy 3.1.8: ../../img/logo.png of
	// guide/install.md is /img/logo.png): a folder passed through to the
	// root is the public folder; a copy in mode "html-relative" puts the
	// files its glob matches beside the page's output.
	//
	// Unless eleventy-img's transform takes every <img> of the output: it
	// reads a relative src from the page's file and an absolute one from
	// the input folder (normalizeImageSource in its util.js, 7.0.0), as
	// the sources have them, and writes the image it makes where it likes.
	if len(eleventyPlugins(g, "@11ty/eleventy-img", "eleventyImageTransformPlugin")) == 0 {
		rules.ImagesAsURLs = true
		rules.CopiesBeside = eleventyCopiesBeside(g)
	}
	mounts, copied := eleventyCopies(g, input)
	rules.Mounts, rules.Copied = append(mounts, rules.Mounts...), copied // the copies first: fileAt names the nearer folder
	return Layout{
		Site: output, Markdown: []string{input}, Exclude: []string{"**/node_modules/**", strings.TrimPrefix(output+"/**", "./")},
		Public: eleventyPublic(g), Base: basePath(g.Value("pathPrefix")), Rules: rules,
	}
}

// eleventyCopiesBeside is what Eleventy's passthrough copies in mode
// "html-relative" (addPassthroughCopy(glob, { mode: "html-relative" }))
// do with a file a page's relative link names from the page's file: copy
// it beside the page's output when a glob (from the project's root, any
// case) matches it; a missing one stops the build unless failOnError is
// false, or paths, other folders to look in, are given. With none, no
// file beside a page is copied.
func eleventyCopiesBeside(g Generator) func(file string) (copied, required bool) {
	type copy struct {
		globs    []string
		required bool
	}
	var copies []copy
	for _, call := range g.js.callsOf("addPassthroughCopy") {
		opts := call.options()
		if len(call.args) == 0 || opts["mode"] != "html-relative" {
			continue
		}
		globs := stringsOf(call.args[0])
		for i, glob := range globs {
			globs[i] = strings.ToLower(strings.TrimPrefix(glob, "./"))
		}
		if opts["paths"] != nil {
			g.note("a passthrough copy in mode html-relative looks in its paths too, which checks does not: an image found only there is read from the page's URL")
		}
		copies = append(copies, copy{globs, opts["failOnError"] != false && opts["paths"] == nil})
	}
	from := fromRoot(g.Root)
	return func(file string) (copied, required bool) {
		rel, ok := from(file)
		for _, c := range copies {
			if ok && mdlinks.Excluded(c.globs, strings.ToLower(rel)) {
				copied, required = true, required || c.required
			}
		}
		return copied, required
	}
}

// eleventyCopies are Eleventy's passthrough copies other than those to
// the root (the public folder) and in mode "html-relative": a path or glob
// (addPassthroughCopy("img"), "content/**/*.png") copied to its place from
// the input folder, or from the project when outside it; an object's
// folders ({ "assets/fonts": "fonts" }) each to its URL. The folders
// outside the input folder are mounted at their URLs; copied says of a
// file (from here) whether a copy takes it.
func eleventyCopies(g Generator, input string) ([]mdlinks.Mount, func(string) bool) {
	var mounts []mdlinks.Mount
	var globs []string
	add := func(from, url string) {
		from = path.Clean(strings.TrimPrefix(from, "./"))
		globs = append(globs, from, from+"/**")
		if in := path.Clean(filepath.ToSlash(input)); in == "." || strings.HasPrefix(from, in+"/") {
			if url == "/"+strings.TrimPrefix(from, in+"/")+"/" {
				return // at its place in the input folder's mount
			}
		}
		mounts = append(mounts, mdlinks.Mount{Dir: from, URL: url})
	}
	for _, call := range g.js.callsOf("addPassthroughCopy") {
		if len(call.args) == 0 || call.options()["mode"] != nil {
			continue
		}
		if copies, ok := call.args[0].(map[string]any); ok {
			for _, from := range jsObjectKeys(copies) {
				if to, ok := copies[from].(string); ok && to != "/" {
					add(from, "/"+strings.Trim(to, "/")+"/")
				}
			}
			continue
		}
		for _, p := range stringsOf(call.args[0]) {
			if strings.ContainsAny(p, "*?{[") {
				globs = append(globs, strings.TrimPrefix(p, "./")) // copied where it lies in the input folder
				continue
			}
			add(p, "/"+strings.Trim(path.Clean(strings.TrimPrefix(p, "./")), "/")+"/")
		}
	}
	from := fromRoot(g.Root)
	return mounts, func(file string) bool {
		rel, ok := from(file)
		return ok && mdlinks.Excluded(globs, filepath.ToSlash(rel))
	}
}

// stringsOf is a JavaScript value that is a string or an array of them.
func stringsOf(v any) []string {
	if s, ok := v.(string); ok {
		return []string{s}
	}
	var out []string
	list, _ := v.([]any)
	for _, e := range list {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// eleventyPublic is the folder the config passes through to the site's
// root: addPassthroughCopy({ public: "/" }).
func eleventyPublic(g Generator) string {
	for _, call := range g.js.callsOf("addPassthroughCopy") {
		var copies map[string]any
		if len(call.args) > 0 {
			copies, _ = call.args[0].(map[string]any)
		}
		for _, from := range jsObjectKeys(copies) {
			if copies[from] == "/" {
				return path.Clean(from)
			}
		}
	}
	return ""
}

func jekyll(g Generator) Layout {
	src := g.Dir()
	pretty := false
	if p := g.Value("permalink"); p == "pretty" || strings.HasSuffix(p, "/") {
		pretty = true
	}
	at := func(q string) string { return path.Join(filepath.ToSlash(src), q) }
	exclude := []string{at("_site*/**"), at("_layouts/**"), at("_includes/**"), at("_sass/**"), at("_data/**"),
		at("_drafts/**"), at("_plugins/**"), at("vendor/**"), at(".jekyll-cache/**")}
	excluded := jekyllExcluded(g, at)
	exclude = append(exclude, excluded...)
	leaves := jekyllLeavesMD(g)
	mounts := append(jekyllCollections(g, src), mdlinks.Mount{Dir: src, URL: "/"})
	rules := mdlinks.Rules{IDs: mdscan.Kramdown, LeavesMD: leaves, RewritesFileLinks: !leaves, Mounts: mounts,
		Output: jekyllOutput(pretty), Sources: jekyllPostSources, Host: serve.Host{CleanURLs: true}, CopiesFiles: true, ImagesAsURLs: true,
		FrontURL: permalink, FrontFromRoot: true, FrontAliases: jekyllRedirects(g),
		NotBuilt: matching(g.Root, excluded), NotBuiltBy: "exclude of " + filepath.Join(g.Root, g.Config),
		Templated: true, TemplateBlocks: true, FrontHTML: true, // Liquid runs on every page before kramdown
		// jekyll-relative-links leaves collections alone, posts among them
		LeavesMDIn: func(rel string) bool { return strings.HasPrefix(rel, "_posts/") || strings.Contains(rel, "/_posts/") }}
	return Layout{Site: filepath.Join(src, "_site"), Markdown: []string{src}, Exclude: exclude, Public: src,
		Base: basePath(g.Value("baseurl")), PublicURL: jekyllURL(g), Rules: rules}
}

// jekyllURL is the site's public URL: url and baseurl joined, as
// jekyll-redirect-from's absolute_url writes them; "" without url.
func jekyllURL(g Generator) string {
	u := publicURL(g.Value("url"))
	if u == "" {
		return ""
	}
	return strings.TrimSuffix(u, "/") + "/" + strings.TrimPrefix(g.Value("baseurl"), "/")
}

// jekyllExcluded are the config's exclude entries as globs (a name, a
// folder or a glob, from the source folder): Jekyll neither builds nor
// copies them. An include of a _-name, which Jekyll would then read, is
// said, not modelled.
func jekyllExcluded(g Generator, at func(string) string) []string {
	var out []string
	list, _ := lookupList(g.doc, "exclude")
	for _, e := range list {
		if name, ok := e.(string); ok && strings.Trim(name, "/ ") != "" {
			p := at(strings.Trim(name, "/ "))
			out = append(out, p, p+"/**")
		}
	}
	include, _ := lookupList(g.doc, "include")
	for _, e := range include {
		if name, ok := e.(string); ok && strings.HasPrefix(name, "_") {
			g.note("include %s has Jekyll read a _-name, which checks does not model: it is taken as unbuilt", name)
		}
	}
	return out
}

// jekyllRedirects is redirect_from, where the config's plugins (or gems,
// their older name) have jekyll-redirect-from write a redirect page at
// each URL it lists.
func jekyllRedirects(g Generator) string {
	for _, key := range []string{"plugins", "gems"} {
		list, _ := lookupList(g.doc, key)
		if slices.Contains(list, any("jekyll-redirect-from")) {
			return "redirect_from"
		}
	}
	return ""
}

// jekyllCollections are the collections the config writes out (output:
// true), each folder _name served where its permalink says: one with
// :collection and :path ("/:collection/:path/", the default without the
// slash) is modelled, another is said. Posts are Jekyll's own collection.
func jekyllCollections(g Generator, src string) []mdlinks.Mount {
	m, _ := lookupMap(g.doc, "collections")
	var names []string
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	var out []mdlinks.Mount
	for _, name := range names {
		if name == "posts" || g.Value("collections."+name+".output") != "true" {
			continue
		}
		p := firstNonEmpty(g.Value("collections."+name+".permalink"), "/:collection/:path")
		prefix, ok := strings.CutSuffix(strings.ReplaceAll(p, ":collection", name), ":path/")
		pretty := ok
		if !ok {
			prefix, ok = strings.CutSuffix(strings.TrimSuffix(strings.ReplaceAll(p, ":collection", name), ":output_ext"), ":path")
		}
		if !ok || strings.Contains(prefix, ":") {
			g.note("collection %s has permalink %s, which checks does not model: its pages are taken to be at /%s/", name, p, name)
			prefix, pretty = "/"+name+"/", false
		}
		out = append(out, mdlinks.Mount{Dir: path.Join(filepath.ToSlash(src), "_"+name), URL: "/" + strings.Trim(prefix, "/") + "/",
			Output: pages(!pretty, "index")})
	}
	return out
}

// jekyllPost is a post's file name: its date, then its title.
var jekyllPost = regexp.MustCompile(`^(?:(.*)/)?_posts/(?:.*/)?(\d{4})-(\d{2})-(\d{2})-([^/]+)\.(?:md|markdown)$`)

// jekyllOutput builds pages as page.html (README.md into its folder's
// index.html: jekyll-readme-index, on GitHub Pages) or, with pretty
// permalinks, page/index.html; a post goes to its date's folders under its
// categories (the folders above _posts): the default permalink "date".
func jekyllOutput(pretty bool) func(string) string {
	page := pages(!pretty, "index", "README")
	return func(rel string) string {
		m := jekyllPost.FindStringSubmatch(rel)
		if m == nil && (strings.HasPrefix(rel, "_") || strings.Contains(rel, "/_")) {
			return "" // a folder of Jekyll's own: a collection is built by its mount, the rest not at all
		}
		if m == nil {
			return page(rel)
		}
		p := path.Join(m[1], m[2], m[3], m[4], m[5])
		if pretty {
			return p + "/index.html"
		}
		return p + ".html"
	}
}

// jekyllPostSources are the posts that could be built into out.
func jekyllPostSources(out string) []string {
	p := strings.TrimSuffix(strings.TrimSuffix(out, "/index.html"), ".html")
	parts := strings.Split(p, "/")
	if len(parts) < 4 {
		return nil
	}
	n := len(parts)
	cats, name := path.Join(parts[:n-4]...), strings.Join(parts[n-4:n-1], "-")+"-"+parts[n-1]
	return []string{path.Join(cats, "_posts", name+".md"), path.Join(cats, "_posts", name+".markdown")}
}

// jekyllLeavesMD: GitHub Pages always runs jekyll-relative-links, which
// rewrites .md links, unless the config turns it off.
func jekyllLeavesMD(g Generator) bool {
	return g.Value("relative_links.enabled") == "false"
}

func sphinx(g Generator) Layout {
	src := g.Dir()
	site, out := filepath.Join(src, "_build/html"), pages(true, "index")
	if isDir(filepath.Join(g.Root, src, "_build/dirhtml")) && !isDir(filepath.Join(g.Root, site)) {
		site, out = filepath.Join(src, "_build/dirhtml"), pages(false, "index")
	}
	// Headings get markdown anchors only with myst_heading_anchors = N,
	// and only those of levels 1 to N (a value the config computes: all).
	ids := mdscan.None
	if v := g.Value("myst_heading_anchors"); v != "" {
		switch n, err := strconv.Atoi(v); {
		case err != nil:
			ids = mdscan.GFM
		case n > 0:
			ids = mdscan.GFM.UpToLevel(n)
		}
	}
	var excluded []string
	switch v, _ := lookup(g.doc, "exclude_patterns"); v := v.(type) {
	case []any:
		for _, e := range v {
			if e, ok := e.(string); ok {
				excluded = append(excluded, e)
			}
		}
	case computedValue:
		g.computed("exclude_patterns")
	}
	var exclude []string
	for _, e := range excluded {
		e = path.Join(filepath.ToSlash(src), e)
		exclude = append(exclude, e, e+"/**")
	}
	root := filepath.Join(g.Root, src)
	notBuilt := func(file string) bool {
		rel, err := filepath.Rel(root, file)
		if err != nil {
			return false
		}
		for _, e := range excluded {
			if ok, _ := doublestar.Match(e, filepath.ToSlash(rel)); ok {
				return true
			}
			if ok, _ := doublestar.Match(e+"/**", filepath.ToSlash(rel)); ok {
				return true
			}
		}
		return false
	}
	return Layout{
		Site: site, Markdown: []string{src}, Exclude: append(exclude, path.Join(filepath.ToSlash(src), "_build/**")),
		Public: src, Base: basePath(g.Value("html_baseurl")),
		// Sphinx writes every link relative: no base to add.
		Rules: mdlinks.Rules{IDs: ids.WithRoles(), Mounts: []mdlinks.Mount{{Dir: src, URL: "/"}}, Output: out, DocLinks: true,
			PrefixesBase: true, NotBuilt: notBuilt, NotBuiltBy: "exclude_patterns of " + filepath.Join(g.Root, g.Config)},
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}
