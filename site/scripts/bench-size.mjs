// What a reader downloads: opens pages of the built site in headless Chromium
// and counts every byte transferred from the navigation until the network has
// been quiet for a second, raw and gzipped as a static host sends them: the
// page itself, and apart from it what was prefetched for its links (requests
// sent with Sec-Purpose: prefetch, as <link rel=prefetch> sends them); then the same for a Docusaurus 3 build
// of the classic template (proofs/docusaurus-build.sh), and the ratios.
//   make bench-size                      / , a docs page and a math page, beside Docusaurus
//   PAGES="/faq /api" make bench-size    other pages of this site
//   DOCUSAURUS=none make bench-size      without the comparison
//   BYTES=1 make bench-size              exact bytes instead of kilobytes
// Both sites are served by `bin/docs serve`, which sends files as they are;
// the gzip column is each response gzipped (level 6, what hosts commonly use).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const pages = args.length ? args : ['/', '/api/zkvm/quickstart', '/proof-system/stark-by-hand'];
const docusaurus = process.env.DOCUSAURUS ?? '/tmp/devdocs-docusaurus/build-root';
// The Docusaurus pages that compare with ours: the home page and a docs page.
const docusaurusPages = ['/', '/docs/intro'];
const comparable = { '/': '/', '/api/zkvm/quickstart': '/docs/intro' };

/** Serves dir with `bin/docs serve` on a free port; resolves to its base URL and the process. */
async function serve(dir) {
  const server = spawn(join(root, 'bin/docs'), ['serve', '-dir', dir, '-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: server.stdout }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`bin/docs serve ${dir} exited with ${code}`)));
  });
  const base = /http:\/\/[^/]+/.exec(line)?.[0];
  if (!base) { server.kill(); throw new Error(`bin/docs serve said ${JSON.stringify(line)}, not its address`); }
  return { base, server };
}

/**
 * Opens base+path in a fresh context (empty cache) and returns every response
 * until the network has been quiet for QUIET_MS after the load event:
 * { path, type, raw, gzip }.
 */
async function transfer(browser, base, path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = [];
  let inflight = 0, lastChange = Date.now();
  const settle = () => { inflight--; lastChange = Date.now(); };
  page.on('request', () => { inflight++; lastChange = Date.now(); });
  page.on('requestfailed', settle);
  page.on('requestfinished', async (req) => {
    const res = await req.response();
    const body = await res?.body().catch(() => undefined);
    const headers = await req.allHeaders();
    const prefetched = /prefetch/.test(headers['sec-purpose'] ?? headers.purpose ?? '');
    if (body) bodies.push({ path: new URL(req.url()).pathname, type: prefetched ? 'prefetch' : req.resourceType(), raw: body.length, gzip: gzipSync(body).length });
    settle();
  });
  await page.goto(base + path, { waitUntil: 'load' });
  const deadline = Date.now() + 30_000;
  while (inflight > 0 || Date.now() - lastChange < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${base}${path}: the network was still busy after 30 s`);
    await page.waitForTimeout(100);
  }
  await context.close();
  return bodies;
}

// The network counts as idle after this long with no request open.
const QUIET_MS = 1000;
// Columns: everything, the page itself (what is not a prefetch), then the
// page by kind, then what was prefetched for the links on it.
const COLUMNS = ['total', 'page', 'document', 'script', 'stylesheet', 'other', 'prefetch'];

/** Sums [raw, gzip] bytes per column. */
function sumKinds(bodies) {
  const sums = Object.fromEntries(COLUMNS.map((k) => [k, [0, 0]]));
  for (const b of bodies) {
    const kind = COLUMNS.includes(b.type) ? b.type : 'other';
    for (const k of ['total', kind, ...(kind === 'prefetch' ? [] : ['page'])]) {
      sums[k][0] += b.raw;
      sums[k][1] += b.gzip;
    }
  }
  return sums;
}

// BYTES=1 prints exact bytes, for budgets finer than a kilobyte.
const kb = process.env.BYTES ? (n) => `${n}`.padStart(8) : (n) => `${(n / 1024).toFixed(0)} KB`.padStart(8);
const cell = ([raw, gzip]) => `${kb(raw)} ${kb(gzip)}`;
function report(title, results) {
  console.log(`\n${title} (${process.env.BYTES ? 'bytes' : 'KB'} raw / gzip, until the network is idle)`);
  console.log(`${''.padEnd(30)}${COLUMNS.map((k) => k.padStart(17)).join('')}   requests`);
  for (const [path, bodies] of results) {
    const sums = sumKinds(bodies);
    console.log(`${path.padEnd(30)}${COLUMNS.map((k) => cell(sums[k]).padStart(17)).join('')}   ${bodies.length}`);
  }
}

async function measureSite(browser, dir, paths) {
  const { base, server } = await serve(dir);
  try {
    const results = new Map();
    for (const p of paths) results.set(p, await transfer(browser, base, p));
    return results;
  } finally {
    server.kill();
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
try {
  const ours = await measureSite(browser, join(root, 'site/dist'), pages);
  report('devdocs (site/dist)', ours);
  if (docusaurus !== 'none') await compare(ours);
} finally {
  await browser.close();
}

async function compare(ours) {
  if (!existsSync(join(docusaurus, 'index.html'))) {
    throw new Error(`no Docusaurus build at ${docusaurus}: run proofs/docusaurus-build.sh, or DOCUSAURUS=none`);
  }
  const theirs = await measureSite(browser, docusaurus, docusaurusPages);
  report(`Docusaurus 3, classic template (${docusaurus})`, theirs);
  console.log('\ndevdocs / Docusaurus (raw, gzip)            total            page alone');
  const ratio = (a, b) => `${(a[0] / b[0]).toFixed(2)}  ${(a[1] / b[1]).toFixed(2)}`;
  for (const [ourPath, theirPath] of Object.entries(comparable)) {
    if (!ours.has(ourPath)) continue;
    const [a, b] = [sumKinds(ours.get(ourPath)), sumKinds(theirs.get(theirPath))];
    console.log(`${`${ourPath} vs ${theirPath}`.padEnd(40)}${ratio(a.total, b.total).padStart(14)}${ratio(a.page, b.page).padStart(22)}`);
  }
}
