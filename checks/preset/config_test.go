package preset

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// config is a Generator reading src as the config file name, as Find reads it.
func config(name, src string) Generator {
	return newGenerator(".", name, []byte(src))
}

// Value reads a key's literal value from each config language the presets
// read, quoted or not; a line commented out is no setting.
func TestValue(t *testing.T) {
	cases := []struct {
		file, src, key, want string
	}{
		// YAML (mkdocs.yml, _config.yml)
		{"mkdocs.yml", "site_name: Example\nsite_url: https://example.org/proj/\n", "site_url", "https://example.org/proj/"},
		{"_config.yml", "baseurl: \"/proj\"\n", "baseurl", "/proj"},
		{"_config.yml", "baseurl: '/proj' # the repository\n", "baseurl", "/proj"},
		{"_config.yml", "baseurl: /proj # the repository\n", "baseurl", "/proj"},
		{"_config.yml", "# baseurl: /old\nbaseurl: /proj\n", "baseurl", "/proj"},
		{"_config.yml", "# baseurl: /old\ntitle: x\n", "baseurl", ""},
		{"mkdocs.yml", "theme:\n  name: material\n", "theme.name", "material"},
		{"mkdocs.yml", "theme: material\n", "theme", "material"},
		{"mkdocs.yml", "theme: material\n", "theme.name", ""},
		// a data config's key is the one at its nesting, not a line that looks like it
		{"mkdocs.yml", "extra:\n  site_url: https://wrong.example.org/\nsite_name: x\n", "site_url", ""},
		{"mkdocs.yml", "site_name: x\nnav:\n  - docs_dir: other.md\n", "docs_dir", ""},
		{"mkdocs.yml", "site_description: >\n  docs_dir: pages is text\n", "docs_dir", ""},
		{"hugo.toml", "title = 'x'\n[params]\nbaseURL = 'https://wrong.example.org/'\n", "baseURL", ""},
		{"hugo.toml", "baseurl = 'https://example.org/'\n", "baseURL", "https://example.org/"},
		{"hugo.toml", "[markup.goldmark.parser]\nautoHeadingIDType = 'github-ascii'\n", "markup.goldmark.parser.autoHeadingIDType", "github-ascii"},
		{"hugo.json", "{\"baseURL\": \"https://example.org/proj/\", \"uglyURLs\": true}", "uglyURLs", "true"},
		{"_config.yml", "relative_links:\n  enabled: false\n", "relative_links.enabled", "false"},
		{"mkdocs.yml", "markdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\nsite_url: https://example.org/\n", "site_url", "https://example.org/"},
		{"mkdocs.yml", "site_name: x\n", "docs_dir", ""},
		// TOML (hugo.toml)
		{"hugo.toml", "baseURL = 'https://example.org/proj/'\n", "baseURL", "https://example.org/proj/"},
		{"hugo.toml", "baseURL = \"https://example.org/\"\n", "baseURL", "https://example.org/"},
		{"hugo.toml", "uglyURLs = true\n", "uglyURLs", "true"},
		{"hugo.toml", "# baseURL = 'https://old.example.org/'\n", "baseURL", ""},
		// JavaScript and TypeScript (VitePress, Astro, Eleventy)
		{"config.mts", "export default defineConfig({\n  base: '/proj/',\n  srcDir: 'src',\n})\n", "base", "/proj/"},
		{"config.mts", "export default defineConfig({\n  base: '/proj/',\n  srcDir: 'src',\n})\n", "srcDir", "src"},
		{"config.mts", "export default {\n  \"base\": \"/proj/\",\n}\n", "base", "/proj/"},
		{"config.mts", "export default {\n  base: `/proj/`,\n}\n", "base", "/proj/"},
		{"config.mts", "export default {\n  cleanUrls: true,\n}\n", "cleanUrls", "true"},
		{"config.mts", "export default {\n  // base: '/old/',\n  base: '/proj/',\n}\n", "base", "/proj/"},
		{"config.mts", "export default {\n  // base: '/old/',\n}\n", "base", ""},
		{"config.mts", "export default {\n  /*\n  base: '/old/',\n  */\n  title: 'x',\n}\n", "base", ""},
		{"config.mts", "/* base: '/old/' */\nexport default { title: 'x' }\n", "base", ""},
		// a value the config computes is not seen: no literal to read
		{"config.mts", "export default {\n  base: process.env.BASE,\n}\n", "base", ""},
		{"config.mts", "export default {\n  base: process.env.BASE_URL || '/docs/',\n}\n", "base", ""},
		{"config.mts", "export default {\n  base: '/docs/' + version,\n}\n", "base", ""},
		{"config.mts", "export default {\n  base: `/${repo}/`,\n}\n", "base", ""},
		{"config.mts", "export default {\n  base: '/docs/', // the repository\n}\n", "base", "/docs/"},
		{"mkdocs.yml", "site_url: !ENV [SITE_URL, 'https://example.org/proj/']\n", "site_url", ""},
		{"mkdocs.yml", "site_url: *url\n", "site_url", ""},
		{"conf.py", "html_baseurl = os.environ.get('BASE', '/proj/')\n", "html_baseurl", ""},
		{"conf.py", "html_baseurl = BASE\n", "html_baseurl", ""},
		{"hugo.toml", "baseURL = 'https://example.org/' # production\n", "baseURL", "https://example.org/"},
		{"astro.config.mjs", "export default defineConfig({\n\tsite: 'https://example.org',\n\tbase: '/proj',\n});\n", "base", "/proj"},
		{"eleventy.config.js", "export const config = {\n\tpathPrefix: \"/proj/\",\n};\n", "pathPrefix", "/proj/"},
		// Python (conf.py)
		{"conf.py", "myst_heading_anchors = 3\n", "myst_heading_anchors", "3"},
		{"conf.py", "myst_heading_anchors = 2  # h1 and h2\n", "myst_heading_anchors", "2"},
		{"conf.py", "html_baseurl = 'https://example.org/proj/'\n", "html_baseurl", "https://example.org/proj/"},
		{"conf.py", "# myst_heading_anchors = 3\n", "myst_heading_anchors", ""},
		// a key is matched whole: base is not baseurl
		{"_config.yml", "baseurl: /proj\n", "base", ""},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, config(c.file, c.src).Value(c.key), "%s %q in %q", c.file, c.key, c.src)
	}
}

// A conf.py is read by a Python parser: its top-level names bound to
// literals, wherever the literal's lines run, and those it computes, in
// a file whose other statements (imports, f-strings, try, class) the
// parser does not take.
func TestConfPy(t *testing.T) {
	src := `"""Sphinx configuration."""
import os
import sys
from datetime import date
sys.path.insert(0, os.path.abspath(".."))

project = "Example"
copyright = f"{date.today().year}, Example"
extensions = [
    "myst_parser",  # markdown
    "sphinx.ext.autodoc",
]
exclude_patterns = [
    "_build",
    'drafts/**',
]
exclude_patterns += ["old.md"]
myst_heading_anchors = 2
myst_heading_anchors = 3
html_theme_options = {"navigation_depth": 4, "logo": {"text": "x"}}
html_static_path = ("_static",)

try:
    import sphinx_rtd_theme
    html_theme = "sphinx_rtd_theme"
except ImportError:
    html_theme = "alabaster"

class Dummy:
    pass

if os.environ.get("READTHEDOCS"):
    html_baseurl = "https://example.org/"
nitpicky = True
numfig = None
`
	g := config("conf.py", src)
	assert.NoError(t, g.docErr)
	for key, want := range map[string]string{
		"project": "Example", "myst_heading_anchors": "3", "nitpicky": "true", "numfig": "",
		"copyright": "", "html_theme": "", "html_baseurl": "", "html_theme_options.navigation_depth": "4",
	} {
		assert.Equal(t, want, g.Value(key), key)
	}
	for key, want := range map[string][]any{
		"extensions":       {"myst_parser", "sphinx.ext.autodoc"},
		"exclude_patterns": {"_build", "drafts/**", "old.md"},
		"html_static_path": {"_static"},
	} {
		got, _ := lookupList(g.doc, key)
		assert.Equal(t, want, got, key)
	}
	var unread []string
	g.unread = &unread
	for _, key := range []string{"copyright", "html_theme", "html_baseurl", "project"} {
		g.Value(key)
	}
	assert.Equal(t, []string{"copyright", "html_theme", "html_baseurl"}, unread, "computed: an f-string, bound in try, bound in if")
}
