import { expect, test } from '@playwright/test';
import { storage } from '../site/src/lib/storage';
import { entryChunk, gotoReady, wrapPageChunk } from './helpers';

test('a render crash shows "This page crashed." with the cause chain, and Try again recovers', async ({ page }) => {
  // The install page's record throws while its title renders, until we say otherwise.
  await page.addInitScript(() => { (window as unknown as { __crash: boolean }).__crash = true; });
  await wrapPageChunk(page, '/api/zkvm/install', `Object.defineProperty({ ...orig }, 'title', { get() {
    if (window.__crash) throw new Error('Cannot render the title', { cause: new Error('The page record is corrupt', { cause: new Error('Unexpected end of JSON input') }) });
    return orig.title;
  } })`);
  await gotoReady(page, '/api/zkvm');
  await page.locator('.sidebar a[href="/api/zkvm/install"]').click();
  const crash = page.getByRole('alert');
  await expect(crash.getByRole('heading')).toHaveText('This page crashed.');
  await expect(crash.locator('.crash-cause')).toHaveText(['Cannot render the title', 'Cause: The page record is corrupt', 'Cause: Unexpected end of JSON input']);
  // The rest of the site still works around it.
  await expect(page.locator('nav.navbar')).toBeVisible();
  await page.evaluate(() => { (window as unknown as { __crash: boolean }).__crash = false; });
  await crash.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('h1').first()).toHaveText('Install the toolchain');
  await expect(page.getByText('This page crashed.')).toHaveCount(0);
});

test('served under the wrong base URL, the page says so and what to do', async ({ page }) => {
  // As on a host serving the build under /docs/: the HTML is found, but
  // its /assets/ URLs are not.
  await page.route('**/docs/**', async (route) => {
    const res = await route.fetch({ url: route.request().url().replace('/docs/', '/') });
    await route.fulfill({ response: res });
  });
  await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/docs/api/zkvm');
  const banner = page.locator('#__docs-base-url-issue-banner');
  await expect(banner).toContainText('This site did not load properly.');
  await expect(banner).toContainText('It was built for the base URL "/", but this page is served under "/docs/", and its scripts and styles were not found.');
});

test('a correctly served page shows no base-URL banner', async ({ page }) => {
  await gotoReady(page, '/api/zkvm');
  await page.waitForLoadState('load');
  await expect(page.locator('#__docs-base-url-issue-banner')).toHaveCount(0);
  expect(await page.locator(`script[src="${entryChunk()}"]`).count()).toBe(1);
});

test('when browser storage fails, the site warns once and works without saving', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
  });
  const warnings: string[] = [], errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await gotoReady(page, '/faq');
  await page.getByRole('button', { name: 'Switch between dark and light mode (currently dark mode)' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.locator('.announcement-bar').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.announcement-bar')).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(warnings.filter((w) => w.startsWith('Browser storage is unavailable; preferences will not be saved.'))).toHaveLength(1);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('storage used while rendering on the server is an error that says where it may be used', () => {
  expect(typeof window).toBe('undefined');
  expect(() => storage()).toThrow('Storage APIs are only available in effects and event handlers, not while rendering on the server.');
});
