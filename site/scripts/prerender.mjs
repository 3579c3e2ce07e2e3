// Writes static HTML for every route of routes.json into site/dist, plus
// 404.html, redirect stubs and sitemap.xml. Run after the client and SSR builds.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(site, 'dist');
const SITE_URL = 'https://dev.risczero.com';

const routes = JSON.parse(await readFile(join(site, '.generated/routes.json'), 'utf8'));
const template = await readFile(join(dist, 'index.html'), 'utf8');
const viteManifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
const { render } = await import(pathToFileURL(join(site, '.ssr/entry-server.js')).href);

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** <link rel=modulepreload> for the route's own content chunks, so hydration waits on nothing. */
function preloads(page, meta) {
  const ids = [page && `.generated/pages/${page}.json`, meta && `.generated/meta/${meta}.json`].filter(Boolean);
  return ids.map((id) => viteManifest[id]?.file).filter(Boolean)
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join('\n    ');
}

function outputFile(path) {
  if (path === '*') return join(dist, '404.html');
  return join(dist, path, 'index.html');
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
    await write(outputFile(r.path), redirectStub(r.to));
    continue;
  }
  const path = r.path === '*' ? '/404' : r.path;
  const out = await render(path, r.path);
  const head = [out.head, preloads(out.page, out.meta)].filter(Boolean).join('\n    ');
  await write(outputFile(r.path), template.replace('<!--app-head-->', head).replace('<!--app-html-->', out.html));
  pages++;
}

const urls = routes.filter((r) => r.kind !== 'redirect' && r.kind !== 'notFound')
  .map((r) => `  <url><loc>${SITE_URL}${r.path === '/' ? '/' : r.path}</loc></url>`);
await write(join(dist, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
console.log(`prerender: ${pages} pages, ${routes.length - pages} redirects, sitemap with ${urls.length} URLs in ${Math.round(performance.now() - started)} ms`);
