import { expect, test } from '@playwright/test';
import { BoundedCache, CACHE_LIMIT } from '../site/src/lib/boundedCache';
import { entryChunk, gotoReady, overrideConfig } from './helpers';

test('the document is English, left to right', async ({ page }) => {
  await gotoReady(page, '/api/zkvm');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test.describe('analytics', () => {
  const FAKE = '/fake-analytics/script.js';

  test('no analytics script is requested when none is configured', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
    await gotoReady(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.every((s) => s.startsWith('/assets/'))).toBe(true);
  });

  test('a configured script is added async and a hung analytics host blocks nothing', async ({ page }) => {
    await overrideConfig(page, { analytics: { src: FAKE, attributes: { 'data-domain': 'dev.risczero.com' } } });
    let requested!: () => void;
    const asked = new Promise<void>((r) => { requested = r; });
    // The analytics host never answers.
    await page.route(`**${FAKE}`, () => { requested(); });
    await gotoReady(page, '/api/zkvm');
    await asked;
    const script = page.locator(`script[src="${FAKE}"]`);
    await expect(script).toHaveAttribute('data-domain', 'dev.risczero.com');
    expect(await script.evaluate((s: HTMLScriptElement) => s.async)).toBe(true);
    // The page is fully usable meanwhile: navigation works.
    await page.locator('.sidebar a[href="/api/zkvm/install"]').click();
    await expect(page).toHaveURL(/\/api\/zkvm\/install$/);
  });

  test('a configured script runs', async ({ page }) => {
    await overrideConfig(page, { analytics: { src: FAKE } });
    await page.route(`**${FAKE}`, (r) => r.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsRan = location.pathname;' }));
    await gotoReady(page, '/faq');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __analyticsRan?: string }).__analyticsRan)).toBe('/faq');
  });
});

test.describe('route and path-matching caches', () => {
  test(`hold at most ${CACHE_LIMIT} entries and keep the newest`, () => {
    expect(CACHE_LIMIT).toBe(10000);
    const c = new BoundedCache<string, number>();
    for (let i = 0; i < CACHE_LIMIT + 500; i++) c.set(`/p/${i}`, i);
    expect(c.size).toBe(CACHE_LIMIT);
    expect(c.has('/p/0')).toBe(false);
    expect(c.has('/p/499')).toBe(false);
    expect(c.get('/p/500')).toBe(500);
    expect(c.get(`/p/${CACHE_LIMIT + 499}`)).toBe(CACHE_LIMIT + 499);
  });

  test('setting an existing key refreshes it instead of evicting another', () => {
    const c = new BoundedCache<string, number>(3);
    c.set('a', 1); c.set('b', 2); c.set('c', 3);
    c.set('c', 9); // full, but c is already in: nothing is evicted
    expect([c.has('a'), c.has('b'), c.get('c'), c.size]).toEqual([true, true, 9, 3]);
    c.set('a', 4); // a is now the newest
    c.set('d', 5); // evicts b, the oldest
    expect([c.has('a'), c.has('b'), c.has('c'), c.has('d')]).toEqual([true, false, true, true]);
  });
});

test.describe('the POP-blocking helper', () => {
  test.use({ viewport: { width: 800, height: 800 } });

  test('Back closes the open mobile drawer and stays on the page', async ({ page }) => {
    await gotoReady(page, '/api/zkvm');
    await page.locator('.sidebar, .doc-sidebar').first().waitFor({ state: 'attached' });
    // Make a history entry to go back to.
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.locator('.navbar-sidebar a[href="/api/zkvm/install"]').click();
    await expect(page).toHaveURL(/\/api\/zkvm\/install$/);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await page.goBack();
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await expect(page).toHaveURL(/\/api\/zkvm\/install$/);
    // With the drawer closed, Back navigates as usual.
    await page.goBack();
    await expect(page).toHaveURL(/\/api\/zkvm$/);
  });
});

// useQueryString: one URL search parameter read and written as page state,
// here /search's ?q= (rewritten in place) and ?version= (one Back step each).
test.describe('the search-parameter helper', () => {
  const box = (page: import('@playwright/test').Page) => page.locator('main input[name="q"]');

  test('typing rewrites ?q= in place: Back leaves the search page in one step', async ({ page }) => {
    await gotoReady(page, '/faq');
    await gotoReady(page, '/search');
    for (const q of ['s', 'se', 'seal']) {
      await box(page).fill(q);
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${q}$`));
    }
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('choosing a version is a history step: Back restores the previous one on the same page', async ({ page }) => {
    await gotoReady(page, '/search?q=receipt');
    await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    const select = page.getByLabel('Version');
    await expect(select).toHaveValue('1.2');
    await select.selectOption('1.0');
    await expect(page).toHaveURL(/\/search\?q=receipt&version=1\.0$/);
    await select.selectOption('0.20');
    await expect(page).toHaveURL(/version=0\.20$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=receipt&version=1\.0$/);
    await expect(select).toHaveValue('1.0');
    await expect(box(page)).toHaveValue('receipt');
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=receipt$/);
    await expect(select).toHaveValue('1.2');
    await page.goForward();
    await expect(select).toHaveValue('1.0');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});

test.describe('the math stylesheet', () => {
  const mathCss = 'link[rel="stylesheet"][href*="mathStyles"]';
  const katexFont = (page: import('@playwright/test').Page) =>
    page.locator('.katex').first().evaluate((el) => getComputedStyle(el).fontFamily);

  test('is not linked from pages without math', async ({ page }) => {
    // Checked in the served HTML: once the page is up, hovering a link to a
    // page with math fetches the stylesheet too, so that page shows at once
    // (that links in view do not is the budget spec's business).
    const html = await (await page.request.get('/api/zkvm')).text();
    expect(html).not.toContain('class="katex"');
    expect(html).not.toContain('mathStyles');
    expect(await (await page.request.get('/proof-system')).text()).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/mathStyles-[\w-]+\.css"/);
  });

  test('styles the math of a prerendered page before its scripts run', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await page.route(`**${entryChunk()}`, async (route) => { await held; await route.continue(); });
    await page.goto('/proof-system', { waitUntil: 'commit' });
    await page.locator('.katex').first().waitFor();
    await expect.poll(() => katexFont(page)).toContain('KaTeX_Main');
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
    release();
  });

  test('is in place before a page with math shows after a client-side navigation', async ({ page }) => {
    // A slow stylesheet: the page must wait for it rather than show unstyled math.
    await page.route('**/assets/mathStyles-*.css', async (r) => { await new Promise((res) => setTimeout(res, 800)); await r.continue(); });
    await gotoReady(page, '/api/zkvm');
    await page.evaluate(() => {
      const w = window as unknown as { __mathFont?: string };
      new MutationObserver(() => {
        const k = document.querySelector('.katex');
        if (k && w.__mathFont === undefined) w.__mathFont = getComputedStyle(k).fontFamily;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('footer a[href="/proof-system"]').click();
    await page.locator('.katex').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __mathFont?: string }).__mathFont)).toContain('KaTeX_Main');
    await expect(page.locator(mathCss)).toHaveCount(1);
  });
});
