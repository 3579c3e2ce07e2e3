package preset

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// project writes files (path → content) into a fresh folder.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(src), 0o644))
	}
	return dir
}

// detected names the presets Detect finds, each with its config file.
func detected(root string) []string {
	var out []string
	for _, f := range Detect(root) {
		out = append(out, f.Preset.Name+": "+filepath.ToSlash(f.Generator.Config))
	}
	return out
}

const (
	starlightConfig = "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Docs' })] };\n"
	hugoConfig      = "baseURL = 'https://example.org/'\n"
)

// Each config file where its generator reads it (notes/*.md, "Config")
// makes the project that generator's.
func TestDetectEachConfigFile(t *testing.T) {
	cases := map[string]string{
		// Docusaurus: docusaurus.config with .ts .mts .cts .js .mjs .cjs
		"docusaurus.config.js":  "docusaurus",
		"docusaurus.config.ts":  "docusaurus",
		"docusaurus.config.mjs": "docusaurus",
		"docusaurus.config.cjs": "docusaurus",
		"docusaurus.config.mts": "docusaurus",
		// VitePress 1.6: <root>/.vitepress/config.{js,ts,mjs,mts} or config/index.*,
		// the root being the project or docs/ (what vitepress init proposes)
		".vitepress/config.mts":            "vitepress",
		".vitepress/config.js":             "vitepress",
		".vitepress/config/index.ts":       "vitepress",
		"docs/.vitepress/config.mts":       "vitepress",
		"docs/.vitepress/config.mjs":       "vitepress",
		"docs/.vitepress/config/index.mts": "vitepress",
		// Astro: astro.config.{mjs,js,ts,mts,cjs,cts}, Starlight's when it imports it
		"astro.config.mjs": "starlight",
		"astro.config.ts":  "starlight",
		"astro.config.cjs": "starlight",
		"astro.config.cts": "starlight",
		// Rspress 2.0.22: rspress.config with .js .ts .mjs .mts .cjs .cts,
		// looked for in the folder it is run from (the project's)
		"rspress.config.ts":  "rspress",
		"rspress.config.js":  "rspress",
		"rspress.config.mjs": "rspress",
		"rspress.config.mts": "rspress",
		"rspress.config.cjs": "rspress",
		"rspress.config.cts": "rspress",
		// MkDocs 1.4 tries mkdocs.yml, then mkdocs.yaml
		"mkdocs.yml":  "mkdocs",
		"mkdocs.yaml": "mkdocs",
		// Hugo 0.111: hugo.{toml,yaml,json}, config.{toml,yaml,json}, config/_default/
		"hugo.toml":                   "hugo",
		"hugo.yaml":                   "hugo",
		"hugo.json":                   "hugo",
		"config.toml":                 "hugo",
		"config.yaml":                 "hugo",
		"config.json":                 "hugo",
		"config/_default/hugo.toml":   "hugo",
		"config/_default/config.toml": "hugo",
		// Eleventy 3: .eleventy.js, eleventy.config.{js,mjs,cjs}
		".eleventy.js":        "eleventy",
		"eleventy.config.js":  "eleventy",
		"eleventy.config.mjs": "eleventy",
		"eleventy.config.cjs": "eleventy",
		// Jekyll: _config.{yml,yaml,toml} at the source root, the repository's root or docs/
		"_config.yml":      "jekyll",
		"_config.yaml":     "jekyll",
		"_config.toml":     "jekyll",
		"docs/_config.yml": "jekyll",
		// Sphinx: conf.py in the source folder (quickstart's, or --sep's source/)
		"conf.py":             "sphinx",
		"docs/conf.py":        "sphinx",
		"doc/conf.py":         "sphinx",
		"docs/source/conf.py": "sphinx",
		"source/conf.py":      "sphinx",
	}
	for file, want := range cases {
		src := "title: Example\n"
		switch want {
		case "starlight":
			src = starlightConfig
		case "hugo":
			src = hugoConfig
			switch filepath.Ext(file) {
			case ".json":
				src = `{"baseURL": "https://example.org/"}`
			case ".yaml", ".yml":
				src = "baseURL: https://example.org/\n"
			}
		case "sphinx":
			src = "project = 'Example'\nextensions = ['myst_parser']\n"
		}
		root := project(t, map[string]string{file: src})
		assert.Equal(t, []string{want + ": " + file}, detected(root), file)
	}
}

// Files of the same names that belong to no generator of these, or sit
// where the generator does not look, are not taken for its config.
func TestDetectNotTheseFiles(t *testing.T) {
	cases := map[string]map[string]string{
		// an Astro site without Starlight (notes/starlight.md)
		"plain Astro": {"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport mdx from '@astrojs/mdx';\nexport default defineConfig({ integrations: [mdx()] });\n"},
		// Starlight's import commented out
		"Starlight commented out": {"astro.config.mjs": "// import starlight from '@astrojs/starlight';\nexport default {};\n"},
		// VitePress reads .vitepress only in the root it builds (or docs/)
		"a .vitepress in an unrelated folder": {"examples/demo/.vitepress/config.mts": "export default {}\n"},
		// VitePress 1.6.4 does not read .cjs configs
		"a .cjs VitePress config": {".vitepress/config.cjs": "module.exports = {}\n"},
		// a config.toml with no Hugo key (some other tool's)
		"another tool's config.toml": {"config.toml": "[tool]\nname = 'x'\n"},
		// configs below where each generator looks
		"nested mkdocs.yml": {"examples/site/mkdocs.yml": "site_name: X\n"},
		"nested conf.py":    {"lib/pkg/conf.py": "x = 1\n"},
		// Rspress reads its config from the folder it is run in only
		"nested rspress.config.ts": {"website/rspress.config.ts": "export default {}\n"},
		// a conf.py that sets no Sphinx extensions (some other program's)
		"another program's conf.py": {"conf.py": "DEBUG = True\n"},
		"nested _config.yml":        {"src/_config.yml": "title: X\n"},
	}
	for name, files := range cases {
		assert.Empty(t, detected(project(t, files)), name)
	}
}

// Hexo's _config.yml has Jekyll's name: it is Hexo's by a setting only
// Hexo has, or, trimmed of them, by scaffolds/ or the hexo package beside
// it; any other is Jekyll's.
func TestDetectHexoFromJekyll(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"Hexo's settings", map[string]string{"_config.yml": "title: Hexo\nsource_dir: source\npublic_dir: public\n"}, "hexo: _config.yml"},
		{"trimmed, with scaffolds/", map[string]string{"_config.yml": "title: Blog\ntheme: landscape\n", "scaffolds/post.md": "---\ntitle: {{ title }}\n---\n"}, "hexo: _config.yml"},
		{"trimmed, with the hexo package", map[string]string{"_config.yml": "title: Blog\nurl: https://example.org\n", "package.json": `{"dependencies": {"hexo": "^8.1.0"}}`}, "hexo: _config.yml"},
		{"Jekyll's", map[string]string{"_config.yml": "title: Site\ntheme: minima\n"}, "jekyll: _config.yml"},
	}
	for _, c := range cases {
		assert.Equal(t, []string{c.want}, detected(project(t, c.files)), c.name)
	}
}

// A hugo.* file is Hugo's by its name alone (notes/existing.md: "the file
// names hugo.* are unambiguous"); only config.* needs a Hugo key.
func TestDetectHugoByName(t *testing.T) {
	root := project(t, map[string]string{"hugo.toml": "title = 'Example'\n"})
	assert.Equal(t, []string{"hugo: hugo.toml"}, detected(root))
}

// With two generators' configs, Detect lists both, in the order of All:
// the more specific first.
func TestDetectTwo(t *testing.T) {
	root := project(t, map[string]string{"mkdocs.yml": "site_name: X\n", "docs/.vitepress/config.mts": "export default {}\n", "astro.config.mjs": starlightConfig})
	assert.Equal(t, []string{"vitepress: docs/.vitepress/config.mts", "starlight: astro.config.mjs", "mkdocs: mkdocs.yml"}, detected(root))
	assert.Empty(t, detected(project(t, map[string]string{"README.md": "# x\n"})), "gfm is never detected")
}
