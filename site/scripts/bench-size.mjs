// First-load bytes of a few pages of the built site: the HTML, and every
// script and stylesheet it loads before it is interactive (its <script>,
// modulepreload and stylesheet links, and their static imports), raw and
// gzipped. Run `make bench-size` after `make build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/api/zkvm/quickstart'];
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));

/** Files a page's HTML asks for, plus the static imports (and their CSS) of its scripts. */
export function firstLoadFiles(html) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = byFile.get(file);
    for (const f of chunk?.css ?? []) files.add(f);
    for (const key of chunk?.imports ?? []) visit(manifest[key].file);
  };
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const url = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    const wanted = /<script\b[^>]*type="module"/.test(tag) || /rel="(modulepreload|stylesheet)"/.test(tag);
    if (url && wanted) visit(url);
  }
  return files;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const row = (...cells) => console.log(cells.map((c, i) => (i ? String(c).padStart(12) : String(c).padEnd(24))).join(''));

function measure(route) {
  const htmlFile = join(dist, route === '/' ? 'index.html' : `${route}/index.html`);
  const html = readFileSync(htmlFile);
  const sums = { html: [html.length, gzipSync(html).length], js: [0, 0], css: [0, 0] };
  for (const file of firstLoadFiles(html.toString())) {
    const body = readFileSync(join(dist, file));
    const kind = file.endsWith('.css') ? 'css' : 'js';
    sums[kind][0] += body.length;
    sums[kind][1] += gzipSync(body).length;
  }
  console.log(`\n${route}`);
  row('', 'raw', 'gzip');
  for (const k of ['js', 'css', 'html']) row(k.toUpperCase(), kb(sums[k][0]), kb(sums[k][1]));
  row('total', kb(sums.js[0] + sums.css[0] + sums.html[0]), kb(sums.js[1] + sums.css[1] + sums.html[1]));
}

pages.forEach(measure);
