import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { entryChunk, failLikeModuleMap, gotoReady, layoutShift, metaChunk, onPath, pageChunk, pageTimersPast, watchAppearance } from './helpers';

const INSTALL = '/api/zkvm/install';
const INSTALL_TITLE = 'Install the toolchain';
// The latest the spinner may show after a click: its timer fires at 200 ms, late on a busy machine.
const SPINNER_LATEST_MS = 1500;

// Content fails as it would in a browser that keeps failed imports (see
// failLikeModuleMap): Retry must fetch the chunk anew under another URL. A
// page's own record is in its HTML, so on a first load the content that can
// fail is the version metadata (sidebars) and the route table.
test('a page whose content fails to load shows the red error box; Retry loads it, with the spinner after 200 ms', async ({ page }) => {
  let failing = true;
  // The retried content is held until the test has looked at the spinner, so
  // a busy machine cannot take the spinner away before it is measured.
  let release!: () => void;
  const released = new Promise<void>((r) => { release = r; });
  await failLikeModuleMap(page, metaChunk(INSTALL), () => failing, async (route) => {
    await released;
    await route.continue();
  });
  await gotoReady(page, INSTALL);
  const box = page.locator('.load-error');
  await expect(box).toContainText('Failed to fetch dynamically imported module');
  await expect(box).toContainText(metaChunk(INSTALL));
  await expect(box).toHaveCSS('border-top-color', 'rgb(225, 50, 56)');
  const [boxW, bodyW] = [(await box.boundingBox())!.width, (await page.locator('.layout-body').boundingBox())!.width];
  expect(Math.abs(boxW - bodyW / 2)).toBeLessThan(1);

  failing = false;
  const spinnerAfter = await watchAppearance(page, '.loader');
  await box.getByRole('button', { name: 'Retry' }).click();
  const svg = page.locator('.loader svg');
  await expect(svg).toBeVisible();
  await expect.poll(async () => { const b = await svg.boundingBox(); return b && [b.width, b.height]; }).toEqual([128, 110]);
  // On the page's own clock: not before 200 ms, and not so late
  // that a reader would have waited on a blank page.
  const ms = (await spinnerAfter())!;
  expect(ms).toBeGreaterThanOrEqual(200);
  expect(ms).toBeLessThan(SPINNER_LATEST_MS);
  release();
  await expect(page.locator('h1').first()).toHaveText(INSTALL_TITLE);
  await expect(page.locator('.loader')).toHaveCount(0);
});

test('content that loads within 200 ms never shows the spinner', async ({ page }) => {
  let failing = true;
  await failLikeModuleMap(page, metaChunk(INSTALL), () => failing);
  await gotoReady(page, INSTALL);
  failing = false;
  const spinnerAfter = await watchAppearance(page, '.loader');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('h1').first()).toHaveText(INSTALL_TITLE);
  expect(await spinnerAfter()).toBeUndefined();
});

test('when every content chunk fails, even those the page preloads, one Retry loads the page', async ({ page }) => {
  let failing = true;
  const content = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && url.pathname !== entryChunk();
  await failLikeModuleMap(page, content, () => failing);
  await gotoReady(page, INSTALL);
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('h1').first()).toHaveText(INSTALL_TITLE);
  await expect(page.locator('.load-error')).toHaveCount(0);
});

test('a content module without a default export shows the "no default export" error', async ({ page }) => {
  await page.route(onPath(metaChunk(INSTALL)), (route) =>
    route.fulfill({ contentType: 'text/javascript', body: `export const name = '1.2';` }));
  await gotoReady(page, INSTALL);
  await expect(page.locator('.load-error p')).toHaveText('The page component meta/api-1.2 has no default export.');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a chunk that fails to load during navigation triggers a full page load', async ({ page }) => {
  let reloaded = false;
  page.on('request', (r) => { if (r.isNavigationRequest() && new URL(r.url()).pathname === INSTALL) reloaded = true; });
  // Fail the chunk (prefetch and click alike) until the browser loads the page itself.
  await page.route(onPath(pageChunk(INSTALL)), (route) => (reloaded ? route.continue() : route.abort('connectionfailed')));
  await gotoReady(page, '/api/zkvm');
  await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
  await page.locator(`.sidebar a[href="${INSTALL}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${INSTALL}$`));
  await expect(page.locator('h1').first()).toHaveText(INSTALL_TITLE);
  expect(reloaded).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
});

test('a chunk that keeps failing after that full page load shows the error box, not another load', async ({ page }) => {
  // The education hub's sidebars: needed by the click and by the full load alike.
  const TARGET = '/proof-system';
  const loads: string[] = [];
  // A load is the navigation the page starts; the host's redirect of /p to /p/ is part of it, not another.
  page.on('request', (r) => { if (r.isNavigationRequest() && !r.redirectedFrom()) loads.push(new URL(r.url()).pathname); });
  await failLikeModuleMap(page, metaChunk(TARGET), () => true);
  await gotoReady(page, '/api/zkvm');
  await page.locator(`footer a[href="${TARGET}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${TARGET}$`));
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await pageTimersPast(page, 1000); // a loop would have loaded the page again by now (and ended this wait)
  expect(loads).toEqual(['/api/zkvm', TARGET]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a long page is complete and visible in its HTML', async ({ page }) => {
    await page.goto('/proof-system/stark-by-hand');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('article .markdown > *').last()).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
  });
});

// A browser paints what it has parsed so far when the rest of the HTML is slow to come (a
// slow network, a busy machine). Here the page stops inside its first table for 800 ms: a
// table laid out from its first rows, or a content column without the TOC beside it, would
// move when the rest arrives. The page is painted once, whole.
test('a page whose HTML arrives in two pieces is first painted whole: nothing moves', async ({ page, baseURL }) => {
  const server = http.createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url!, baseURL));
    const body = Buffer.from(await upstream.arrayBuffer());
    const type = upstream.headers.get('content-type') ?? '';
    res.writeHead(upstream.status, { 'content-type': type });
    if (!type.startsWith('text/html')) return void res.end(body);
    const html = body.toString();
    const cut = html.indexOf('<tr>', html.indexOf('<tbody>')) + '<tr>'.length;
    expect(cut).toBeGreaterThan('<tr>'.length);
    res.write(html.slice(0, cut));
    setTimeout(() => res.end(html.slice(cut)), 800);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    await gotoReady(page, `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/zkvm`);
    await expect(page.locator('article table')).toHaveCount(1);
    expect(await layoutShift(page)).toEqual({ score: 0, moved: [] });
  } finally {
    server.close();
  }
});
