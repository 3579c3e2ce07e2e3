// The /search page: the full result list for ?q=, on the offline index.
import { expect, test } from '@playwright/test';
import { SEARCH_CHUNK, visit } from './search';

const status = (page: import('@playwright/test').Page) => page.locator('.search-status');

test('/search?q= shows every result for the query, grouped by page', async ({ page }) => {
  await visit(page, '/search?q=ExecutorEnv');
  await expect(page.locator('h1')).toHaveText('Search results for "ExecutorEnv"');
  await expect(page.locator('main input[name="q"]')).toHaveValue('ExecutorEnv');
  await expect(status(page)).toHaveText(/^\d+ results$/);
  const groups = page.locator('.search-group');
  expect(await groups.count()).toBeGreaterThan(1);
  // One heading per page, each page once.
  const pages = await groups.locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(pages).size).toBe(pages.length);
  for (const p of pages) expect(p).not.toContain('#');
  // Every hit of a group points into that group's page.
  for (const [i, p] of pages.entries()) {
    for (const href of await groups.nth(i).locator('li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href?.split('#')[0]).toBe(p);
    }
  }
  await expect(groups.locator('mark').first()).toHaveText('ExecutorEnv');
});

test('typing updates the results and the address', async ({ page }) => {
  await visit(page, '/search');
  await expect(status(page)).toContainText('Type a query');
  await page.locator('main input[name="q"]').fill('segment_limit_po2');
  await expect(status(page)).toHaveText(/^\d+ results?$/);
  await expect(page).toHaveURL(/\/search\?q=segment_limit_po2$/);
  await expect(page.locator('.search-group mark').first()).toHaveText('segment_limit_po2');
});

test('the version filter: latest by default, another version on request, in the address', async ({ page }) => {
  await visit(page, '/search?q=rest%20api');
  const select = page.getByLabel('Version');
  await expect(select).toHaveValue('1.2');
  await expect(status(page)).toBeVisible();
  const latest = await page.locator('.search-group h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  for (const href of latest) expect(href).not.toMatch(/^\/api\/0\./);

  await select.selectOption('0.20');
  await expect(page).toHaveURL(/version=0\.20/);
  await expect(page.locator('.search-group h2 a[href="/api/0.20/bonsai/rest-api"]')).toBeVisible();
  for (const href of await page.locator('.search-group h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
    expect(href).toMatch(/^\/api\/0\.20([/#]|$)|^\/(?!api)/);
  }
  await page.reload();
  await expect(page.getByLabel('Version')).toHaveValue('0.20');
});

// The key the version menu stores the reader's choice under (e2e/versions.spec.ts).
test('without a version in the address, search follows the version the reader chose in the menu', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('docs-preferred-version-default', '1.0'));
  await visit(page, '/search?q=receipt');
  await expect(page.getByLabel('Version')).toHaveValue('1.0');
});

test('all versions searches every version file', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => { if (SEARCH_CHUNK.test(r.url())) chunks.push(r.url()); });
  await visit(page, '/search?q=receipt&version=all');
  await expect(status(page)).toHaveText(/^\d+ results$/);
  expect(chunks).toHaveLength(9);
});

test('more results load on scroll, and with the button', async ({ page }) => {
  await visit(page, '/search?q=proof');
  await expect(status(page)).toHaveText(/^\d+ results$/);
  const total = Number((await status(page).innerText()).match(/\d+/)![0]);
  expect(total).toBeGreaterThan(40);
  const hits = page.locator('.search-group li');
  const shown = () => hits.count();
  // The first page: at most 20 hits (a hit on a page itself is its group's heading).
  await expect.poll(shown).toBeGreaterThan(0);
  expect(await shown()).toBeLessThanOrEqual(20);
  const before = await shown();
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect.poll(shown).toBeGreaterThan(before);
  const button = page.getByRole('button', { name: 'Load more results' });
  await expect(button).toBeVisible();
  const mid = await shown();
  await button.click();
  await expect.poll(shown).toBeGreaterThan(mid);
});

test('no results, and an index that cannot be fetched', async ({ page }) => {
  await visit(page, '/search?q=qqzzxxyy');
  await expect(status(page)).toHaveText('No results for "qqzzxxyy"');
  await page.route(SEARCH_CHUNK, (route) => route.abort('internetdisconnected'));
  await visit(page, '/search?q=receipt');
  await expect(page.getByRole('alert')).toContainText('Unable to fetch results');
  await expect(page.getByRole('alert')).toContainText('You might want to check your network connection.');
});

test('the query is shown as text, never run as markup', async ({ page }) => {
  const attack = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  await visit(page, `/search?q=${encodeURIComponent(attack)}`);
  await expect(page.locator('h1')).toHaveText(`Search results for "${attack.slice(0, 64)}"`);
  await expect(page.locator('main img, main script')).toHaveCount(0);
  await expect(status(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the page offers the search form', async ({ page }) => {
    await page.goto('/search');
    await expect(page.locator('form[action="/search"] input[name="q"]')).toBeVisible();
    await expect(page.locator('form[action="/search"] select[name="version"]')).toBeVisible();
    // Chromium with scripts turned off by the test still parses <noscript> as
    // hidden, so its message is checked in the HTML the host serves.
    const html = await (await page.request.get('/search')).text();
    expect(html).toMatch(/<noscript><p[^>]*>Showing results needs JavaScript/);
  });
});
