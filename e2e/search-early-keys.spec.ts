// Search shortcuts pressed before hydration (issue #38): the head script's
// early listener records them, and the app opens search once it is ready,
// with the letters typed after the shortcut in the box. Hydration is held
// back on purpose by holding the entry script until the keys are pressed.
import { expect, test, type Page } from '@playwright/test';
import { chunkOf, entryChunk, gotoReady, onPath } from './helpers';
import { modal, modalInput, searchButton } from './search';
import { BOOTED_ATTR } from '../site/src/lib/storageKeys.js';

/** Opens a page with its entry script held: the prerendered page is there, the app is not. Returns the release. */
async function openHeld(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(onPath(entryChunk()), async (route) => { await held; await route.continue(); });
  await page.goto(path, { waitUntil: 'commit' });
  await expect(searchButton(page)).toBeVisible();
  return release;
}

/** True while the app bundle has not run (it marks <html> first thing). */
const notBooted = (page: Page) => page.evaluate((a) => !document.documentElement.hasAttribute(a), BOOTED_ATTR);

for (const key of ['Control+k', 'Meta+k', '/']) {
  test(`${key} and a query typed before hydration open search with the query`, async ({ page }) => {
    const release = await openHeld(page, '/api/zkvm');
    await page.keyboard.press(key);
    await page.keyboard.type('receipt');
    expect(await notBooted(page)).toBe(true);
    release();
    await expect(modalInput(page)).toBeFocused();
    await expect(modalInput(page)).toHaveValue('receipt');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    // Typing goes on in the box once the app has it.
    await page.keyboard.type(' journal');
    await expect(modalInput(page)).toHaveValue('receipt journal');
  });
}

test('Ctrl+K alone before hydration opens an empty search', async ({ page }) => {
  const release = await openHeld(page, '/');
  await page.keyboard.press('Control+k');
  expect(await notBooted(page)).toBe(true);
  release();
  await expect(modalInput(page)).toBeFocused();
  await expect(modalInput(page)).toHaveValue('');
});

test('letters typed before hydration without a shortcut open nothing', async ({ page }) => {
  const release = await openHeld(page, '/api/zkvm');
  await page.keyboard.type('receipt');
  release();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  await expect(modal(page)).toHaveCount(0);
});

test('Ctrl+K twice before hydration leaves search closed, as it toggles after', async ({ page }) => {
  const release = await openHeld(page, '/api/zkvm');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('abc');
  await page.keyboard.press('Control+k');
  release();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  await expect(modal(page)).toHaveCount(0);
  // The app has taken over: the shortcut works as usual, with nothing left of before.
  await page.keyboard.press('Control+k');
  await expect(modalInput(page)).toHaveValue('');
});

// After hydration the first search of a visit still waits for the modal's
// code: what is typed meanwhile is kept for its box, not lost.
test('a query typed while the search modal is still loading reaches its box', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(onPath(chunkOf('src/theme/SearchBar/Modal.tsx')), async (route) => { await held; await route.continue(); });
  await gotoReady(page, '/api/zkvm');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('receipz');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('t');
  await expect(modal(page)).toHaveCount(0);
  release();
  await expect(modalInput(page)).toBeFocused();
  await expect(modalInput(page)).toHaveValue('receipt');
  await page.keyboard.type(' journal');
  await expect(modalInput(page)).toHaveValue('receipt journal');
});
