// Writes static HTML for every route of routes.json into site/dist, plus
// 404.html, redirect stubs and sitemap.xml. Run after the client and SSR builds.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { routeFile } from '../src/lib/routePath.js';
import { sectionOf } from '../src/lib/sections.js';
import { sectionModuleId } from './routeTables.mjs';
import { escapeAttr } from './html.mjs';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(site, 'dist');

const routes = JSON.parse(await readFile(join(site, '.generated/routes.json'), 'utf8'));
const template = await readFile(join(dist, 'index.html'), 'utf8');
// Prerendering writes the home page over the template: a second run would
// copy the home page into every route. Stop instead, and say why.
if (!template.includes('<!--app-html-->')) {
  console.error('prerender: site/dist/index.html has no <!--app-html--> placeholder; it was already prerendered. Run the client build (make build) first.');
  process.exit(1);
}
const viteManifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
const { render, siteConfig } = await import(pathToFileURL(join(site, '.ssr/entry-server.js')).href);
const SITE_URL = siteConfig.url;
const { versions } = JSON.parse(await readFile(join(site, '.generated/manifest.json'), 'utf8'));


/** A chunk's stylesheets; a module that only imports CSS is a stylesheet itself. */
const stylesheets = (key) => {
  const chunk = viteManifest[key];
  if (!chunk) return [];
  return chunk.file.endsWith('.css') ? [chunk.file] : chunk.css ?? [];
};

/**
 * What the route loads before hydrating, linked from its HTML so nothing
 * waits on the app to ask: its route table, version metadata and page
 * component (modulepreload), and their stylesheets, the KaTeX one only on
 * pages with math. Not the page record's chunk: the record is in the
 * document already (src/lib/pageData.ts).
 */
function routeAssets(path, { meta, component, hasMath }) {
  const table = `../${sectionModuleId(sectionOf(path, versions))}`;
  const keys = [table, meta && `.generated/meta/${meta}.json`, component].filter(Boolean);
  const scripts = keys.map((k) => viteManifest[k]?.file).filter(Boolean);
  const styles = [component, hasMath && 'src/lib/mathStyles.ts'].filter(Boolean).flatMap(stylesheets);
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
  ].join('\n    ');
}

function redirectStub(to) {
  const href = escapeAttr(to);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Redirecting to ${href}</title>
<link rel="canonical" href="${escapeAttr(SITE_URL + to)}" />
<meta http-equiv="refresh" content="0; url=${href}" />
<script>location.replace(${JSON.stringify(to)} + location.search + location.hash)</script>
</head><body><p>This page has moved to <a href="${href}">${href}</a>.</p></body></html>
`;
}

async function write(file, html) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
}

const started = performance.now();
let pages = 0;
for (const r of routes) {
  if (r.kind === 'redirect') {
    await write(join(dist, routeFile(r.path)), redirectStub(r.to));
    continue;
  }
  const path = r.path === '*' ? '/404' : r.path;
  const out = await render(path, r.path);
  const head = [out.head, routeAssets(path, out)].filter(Boolean).join('\n    ');
  await write(join(dist, routeFile(r.path)), template.replace('<!--app-head-->', head).replace('<!--app-html-->', out.html));
  pages++;
}

const urls = routes.filter((r) => r.kind !== 'redirect' && r.kind !== 'notFound')
  .map((r) => `  <url><loc>${SITE_URL}${r.path === '/' ? '/' : r.path}</loc></url>`);
await write(join(dist, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
console.log(`prerender: ${pages} pages, ${routes.length - pages} redirects, sitemap with ${urls.length} URLs in ${Math.round(performance.now() - started)} ms`);
