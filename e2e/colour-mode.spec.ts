import { expect, test } from '@playwright/test';
import { entryChunk, gotoReady, onPath, overrideConfig, stored } from './helpers';

const toggle = (mode: string) => `button[aria-label="Switch between dark and light mode (currently ${mode} mode)"]`;
const html = 'html';

test('the default is dark, with the switch enabled', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' }); // the site ignores the system by default
  await gotoReady(page, '/api/zkvm');
  await expect(page.locator(html)).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator(toggle('dark'))).toBeEnabled();
  expect(await stored(page, 'theme')).toBeNull();
});

test('the toggle switches modes and the choice survives a reload', async ({ page }) => {
  await gotoReady(page, '/faq');
  await page.locator(toggle('dark')).click();
  await expect(page.locator(html)).toHaveAttribute('data-theme', 'light');
  await expect(page.locator(toggle('light'))).toBeVisible();
  expect(await stored(page, 'theme')).toBe('light');
  await page.reload();
  await expect(page.locator(html)).toHaveAttribute('data-theme', 'light');
  await page.locator(toggle('light')).click();
  await expect(page.locator(html)).toHaveAttribute('data-theme', 'dark');
  expect(await stored(page, 'theme')).toBe('dark');
});

test('code is highlighted in both modes, each token kind in its own colour', async ({ page }) => {
  await gotoReady(page, '/api/zkvm/quickstart');
  const colours = () => page.locator('.markdown pre.chroma:has(.k):has(.n)').first().evaluate((pre) => {
    const of = (sel: string) => getComputedStyle(pre.querySelector(sel)!).color;
    return { text: getComputedStyle(pre).color, keyword: of('.k'), name: of('.n'), background: getComputedStyle(pre).backgroundColor };
  });
  const dark = await colours();
  await page.locator(toggle('dark')).click();
  await expect(page.locator(html)).toHaveAttribute('data-theme', 'light');
  const light = await colours();
  for (const c of [dark, light]) expect(c.keyword).not.toBe(c.name);
  expect(light.keyword).not.toBe(dark.keyword);
  expect(light.background).not.toBe(dark.background);
});

test('a change in one tab shows in the others', async ({ context }) => {
  const [a, b] = [await context.newPage(), await context.newPage()];
  await gotoReady(a, '/faq');
  await gotoReady(b, '/terminology');
  await a.locator(toggle('dark')).click();
  await expect(b.locator(html)).toHaveAttribute('data-theme', 'light');
  await expect(b.locator(toggle('light'))).toBeVisible();
});

test('the stored mode is painted before the app runs (no flash)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  // Hold the app bundle: whatever shows now is what the reader sees first.
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(onPath(entryChunk()), async (route) => { await held; await route.continue(); });
  await page.goto('/api/zkvm', { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor();
  await expect(page.locator(html)).toHaveAttribute('data-theme', 'light');
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(255, 255, 255)');
  release();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.locator(toggle('light'))).toBeVisible();
});

test.describe('with respectPrefersColorScheme on', () => {
  test.beforeEach(async ({ page }) => {
    await overrideConfig(page, { colorMode: { respectPrefersColorScheme: true } });
  });

  test('follows the system when nothing is stored, and its later changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoReady(page, '/faq');
    await expect(page.locator(html)).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator(html)).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator(toggle('dark'))).toBeVisible();
    expect(await stored(page, 'theme')).toBeNull();
  });

  test('a stored choice wins over the system', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoReady(page, '/faq');
    await expect(page.locator(html)).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator(html)).toHaveAttribute('data-theme', 'dark');
  });

  test('system changes while printing are ignored', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await gotoReady(page, '/faq');
    await expect(page.locator(html)).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ media: 'print' });
    await page.emulateMedia({ media: 'print', colorScheme: 'light' });
    // Give the change event time to arrive; the mode must not follow it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
    await expect(page.locator(html)).toHaveAttribute('data-theme', 'dark');
    // Back on screen, changes are followed again. The page hears a change
    // at its next frame, against what it last heard: two emulations before
    // that frame are no change at all, so the first is waited for.
    const heard = await page.evaluateHandle(() => ({ change: new Promise<void>((r) =>
      matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => r(), { once: true })) }));
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    await heard.evaluate((h) => h.change);
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
    await expect(page.locator(html)).toHaveAttribute('data-theme', 'light');
  });
});
