package preset

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The content plugin instances are read from the presets and plugins
// entries as Docusaurus takes them: a name or [name, options], the name a
// string or require.resolve(name); themeConfig's docs is no plugin's.
func TestDocusaurusInstancesFromConfig(t *testing.T) {
	src := `import type {Config} from '@docusaurus/types';
const config: Config = {
  themeConfig: { docs: { sidebar: { hideable: true } } },
  presets: [
    [
      require.resolve('@docusaurus/preset-classic'),
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({ docs: { path: 'guides' }, blog: false }),
    ],
  ],
  plugins: [
    '@docusaurus/plugin-content-pages',
    [require.resolve('@docusaurus/plugin-content-docs'), { id: 'api', path: 'api' }],
    ['@docusaurus/plugin-client-redirects', { redirects: [] }],
    './src/plugins/changelog',
    ...extra,
  ],
};
export default config;
`
	g := config("docusaurus.config.ts", src)
	var got [][3]string
	for _, in := range docusaurusInstances(g) {
		got = append(got, [3]string{in.kind, in.id, in.path})
	}
	assert.Equal(t, [][3]string{{"docs", "", "guides"}, {"docs", "api", "api"}, {"pages", "", "src/pages"}, {"pages", "", "src/pages"}}, got)
	assert.Equal(t, []string{"./src/plugins/changelog", "...extra"}, ownPlugins(g))
}
