// What opening a page costs the reader: the page finishes before its links
// prefetch anything, prefetching a link costs only that page's content, and a
// page's content (its typeset math too) is downloaded once.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gotoReady, isPageChunk, pageChunk } from './helpers';

const DOCS = '/api/zkvm/quickstart', MATH = '/proof-system/stark-by-hand', CLUB = '/studyclub';

const manifest: { routes: Record<string, { page?: string }> } =
  JSON.parse(readFileSync(new URL('../site/.generated/manifest.json', import.meta.url), 'utf8'));

/** The compiled record of a route's page, as its JSON text; "" for a route without one. */
function recordText(route: string): string {
  const id = manifest.routes[route]?.page;
  return id ? readFileSync(new URL(`../site/.generated/pages/${id}.json`, import.meta.url), 'utf8') : '';
}
/** True when the route's page has typeset math (its compiled record holds math placeholders). */
const hasMath = (route: string) => recordText(route).includes('class=\\"math ');
/** The title of a route's page. */
const titleOf = (route: string): string => JSON.parse(recordText(route)).title;
const routeOfChunk = new Map(Object.keys(manifest.routes).filter((r) => manifest.routes[r].page).map((r) => [pageChunk(r), r]));

/** Every URL path the page requests from now on, in order. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  return seen;
}

/** Waits until the page has prefetched at least one linked page and the network is quiet again. */
async function afterPrefetch(page: Page, seen: string[]) {
  await expect.poll(() => seen.some(isPageChunk), { message: 'a linked page is prefetched' }).toBe(true);
  await page.waitForLoadState('networkidle');
}

test('the page finishes loading before any of its links is prefetched', async ({ page }) => {
  // The navbar logo is an image of the page: held, it keeps the page loading for 1.5 s.
  await page.route('**/img/favicon.svg', async (r) => { await new Promise((res) => setTimeout(res, 1500)); await r.continue(); });
  const seen = requests(page);
  await gotoReady(page, DOCS);
  await afterPrefetch(page, seen);
  // On the page's clock: when the load event ended, and when each prefetch started.
  const { loaded, prefetches } = await page.evaluate(() => ({
    loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    prefetches: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  }));
  expect(loaded).toBeGreaterThan(1500);
  const early = prefetches.filter((p) => isPageChunk(p.path) && p.start < loaded);
  expect(early, 'content chunks of other pages requested before the page had loaded').toEqual([]);
});

test('links in view fetch their page content at low priority, and nothing they would run', async ({ page }) => {
  // The study club page has no math; one of the small pages its links in view lead to (the education hub) has.
  expect(hasMath(CLUB)).toBe(false);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => priorities.set(new URL(e.request.url).pathname, e.request.initialPriority));
  const seen = requests(page);
  await gotoReady(page, CLUB);
  await afterPrefetch(page, seen);
  const prefetched = seen.filter(isPageChunk);
  // Some of them are pages with math, whose stylesheet this page does not need.
  expect(prefetched.some((p) => hasMath(routeOfChunk.get(p)!)), 'a prefetched page has math').toBe(true);
  expect(seen.filter((p) => /mathStyles|katex/i.test(p))).toEqual([]);
  expect(await page.locator('link[rel="stylesheet"][href*="mathStyles"]').count()).toBe(0);
  // CDP names Chromium's lowest priority, that of <link rel=prefetch>, "VeryLow".
  expect(prefetched.map((p) => [p, priorities.get(p)])).toEqual(prefetched.map((p) => [p, 'VeryLow']));
});

test('a click on a link prefetched while in view takes its content from the cache', async ({ page }) => {
  const FROM = '/api/zkvm';
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromNetwork: string[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const r = e.response;
    if (!r.fromDiskCache && !r.fromPrefetchCache && !r.fromServiceWorker) fromNetwork.push(new URL(r.url).pathname);
  });
  await gotoReady(page, FROM);
  // Which links of a view fit its budget depends on how the links come into
  // view (one batch or two), so the link clicked is one the page did prefetch,
  // not a route named here. The prefetch starts once the page is idle: on a
  // loaded machine that can be seconds after the load.
  const sidebar = await page.locator('.sidebar a[href^="/api/zkvm/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  const prefetched = () => sidebar.filter((href) => href !== FROM && manifest.routes[href]?.page && fromNetwork.includes(pageChunk(href)));
  await expect.poll(() => prefetched().length, { message: 'a sidebar link prefetched', timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  const to = prefetched()[0];
  fromNetwork.length = 0;
  await page.locator(`.sidebar a[href="${to}"]`).first().click();
  await expect(page.locator('h1').first()).toHaveText(titleOf(to));
  // (The new page's own links in view may prefetch from here on.)
  expect(fromNetwork).not.toContain(pageChunk(to));
});

test('links in view share a budget of 48 KB of content, and a link left out loads on hover', async ({ page }) => {
  const sizes = new Map<string, number>();
  page.on('response', async (r) => {
    const path = new URL(r.url()).pathname;
    if (isPageChunk(path)) sizes.set(path, (await r.body().catch(() => Buffer.alloc(0))).length);
  });
  const seen = requests(page);
  await gotoReady(page, DOCS);
  await afterPrefetch(page, seen);
  const prefetched = [...new Set(seen.filter(isPageChunk))];
  // Each size is read from its response's body after the response came: on
  // a loaded machine that can be after the page went idle.
  await expect.poll(() => prefetched.every((p) => sizes.has(p)), { message: 'the prefetched chunks\' sizes read' }).toBe(true);
  const total = prefetched.reduce((n, p) => n + (sizes.get(p) ?? 0), 0);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(48 * 1024);
  // A sidebar link in view whose page was too large for what was left: hovering it loads the page.
  const links = await page.locator('.sidebar a[href^="/api/zkvm/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  const left = links.find((href) => href !== DOCS && manifest.routes[href]?.page && !prefetched.includes(pageChunk(href)));
  expect(left, 'a sidebar link in view left for hover').toBeTruthy();
  await page.locator(`.sidebar a[href="${left}"]`).first().hover();
  await expect.poll(() => seen.includes(pageChunk(left!))).toBe(true);
});

test('a page with math downloads its typeset math once, in its HTML, and hydrates it in place', async ({ page }) => {
  test.slow(); // the longest page of the site, twice
  const seen = requests(page);
  await page.goto(MATH, { waitUntil: 'commit' });
  // The prerendered math, marked before the app starts: hydration must keep these very nodes.
  const markdown = page.locator('.markdown').first();
  await markdown.locator('.katex').first().waitFor({ state: 'attached' });
  const before = await markdown.evaluate((el) => { (el as unknown as { __mark: number }).__mark = 1; return el.querySelectorAll('.katex').length; });
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  expect(seen).not.toContain(pageChunk(MATH));
  expect(before).toBeGreaterThan(10);
  expect(await markdown.evaluate((el) => [(el as unknown as { __mark?: number }).__mark, el.querySelectorAll('.katex').length])).toEqual([1, before]);
  // The same record serves the page when the reader comes back to it in the app.
  await page.locator('.pagination-next').click();
  await expect(page).not.toHaveURL(new RegExp(`${MATH}$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${MATH}$`));
  await expect(page.locator('.markdown .katex')).toHaveCount(before);
  expect(seen).not.toContain(pageChunk(MATH));
});
