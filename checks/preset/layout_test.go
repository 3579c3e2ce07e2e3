package preset

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each preset lays out a typical project of its generator as the notes
// record its builds: where it builds to, the markdown it reads, the folder
// served at the site root, and the base path its config sets.
func TestLayouts(t *testing.T) {
	cases := []struct {
		name, preset, file, src string
		site, public, base      string
		markdown                []string
	}{
		// notes/vitepress.md: vitepress init's docs/.vitepress; output
		// <root>/.vitepress/dist, public <srcDir>/public
		{"vitepress in docs/", "vitepress", "docs/.vitepress/config.mts", "export default defineConfig({\n  base: '/proj/',\n})\n",
			"docs/.vitepress/dist", "docs/public", "/proj/", []string{"docs"}},
		// root .vitepress with srcDir and outDir, both relative to the root
		{"vitepress with srcDir", "vitepress", ".vitepress/config.mts", "export default {\n  srcDir: 'src',\n  outDir: 'build',\n}\n",
			"build", "src/public", "", []string{"src"}},
		// notes/starlight.md: base '/proj' and '/proj/' gave identical output
		{"starlight", "starlight", "astro.config.mjs", "import starlight from '@astrojs/starlight';\nexport default defineConfig({\n\tbase: '/proj',\n\tintegrations: [starlight({})],\n});\n",
			"dist", "public", "/proj/", []string{"src/content/docs"}},
		// Rspress 2.0.22: root is the docs folder (docs), relative to the
		// folder it is run in; its template writes path.join(__dirname, 'docs').
		// public is <root>/public; outDir doc_build, beside the config
		{"rspress as its template writes it", "rspress", "rspress.config.ts", "import * as path from 'node:path';\nimport { defineConfig } from '@rspress/core';\n\nexport default defineConfig({\n  root: path.join(__dirname, 'site-docs'),\n  base: '/proj/',\n});\n",
			"doc_build", "site-docs/public", "/proj/", []string{"site-docs"}},
		{"rspress with its folders set", "rspress", "rspress.config.mjs", "export default {\n  root: 'src',\n  outDir: 'build',\n  base: '/proj',\n};\n",
			"build", "src/public", "/proj/", []string{"src"}},
		{"rspress defaults", "rspress", "rspress.config.ts", "export default defineConfig({\n  title: 'x',\n});\n",
			"doc_build", "docs/public", "", []string{"docs"}},
		{"rspress with a root it computes", "rspress", "rspress.config.ts", "export default defineConfig({\n  root: process.env.DOCS,\n});\n",
			"doc_build", "docs/public", "", []string{"docs"}},
		// Nextra 4.6.1 (proofs/nextra.sh): content/ and app/ beside
		// next.config, public/, the static export in out/, basePath's path
		{"nextra", "nextra", "next.config.mjs", "import nextra from 'nextra'\nconst withNextra = nextra({})\nexport default withNextra({\n  output: 'export',\n  basePath: '/proj',\n})\n",
			"out", "public", "/proj/", []string{"content", "app"}},
		{"nextra in a folder, computed basePath", "nextra", "site/next.config.ts", "import nextra from 'nextra'\nexport default nextra({})({ output: 'export', basePath: process.env.BASE })\n",
			"site/out", "site/public", "", []string{"site/content", "site/app"}},
		// notes/existing.md: MkDocs copies every file of docs_dir; the base is site_url's path
		{"mkdocs", "mkdocs", "mkdocs.yml", "site_name: X\nsite_url: https://example.org/proj/\n",
			"site", "docs", "/proj/", []string{"docs"}},
		{"mkdocs with its folders set", "mkdocs", "mkdocs.yml", "site_name: X\ndocs_dir: pages\nsite_dir: out\n",
			"out", "pages", "", []string{"pages"}},
		// Hugo: content/, static/ at the root, public/; baseURL's path
		{"hugo", "hugo", "hugo.toml", "baseURL = 'https://example.org/proj/'\n",
			"public", "static", "/proj/", []string{"content"}},
		// notes/eleventy.md: dir: { input: "docs", output: "out" } built docs/ into out/; nothing copied by default
		{"eleventy", "eleventy", ".eleventy.js", "module.exports = function () {\n  return {\n    dir: { input: \"docs\", output: \"out\" },\n    pathPrefix: \"/proj/\",\n  };\n};\n",
			"out", "", "/proj/", []string{"docs"}},
		{"eleventy defaults", "eleventy", "eleventy.config.js", "export default function () {}\n",
			"_site", "", "", []string{"."}},
		// Eleventy 3's setters, a folder passed through to the root
		{"eleventy's setters", "eleventy", "eleventy.config.mjs", "export default function (c) {\n  c.setInputDirectory('content');\n  c.setOutputDirectory(\"dist\");\n  c.addPassthroughCopy('img');\n  c.addPassthroughCopy({ './static/': '/' });\n}\n",
			"dist", "static", "", []string{"content"}},
		// Starlight with Astro's srcDir, publicDir and outDir
		{"starlight with its folders set", "starlight", "astro.config.ts", "import starlight from '@astrojs/starlight';\nexport default defineConfig({\n  srcDir: './site',\n  publicDir: 'assets',\n  outDir: 'out',\n  integrations: [starlight({ title: 'x' })],\n});\n",
			"out", "assets", "", []string{"site/content/docs"}},
		// notes/jekyll.md: the source is the config's folder, output _site in it, every file copied
		{"jekyll", "jekyll", "_config.yml", "title: X\nbaseurl: /proj\n",
			"_site", ".", "/proj/", []string{"."}},
		{"jekyll in docs/", "jekyll", "docs/_config.yml", "title: X\n",
			"docs/_site", "docs", "", []string{"docs"}},
		// notes/sphinx.md: conf.py marks the source folder; make html builds _build/html in it
		{"sphinx", "sphinx", "docs/conf.py", "extensions = ['myst_parser']\nhtml_baseurl = 'https://example.org/proj/'\n",
			"docs/_build/html", "docs", "/proj/", []string{"docs"}},
		// notes/existing.md, Docusaurus: docs/, versioned_docs/, blog/, src/pages/; static/; build/
		{"docusaurus", "docusaurus", "docusaurus.config.js", "export default { baseUrl: '/proj/' };\n",
			"build", "static", "/proj/", []string{"docs", "versioned_docs", "blog", "src/pages", "i18n"}},
		// Every content plugin instance, each with its folder: the classic
		// preset's docs moved and its blog turned off, a second docs
		// instance (its versions in api_versioned_docs/) and a second blog;
		// themeConfig's docs: { sidebar } is no instance.
		{"docusaurus instances", "docusaurus", "docusaurus.config.js", `export default {
  presets: [['classic', { docs: { path: 'guides', routeBasePath: '/' }, blog: false }]],
  plugins: [
    ['@docusaurus/plugin-content-docs', { id: 'api', path: 'api', routeBasePath: 'api' }],
    [
      '@docusaurus/plugin-content-blog',
      {
        id: 'changelog',
        path: "changelog",
      },
    ],
  ],
  themeConfig: { docs: { sidebar: { hideable: true } } },
};
`, "build", "static", "", []string{"guides", "versioned_docs", "api", "api_versioned_docs", "changelog", "src/pages", "i18n"}},
		{"gfm", "gfm", "", "", "", "", "", []string{"."}},
	}
	for _, c := range cases {
		p, err := Lookup(c.preset)
		require.NoError(t, err)
		l := p.Layout(config(c.file, c.src))
		assert.Equal(t, c.site, l.Site, c.name+": site")
		assert.Equal(t, c.markdown, l.Markdown, c.name+": markdown")
		assert.Equal(t, c.public, l.Public, c.name+": public")
		assert.Equal(t, c.base, l.Base, c.name+": base")
	}
}

// Rspress 2.0.22 without cleanUrls writes each link to a page as a path
// ending in .html (index.html after a slash), a relative link's trailing
// slash dropped: these are the hrefs its build wrote for links of
// docs/index.md and docs/guide/start.md, each resolved to a page. With
// route: { cleanUrls: true } it writes the paths a clean-URL host answers
// (/guide, /guide/start), so the links lead where they resolve.
func TestRspressHref(t *testing.T) {
	cases := []struct {
		p    string
		rel  bool
		want string
	}{
		{"/guide/", true, "/guide.html"},        // ./guide/ of index.md, ./ of guide/start.md
		{"/guide", false, "/guide.html"},        // /guide
		{"/guide/", false, "/guide/index.html"}, // /guide/
		{"/guide/start", true, "/guide/start.html"},
		{"/guide/start", false, "/guide/start.html"},
		{"/guide/start.html", true, "/guide/start.html"},
		{"/", true, "/index.html"}, // ../ of guide/index.md
		{"/", false, "/index.html"},
	}
	p, err := Lookup("rspress")
	require.NoError(t, err)
	href := p.Layout(config("rspress.config.ts", "export default {\n  title: 'x',\n};\n")).Rules.Href
	require.NotNil(t, href)
	for _, c := range cases {
		assert.Equal(t, c.want, href(c.p, c.rel), "%s (relative: %v)", c.p, c.rel)
	}
	for _, src := range []string{
		"export default {\n  route: { cleanUrls: true },\n};\n",
		"export default {\n  route: {\n    cleanUrls: true,\n  },\n};\n",
	} {
		assert.Nil(t, p.Layout(config("rspress.config.ts", src)).Rules.Href, src)
	}
	assert.NotNil(t, p.Layout(config("rspress.config.ts", "export default {\n  // route: { cleanUrls: true },\n};\n")).Rules.Href, "cleanUrls commented out")
}
