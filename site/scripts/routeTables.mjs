// Splits the route manifest the Go compiler writes (.generated/manifest.json,
// every route of every version) into one table per docs version plus one for
// the rest of the site, as virtual modules. A page loads the small eager
// module and then only its own section's table, instead of all routes.
//
//   virtual:docs-routes         versions, redirects, a loader per section and per version's metadata
//   virtual:docs-routes/<name>  that section's routes and page-record loaders
//
// Beside each loader the client build writes the URL of the chunk it loads,
// so the app can prefetch a page's content with <link rel="prefetch"> (low
// priority, nothing run) and import it only when the reader heads for it.
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
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

// Stand for the file name and the size of the chunk built from a module
// until the bundle is written (resolveChunkRefs); neither is known before.
const CHUNK_REF = 'devdocs-chunk-of:';
const SIZE_REF = 'devdocs-chunk-size-of:';
const chunkRefs = new RegExp(`(["'\`])(${CHUNK_REF}|${SIZE_REF})(.*?)\\1`, 'g');

/** The stand-in, in a chunk's code, for the file name of the chunk built from module id. */
export const chunkRef = (id) => CHUNK_REF + id;
/** The stand-in for that chunk's size in bytes (a string that becomes a number). */
export const sizeRef = (id) => SIZE_REF + id;

/**
 * `export const <name>` loaders for the modules of files (key → module id),
 * and `<name>Chunk(key)`, the URL and size of the chunk a loader fetches
 * (undefined where chunks have no known name: the dev server and the
 * server build).
 */
function loaders(name, files, withUrls) {
  const entries = Object.entries(files);
  const load = entries.map(([k, id]) => `${JSON.stringify(k)}: () => import(${JSON.stringify(id)})`);
  const refs = withUrls ? entries.map(([k, id]) => `${JSON.stringify(k)}: [${JSON.stringify(chunkRef(id))}, ${JSON.stringify(sizeRef(id))}]`) : [];
  return [
    `export const ${name} = {\n  ${load.join(',\n  ')}\n};`,
    `const ${name}Files = {\n  ${refs.join(',\n  ')}\n};`,
    `export const ${name}Chunk = (key) => ${name}Files[key] && { url: new URL(${name}Files[key][0], import.meta.url).href, bytes: ${name}Files[key][1] };`,
  ].join('\n');
}

function eagerModule(manifest, sections, metaDir, withUrls) {
  const tables = [...sections.keys()].map((k) => `${JSON.stringify(k)}: () => import(${JSON.stringify(sectionModuleId(k))})`);
  const metas = Object.fromEntries(readdirSync(metaDir).filter((f) => f.endsWith('.json')).map((f) => [f.slice(0, -5), join(metaDir, f)]));
  return [
    `export const versions = ${JSON.stringify(manifest.versions)};`,
    `export const redirects = ${JSON.stringify(manifest.redirects)};`,
    `export const sections = {\n  ${tables.join(',\n  ')}\n};`,
    loaders('metas', metas, withUrls),
  ].join('\n');
}

function sectionModule(routes, pagesDir, withUrls) {
  const ids = [...new Set(Object.values(routes).map((r) => r.page).filter(Boolean))];
  const pages = Object.fromEntries(ids.map((id) => [id, join(pagesDir, `${id}.json`)]));
  return `export const routes = ${JSON.stringify(routes)};\n${loaders('pages', pages, withUrls)}`;
}

/**
 * Replaces the chunk references in the finished client bundle: a file name
 * becomes the name relative to the chunk that holds it, a size the number
 * of bytes of that chunk's code.
 */
export function resolveChunkRefs(bundle) {
  const chunkOf = new Map();
  for (const c of Object.values(bundle)) if (c.type === 'chunk' && c.facadeModuleId) chunkOf.set(c.facadeModuleId, c);
  for (const c of Object.values(bundle)) {
    if (c.type !== 'chunk' || !c.code.includes(CHUNK_REF)) continue;
    c.code = c.code.replace(chunkRefs, (_, quote, kind, id) => {
      const target = chunkOf.get(id);
      if (!target) throw new Error(`route tables: no chunk was built from ${id}`);
      if (kind === SIZE_REF) return String(Buffer.byteLength(target.code));
      return JSON.stringify(`./${posix.relative(posix.dirname(c.fileName), target.fileName)}`);
    });
  }
}

export function routeTables(generatedDir) {
  const manifestFile = join(generatedDir, 'manifest.json');
  let withUrls = false;
  return {
    name: 'devdocs:route-tables',
    configResolved(config) { withUrls = config.command === 'build' && !config.build.ssr; },
    resolveId: (id) => (id === ID || id.startsWith(`${ID}/`) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${ID}`)) return null;
      this.addWatchFile(manifestFile);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const sections = splitManifest(manifest); // cheap, and always current in dev
      if (id === `\0${ID}`) return eagerModule(manifest, sections, join(generatedDir, 'meta'), withUrls);
      const key = [...sections.keys()].find((k) => `\0${sectionModuleId(k)}` === id);
      if (!key) this.error(`no route table for module ${id.slice(1)}`);
      return sectionModule(sections.get(key), join(generatedDir, 'pages'), withUrls);
    },
    // File names are final only once every chunk is rendered.
    generateBundle: { order: 'post', handler: (_, bundle) => resolveChunkRefs(bundle) },
  };
}
