// Shared by the behaviour specs: waiting for the app, config overrides, and
// the built files behind a route (to hold, fail or fake them with page.route).
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';

const dist = new URL('../site/dist/', import.meta.url);
const viteManifest: Record<string, { file: string }> = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const siteManifest: { routes: Record<string, { page?: string; meta?: string }> } =
  JSON.parse(readFileSync(new URL('../site/.generated/manifest.json', import.meta.url), 'utf8'));

/** Loads a path and waits until React has hydrated it. */
export async function gotoReady(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** Overrides site config for every page this page loads (the config's window.__DOCS_CONFIG__ hook). */
export async function overrideConfig(page: Page, overrides: object) {
  await page.addInitScript((o) => { (window as unknown as Record<string, unknown>).__DOCS_CONFIG__ = o; }, overrides);
}

/** The URL path of the content chunk of a route's page record, e.g. /assets/api_zkvm-Ab12.js. */
export function pageChunk(route: string): string {
  const id = siteManifest.routes[route]?.page;
  if (!id) throw new Error(`no page record for route ${route}`);
  return '/' + viteManifest[`.generated/pages/${id}.json`].file;
}

/** The URL path of the chunk of a route's version metadata (sidebars), e.g. /assets/api-1.2-Ab12.js. */
export function metaChunk(route: string): string {
  const name = siteManifest.routes[route]?.meta;
  if (!name) throw new Error(`no version metadata for route ${route}`);
  return '/' + viteManifest[`.generated/meta/${name}.json`].file;
}

/** True for the URL path of any route's page-content chunk. */
export function isPageChunk(path: string): boolean {
  return pageChunks.has(path);
}
const pageChunks = new Set(Object.entries(viteManifest).filter(([k]) => k.startsWith('.generated/pages/')).map(([, v]) => '/' + v.file));

/** The main app bundle (entry script) of the client build. */
export function entryChunk(): string {
  return chunkOf('index.html');
}

/** The URL path of the chunk built from a source file of the site, e.g. /assets/Modal-Ab12.js for src/theme/SearchBar/Modal.tsx. */
export function chunkOf(source: string): string {
  return '/' + viteManifest[source].file;
}

/** Matches, for page.route(), every request for a URL path, whatever its query (a Retry may add one). */
export const onPath = (path: string) => (url: URL) => url.pathname === path;

/**
 * Routes a chunk as a browser that keeps failed imports in its module map
 * sees it (`path` a URL path or a test): while `failing()` its requests fail, and a URL that failed once
 * fails for good (Chromium 150 answers a second import() of it from the
 * module map, without a request; 156 asks the network again). So a Retry
 * passes only if it asks under a new URL, on every build. Requests for
 * other URLs go to `pass` (by default, on to the server).
 */
export async function failLikeModuleMap(page: Page, path: string | ((url: URL) => boolean), failing: () => boolean, pass: (route: Route) => Promise<void> = (r) => r.continue()) {
  const failed = new Set<string>();
  await page.route(typeof path === 'string' ? onPath(path) : path, (route) => {
    const url = route.request().url();
    if (!failed.has(url) && !failing()) return pass(route);
    failed.add(url);
    return route.abort('connectionfailed');
  });
}

/** Reads localStorage of the current page. */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Milliseconds from a click to the first appearance of an element, measured inside the page. */
export async function watchAppearance(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const w = window as unknown as { __appeared?: number; __clicked?: number };
    delete w.__appeared;
    document.addEventListener('click', () => { w.__clicked = performance.now(); }, { capture: true, once: true });
    const seen = () => { if (w.__appeared === undefined && document.querySelector(sel)) w.__appeared = performance.now(); };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate(() => {
    const w = window as unknown as { __appeared?: number; __clicked?: number };
    return w.__appeared === undefined || w.__clicked === undefined ? undefined : w.__appeared - w.__clicked;
  });
}

/**
 * Waits on the page's own clock until a timer of `ms`, started now, has fired and a frame has been drawn. Any
 * timer the page started before with a delay up to `ms` has fired by then, so a test that something did not
 * happen cannot pass only because a busy machine had not got round to it yet (a wall-clock wait can).
 */
export async function pageTimersPast(page: Page, ms: number) {
  await page.evaluate((delay) => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), delay)), ms);
}

/** Milliseconds from a click to the app's first history.pushState (the address switching), on the page's clock. */
export async function watchAddress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __pushed?: number; __clickedAt?: number };
    delete w.__pushed;
    document.addEventListener('click', () => { w.__clickedAt = performance.now(); }, { capture: true, once: true });
    const push = history.pushState;
    history.pushState = function (...args: Parameters<History['pushState']>) {
      w.__pushed ??= performance.now();
      return push.apply(this, args);
    };
  });
  return () => page.evaluate(() => {
    const w = window as unknown as { __pushed?: number; __clickedAt?: number };
    return w.__pushed === undefined || w.__clickedAt === undefined ? undefined : w.__pushed - w.__clickedAt;
  });
}

/**
 * Serves the route's page chunk as a module of our own whose default export
 * is built by `wrap` (source text, with `orig` the real page record): the
 * real chunk is served beside it as /__orig.js.
 */
export async function wrapPageChunk(page: Page, route: string, wrap: string) {
  const chunk = pageChunk(route);
  await page.route('**/__orig.js', (r) => r.fulfill({ contentType: 'text/javascript', body: readFileSync(new URL('.' + chunk, dist), 'utf8') }));
  await page.route(onPath(chunk), (r) => r.fulfill({ contentType: 'text/javascript', body: `import orig from '/__orig.js';\nexport default ${wrap};` }));
}

/** The layout shifts of the page load so far: their total score and what moved (Cumulative Layout Shift without the windowing). */
export async function layoutShift(page: Page): Promise<{ score: number; moved: string[] }> {
  return page.evaluate(() => new Promise((resolve) => {
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node }[] };
    const describe = (n?: Node) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${n.className}` : String(n?.nodeName));
    new PerformanceObserver((list) => {
      const entries = list.getEntries() as Shift[];
      resolve({ score: entries.reduce((sum, e) => sum + e.value, 0), moved: entries.flatMap((e) => (e.sources ?? []).map((s) => describe(s.node))) });
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve({ score: 0, moved: [] }), 500); // no entries at all
  }));
}
