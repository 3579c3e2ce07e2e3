// Splits the route manifest the Go compiler writes (.generated/manifest.json,
// every route of every version) into one table per docs version plus one for
// the rest of the site, as virtual modules. A page loads the small eager
// module and then only its own section's table, instead of all routes.
//
//   virtual:docs-routes         versions, redirects, a loader per section
//   virtual:docs-routes/<name>  that section's routes and page-record loaders
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sectionOf } from '../src/lib/sections.js';

const ID = 'virtual:docs-routes';

/** The module id of a section's table; its last segment names the chunk (routes-1_2-<hash>.js). */
export const sectionModuleId = (name) => `${ID}/routes-${name.replace(/[^a-z0-9]/gi, '_')}`;

function splitManifest(manifest) {
  const sections = new Map();
  for (const [path, r] of Object.entries(manifest.routes)) {
    const key = path === '*' ? 'site' : sectionOf(path, manifest.versions);
    if (!sections.has(key)) sections.set(key, {});
    sections.get(key)[path] = r;
  }
  return sections;
}

function eagerModule(manifest, sections) {
  const loaders = [...sections.keys()].map((k) => `${JSON.stringify(k)}: () => import(${JSON.stringify(sectionModuleId(k))})`);
  return [
    `export const versions = ${JSON.stringify(manifest.versions)};`,
    `export const redirects = ${JSON.stringify(manifest.redirects)};`,
    `export const sections = {\n  ${loaders.join(',\n  ')}\n};`,
  ].join('\n');
}

function sectionModule(routes, pagesDir) {
  const ids = [...new Set(Object.values(routes).map((r) => r.page).filter(Boolean))];
  const loaders = ids.map((id) => `${JSON.stringify(id)}: () => import(${JSON.stringify(join(pagesDir, `${id}.json`))})`);
  return `export const routes = ${JSON.stringify(routes)};\nexport const pages = {\n  ${loaders.join(',\n  ')}\n};`;
}

export function routeTables(generatedDir) {
  const manifestFile = join(generatedDir, 'manifest.json');
  return {
    name: 'devdocs:route-tables',
    resolveId: (id) => (id === ID || id.startsWith(`${ID}/`) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${ID}`)) return null;
      this.addWatchFile(manifestFile);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const sections = splitManifest(manifest); // cheap, and always current in dev
      if (id === `\0${ID}`) return eagerModule(manifest, sections);
      const key = [...sections.keys()].find((k) => `\0${sectionModuleId(k)}` === id);
      if (!key) this.error(`no route table for module ${id.slice(1)}`);
      return sectionModule(sections.get(key), join(generatedDir, 'pages'));
    },
  };
}
