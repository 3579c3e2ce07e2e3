package preset

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unread is what Value reads at each key of a config and which keys the
// run would name as computed.
func unread(g Generator, keys ...string) (values []string, computed []string) {
	g.unread = &computed
	for _, k := range keys {
		values = append(values, g.Value(k))
	}
	return values, computed
}

// A JavaScript or TypeScript config's exported object is read at its keys'
// nesting, whatever shape the program gives it.
func TestJSConfigShapes(t *testing.T) {
	cases := []struct {
		name, file, src string
		want            map[string]string // key → Value
	}{
		{"export default of a wrapper", "astro.config.mjs",
			"import { defineConfig } from 'astro/config';\nexport default defineConfig({\n  base: '/proj',\n  build: { format: 'file' },\n});\n",
			map[string]string{"base": "/proj", "build.format": "file", "format": ""}},
		{"module.exports", "docusaurus.config.js",
			"// @ts-check\nconst config = {\n  baseUrl: '/docs/',\n  trailingSlash: false,\n};\nmodule.exports = config;\n",
			map[string]string{"baseUrl": "/docs/", "trailingSlash": "false"}},
		{"TypeScript: types, satisfies, as", "docusaurus.config.ts",
			"import type {Config} from '@docusaurus/types';\nimport type * as Preset from '@docusaurus/preset-classic';\n\nconst config: Config = {\n  baseUrl: '/x/' as string,\n  presets: [['classic', {docs: {path: 'guides'}} satisfies Preset.Options]],\n};\n\nexport default config;\n",
			map[string]string{"baseUrl": "/x/", "presets.0.0": "classic", "presets.0.1.docs.path": "guides"}},
		{"defineUserConfig with a shorthand property bound by a const", ".vuepress/config.ts",
			"import { defineUserConfig } from 'vuepress'\nconst base = '/proj/'\nexport default defineUserConfig({ base, dest: `build`, public: \"pub\" as const })\n",
			map[string]string{"base": "/proj/", "dest": "build", "public": "pub"}},
		{"Eleventy's function returning its config", ".eleventy.js",
			"const pathPrefix = \"/p/\";\nmodule.exports = function (eleventyConfig) {\n  eleventyConfig.addPassthroughCopy({ public: \"/\" });\n  const input = \"docs\";\n  return { dir: { input, output: \"out\" }, pathPrefix };\n};\n",
			map[string]string{"dir.input": "docs", "dir.output": "out", "pathPrefix": "/p/"}},
		{"an async default function, and export const config", "eleventy.config.mjs",
			"export default async function (c) {\n  await c.addPlugin(x);\n  return { markdownTemplateEngine: false };\n}\nexport const config = { dir: { input: 'content' }, markdownTemplateEngine: 'njk' };\n",
			map[string]string{"dir.input": "content", "markdownTemplateEngine": "false"}},
		{"a function declared, then exported", "docusaurus.config.mjs",
			"async function createConfig() {\n  return { baseUrl: '/fn/' };\n}\nexport default createConfig;\n",
			map[string]string{"baseUrl": "/fn/"}},
		{"Nextra: the object given the wrapper the plugin makes", "next.config.mjs",
			"import nextra from 'nextra'\nconst withNextra = nextra({ contentDirBasePath: '/docs' })\nexport default withNextra({\n  output: 'export',\n  basePath: '/b',\n})\n",
			map[string]string{"output": "export", "basePath": "/b", "contentDirBasePath": ""}},
		{"numbers, null, escapes, quoted keys", "rspress.config.js",
			"export default { 'a-b': 1_000, c: -2.5, d: null, e: 'it\\'s \\u0041\\x42\\u{1F600}', 0x10: 'hex key' }\n",
			map[string]string{"a-b": "1000", "c": "-2.5", "d": "", "e": "it's AB\U0001F600", "16": "hex key"}}, // a number key is its decimal name
		{"Docsify: the inline script of index.html", "index.html",
			"<!DOCTYPE html>\n<html>\n<body>\n<div id=\"app\"></div>\n<script src=\"//cdn/docsify.js\"></script>\n<script>\n  // basePath: 'wrong/'\n  window.$docsify = {\n    basePath: 'docs/',\n    loadSidebar: true,\n  };\n</script>\n</body>\n</html>\n",
			map[string]string{"basePath": "docs/", "loadSidebar": "true"}},
	}
	for _, c := range cases {
		g := config(c.file, c.src)
		require.NoError(t, g.docErr, c.name)
		for key, want := range c.want {
			assert.Equal(t, want, g.Value(key), "%s: %s", c.name, key)
		}
	}
}

// What the program computes is no value: Value reads it as unset and the
// run names its key; a call keeps its callee and arguments for the presets.
func TestJSConfigComputed(t *testing.T) {
	src := "import starlight from '@astrojs/starlight';\nlet mutable = '/m/';\nconst v = '2';\nexport default defineConfig({\n" +
		"  base: process.env.BASE || '/a/',\n  outDir: '/a/' + v,\n  srcDir: `./${v}`,\n  site: cond ? 'x' : 'y',\n" +
		"  publicDir: mutable,\n  root: path.join(__dirname, 'docs'),\n  integrations: [starlight({ title: 'T', locales: { root: {}, de: {} } })],\n  ...shared,\n});\n"
	g := config("astro.config.ts", src)
	values, computed := unread(g, "base", "outDir", "srcDir", "site", "publicDir", "title")
	assert.Equal(t, []string{"", "", "", "", "", ""}, values)
	assert.Equal(t, []string{"base", "outDir", "srcDir", "site", "publicDir"}, computed)
	assert.Equal(t, "docs", g.Folder("root"))
	list, _ := lookupList(g.doc, "integrations")
	opts, ok := g.js.callOf(list, "@astrojs/starlight")
	require.True(t, ok)
	assert.Equal(t, "T", opts["title"])
	locales, _ := lookupMap(opts, "locales")
	assert.Equal(t, []string{"root", "de"}, jsObjectKeys(locales))
	doc, _ := g.doc.(map[string]any)
	assert.Equal(t, []any{computedValue{"...", "shared"}}, doc[jsSpread])
}

// Entries of an object come in the source's order, and a spread of an
// object the config binds is read into it.
func TestJSConfigOrder(t *testing.T) {
	g := config(".vitepress/config.mts", "const more = { 'z/:p': 'y/:p' }\nexport default {\n  rewrites: { 'b.md': 'x.md', 'a/:p': ':p', ...more, c: `d` },\n  srcExclude: ['drafts/**', \"**/old.md\"],\n}\n")
	assert.Equal(t, [][2]string{{"b.md", "x.md"}, {"a/:p", ":p"}, {"z/:p", "y/:p"}, {"c", "d"}}, g.Pairs("rewrites", ""))
	assert.Equal(t, []string{"drafts/**", "**/old.md"}, g.Strings("srcExclude"))
}

// A config the parser cannot read is said at its line, the TypeScript
// source's (esbuild's), and its settings are taken as unset.
func TestJSConfigUnreadable(t *testing.T) {
	cases := []struct{ preset, file, src, want string }{
		{"starlight", "astro.config.ts", "import x from 'y';\nconst a: number = 1;\nexport default defineConfig({\n  base: '/a/'\n  outDir: 'b',\n});\n", "astro.config.ts:5: Expected \"}\" but found \"outDir\""},
		{"docusaurus", "docusaurus.config.js", "module.exports = {\n  baseUrl: '/a/',\n  title: 'unclosed,\n};\n", "docusaurus.config.js:3: Unterminated string literal"},
		{"docusaurus", "docusaurus.config.js", "module.exports = {\n  x: " + strings.Repeat("[", 1001) + "\n};\n", "docusaurus.config.js:2: brackets nest deeper than 1000"},
		{"docsify", "index.html", "<p>a\nb</p>\n<script>\nwindow.$docsify = {\n  alias: {\n};\n</script>\n", "index.html:6: Expected \"}\" but found \";\""},
	}
	for _, c := range cases {
		g := config(c.file, c.src)
		p, err := Lookup(c.preset)
		require.NoError(t, err)
		l := p.Layout(g)
		assert.True(t, strings.HasPrefix(l.Unreadable, c.want), "%s: %s", c.file, l.Unreadable)
		assert.Empty(t, g.Value("base"))
	}
}

// No program makes the reader panic or hang: a nesting no config has, a
// name bound to itself, a huge file, bytes that are no program.
func TestJSConfigHostile(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	deepObj := strings.Repeat("{a:", 5000) + "1" + strings.Repeat("}", 5000)
	cases := map[string]string{
		"deep array":             "export default { x: " + deep + " }\n",
		"deep object":            "export default " + deepObj + "\n",
		"deep parentheses":       "export default " + strings.Repeat("(", 50000) + "{}" + strings.Repeat(")", 50000) + "\n",
		"deep after a decorator": "@dec class A {}\nexport default { x: " + deep + " }\n",
		"deep calls":             "export default " + strings.Repeat("f(", 20000) + "{}" + strings.Repeat(")", 20000) + "\n",
		"cycle":                  "const a = b;\nconst b = a;\nexport default { x: a, ...a }\n",
		"self wrapper":           "const w = w({});\nexport default w(w);\n",
		"export of itself":       "const c = c;\nexport default c;\n",
		"huge string":            "export default { base: '" + strings.Repeat("x", 3<<20) + "' }\n",
		"junk":                   "\x00\xff\xfe{{{\"\n`${",
		"empty":                  "",
		"under the cap":          "export default { x: " + strings.Repeat("[", 990) + strings.Repeat("]", 990) + ", base: '/b/' }\n",
		"no export":              "console.log(1)\n",
		"export of a name":       "export default imported\n",
	}
	for name, src := range cases {
		start := time.Now()
		g := config("docusaurus.config.ts", src)
		assert.NotPanics(t, func() { docusaurus(g) }, name)
		assert.NotPanics(t, func() { g.Value("base"); g.Value("x.0.0.0") }, name)
		assert.Less(t, time.Since(start), 10*time.Second, name)
		if strings.HasPrefix(name, "deep") { // refused before esbuild, which takes seconds on them
			assert.ErrorContains(t, g.docErr, "nest deeper than 1000", name)
		}
	}
}

// A config that exports no object the reader can read is said.
func TestJSConfigNoObject(t *testing.T) {
	p, err := Lookup("starlight")
	require.NoError(t, err)
	for src, what := range map[string]string{
		"export default imported\n":                 "imported",
		"export default makeConfig('/a/')\n":        "makeConfig(…)",
		"console.log('@astrojs/starlight')\n":       "no export default, module.exports or window.$docsify",
		"export default function () { return 1 }\n": "1",
	} {
		l := p.Layout(config("astro.config.mjs", src))
		assert.Contains(t, l.Notes, "astro.config.mjs: exports no object checks can read ("+what+"): its settings are taken as unset", src)
	}
}

// A key under a value the config computes may be set there: it is said;
// so is an object spread into the exported one.
func TestJSConfigComputedAbove(t *testing.T) {
	g := config("astro.config.mjs", "import shared from './shared.mjs';\nexport default { ...shared, build: makeBuild(), vite: { x: 1 } };\n")
	values, computed := unread(g, "build.format", "vite.base", "base")
	assert.Equal(t, []string{"", "", ""}, values)
	assert.Equal(t, []string{"build.format"}, computed)
	p, err := Lookup("starlight")
	require.NoError(t, err)
	assert.Contains(t, p.Layout(g).Notes, "astro.config.mjs: spreads ...shared into the object it exports, which checks does not read: a setting made there is taken as unset")
}

// An object of pairs says what it holds that checks cannot read.
func TestJSConfigPairsComputed(t *testing.T) {
	var notes []string
	g := config(".vitepress/config.mts", "import more from './more'\nexport default { rewrites: { ...more, 'a.md': x, 'b.md': 'c.md' }, other: (id) => id }\n")
	g.notes = &notes
	assert.Equal(t, [][2]string{{"b.md", "c.md"}}, g.Pairs("rewrites", ""))
	assert.Empty(t, g.Pairs("other", "pages stay"))
	assert.Equal(t, []string{
		".vitepress/config.mts: rewrites spreads ...more, which checks does not read: an entry made there is not known",
		`.vitepress/config.mts: rewrites "a.md" is computed, which checks does not run: it is not read`,
		".vitepress/config.mts: other is computed, which checks does not run: pages stay",
	}, notes)
}

// Nextra's options are the wrapper's: by a const, called at once, or
// computed.
func TestNextraContentBase(t *testing.T) {
	for src, want := range map[string]string{
		"import nextra from 'nextra'\nconst withNextra = nextra({ contentDirBasePath: '/docs' })\nexport default withNextra({ basePath: '/b' })\n": "/docs",
		"import nextra from 'nextra'\nexport default nextra({ contentDirBasePath: `/d` })({ output: 'export' })\n":                                 "/d",
		"import other from 'other'\nexport default other({ contentDirBasePath: '/x' })({})\n":                                                      "",
	} {
		assert.Equal(t, want, nextraContentBase(config("next.config.mjs", src)), src)
	}
	var names []string
	g := config("next.config.mjs", "import nextra from 'nextra'\nexport default nextra({ contentDirBasePath: process.env.D })({})\n")
	g.unread = &names
	assert.Equal(t, "", nextraContentBase(g))
	assert.Equal(t, []string{"contentDirBasePath"}, names)
}
