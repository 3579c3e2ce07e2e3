package preset

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Eleventy's rules come from the plugins its config adds, whatever local
// name it gives them, in the config or a module it imports: a plugin only
// imported, or a name only written, adds nothing.
func TestEleventyPlugins(t *testing.T) {
	const base = `import { HtmlBasePlugin } from "@11ty/eleventy";` + "\n"
	cases := []struct {
		name  string
		files map[string]string
		ids   string // the id style's name
		base  bool   // the HTML <base> plugin prefixes root-absolute URLs
		mdURL bool   // InputPathToUrlTransformPlugin turns .md links into URLs
		own   bool   // a slugify of the site's own: anchors by their letters
	}{
		{"none", map[string]string{"eleventy.config.js": "export default function (c) {}\n"}, "none", false, false, false},
		{"imported, never added", map[string]string{"eleventy.config.js": base + "export default function (c) {\n  // c.addPlugin(HtmlBasePlugin)\n  c.addGlobalData('HtmlBasePlugin', 'IdAttributePlugin markdown-it-anchor');\n}\n"},
			"none", false, false, false},
		{"renamed on import", map[string]string{"eleventy.config.js": `import { HtmlBasePlugin as prefix, InputPathToUrlTransformPlugin as toURL } from "@11ty/eleventy";` + "\nexport default function (c) {\n  c.addPlugin(prefix);\n  c.addPlugin(toURL);\n}\n"},
			"none", true, true, false},
		{"Eleventy 2's names, required", map[string]string{".eleventy.js": `const { EleventyHtmlBasePlugin: b } = require("@11ty/eleventy");` + "\nmodule.exports = function (c) {\n  c.addPlugin(b);\n};\n"},
			"none", true, false, false},
		{"IdAttributePlugin in a module the config imports", map[string]string{
			"eleventy.config.js": "import plugins from './config/plugins.js';\nexport default function (c) {\n  plugins(c);\n}\n",
			"config/plugins.js":  `import { IdAttributePlugin } from "@11ty/eleventy";` + "\nexport default function (eleventyConfig) {\n  eleventyConfig.addPlugin(IdAttributePlugin);\n}\n"},
			"eleventy-id-attribute", false, false, false},
		{"markdown-it-anchor in amendLibrary, Eleventy's slugify", map[string]string{"eleventy.config.js": "import anchor from 'markdown-it-anchor';\nexport default function (eleventyConfig) {\n  eleventyConfig.amendLibrary('md', (md) => {\n    md.use(anchor, { level: [1, 2], slugify: eleventyConfig.getFilter('slugify') });\n  });\n}\n"},
			"eleventy-anchor", false, false, false},
		{"markdown-it-anchor at the top, its own slugify", map[string]string{"eleventy.config.js": "import markdownIt from 'markdown-it';\nimport anchor from 'markdown-it-anchor';\nconst md = markdownIt({ html: true }).use(anchor);\nexport default function (c) {\n  c.setLibrary('md', md);\n}\n"},
			"markdown-it-anchor", false, false, false},
		{"markdown-it-anchor required where it is used, a slugify of the site's", map[string]string{".eleventy.js": "module.exports = function (c) {\n  c.amendLibrary('md', (md) => md.use(require('markdown-it-anchor'), { slugify: (s) => s.toLowerCase() }));\n};\n"},
			"markdown-it-anchor", false, false, true},
	}
	p, err := Lookup("eleventy")
	require.NoError(t, err)
	for _, c := range cases {
		root := project(t, c.files)
		g, ok := p.Find(root)
		require.True(t, ok, c.name)
		l := p.Layout(g)
		assert.Equal(t, c.ids, l.Rules.IDs.Name, c.name+": ids")
		assert.Equal(t, c.base, l.Rules.PrefixesBase, c.name+": base")
		assert.Equal(t, c.mdURL, !l.Rules.LeavesMD, c.name+": .md links")
		assert.Equal(t, c.own, l.Rules.CodeIDs != nil, c.name+": own slugify")
		if c.own {
			assert.Contains(t, l.Notes, filepath.Join(root, g.Config)+": markdown-it-anchor is given a slugify of the site's own, which checks does not run: an anchor is taken as found when its letters and digits are a heading's", c.name)
		}
	}
}

// A config file named as another tool's is claimed by what its parser
// reads: the module a program imports, a key the data sets; a word in a
// string is no claim.
func TestClaimsByParser(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"Next.js without Nextra", map[string]string{"next.config.mjs": "export default { images: { domains: ['nextra.site'] } };\n"}, nil},
		{"Next.js with Nextra", map[string]string{"next.config.mjs": "import nextra from 'nextra';\nexport default nextra({})({});\n"}, []string{"nextra: next.config.mjs"}},
		{"Astro without Starlight", map[string]string{"astro.config.mjs": "// not @astrojs/starlight yet\nexport default { site: 'https://x.org/@astrojs/starlight' };\n"}, nil},
		{"Hugo's key in a value", map[string]string{"config.toml": "title = 'theme and params'\n"}, nil},
		{"Hugo's key, any case", map[string]string{"config.toml": "BaseURL = 'https://x.org/'\n"}, []string{"hugo: config.toml"}},
		{"conf.py naming extensions in a string", map[string]string{"conf.py": "project = 'extensions'\n"}, nil},
		{"Hexo's key nested is Jekyll's", map[string]string{"_config.yml": "defaults:\n  - values:\n      skip_render: true\n"}, []string{"jekyll: _config.yml"}},
		{"Hexo by its package", map[string]string{"_config.yml": "title: x\n", "package.json": `{"devDependencies": {"hexo": "^8.1.0"}}`}, []string{"hexo: _config.yml"}},
		{"Jekyll with hexo in a script", map[string]string{"_config.yml": "title: x\n", "package.json": `{"scripts": {"x": "hexo"}}`}, []string{"jekyll: _config.yml"}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, detected(project(t, c.files)), c.name)
	}
}
