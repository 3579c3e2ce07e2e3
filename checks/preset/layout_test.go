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
			"build", "static", "", []string{"docs", "versioned_docs", "blog", "src/pages"}},
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
