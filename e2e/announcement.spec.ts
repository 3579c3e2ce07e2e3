import { expect, test, type Page } from '@playwright/test';
import { gotoReady, stored } from './helpers';

const bar = '.announcement-bar';
const ID = 'release-1.2';

/** The layout shifts of the page load so far: their total score and what moved (Cumulative Layout Shift without the windowing). */
async function layoutShift(page: Page): Promise<{ score: number; moved: string[] }> {
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

test('the 1.2 release bar shows its content and colours above the navbar', async ({ page }) => {
  await gotoReady(page, '/');
  const b = page.locator(bar);
  await expect(b).toContainText('RISC Zero zkVM 1.2 is out.');
  await expect(b.getByRole('link', { name: 'Install or upgrade' })).toHaveAttribute('href', '/api/zkvm/install');
  await expect(b).toHaveCSS('background-color', 'rgb(245, 209, 66)');
  await expect(b).toHaveCSS('color', 'rgb(16, 20, 24)');
  const [barBox, navBox] = [await b.boundingBox(), await page.locator('nav.navbar').boundingBox()];
  expect(barBox!.y).toBeLessThan(navBox!.y);
  expect(await stored(page, 'docs-announcement-id')).toBe(ID);
});

test('closing it is remembered across pages and reloads', async ({ page }) => {
  await gotoReady(page, '/');
  await page.locator(bar).getByRole('button', { name: 'Close' }).click();
  await expect(page.locator(bar)).toHaveCount(0);
  expect(await stored(page, 'docs-announcement-dismiss')).toBe('true');
  await gotoReady(page, '/api/zkvm');
  await expect(page.locator(bar)).toHaveCount(0);
  await page.reload();
  await page.locator('h1').first().waitFor();
  await expect(page.locator(bar)).toBeHidden();
});

test('a bar with a new id shows again to a reader who closed the old one', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('docs-announcement-id', 'release-1.1');
    localStorage.setItem('docs-announcement-dismiss', 'true');
  });
  await gotoReady(page, '/');
  await expect(page.locator(bar)).toBeVisible();
  expect(await stored(page, 'docs-announcement-id')).toBe(ID);
  expect(await stored(page, 'docs-announcement-dismiss')).toBeNull();
});

for (const dismissed of [false, true]) {
  test(`loading a page moves nothing when the bar is ${dismissed ? 'closed' : 'open'}`, async ({ page }) => {
    if (dismissed) {
      await page.addInitScript((id) => {
        localStorage.setItem('docs-announcement-id', id);
        localStorage.setItem('docs-announcement-dismiss', 'true');
      }, ID);
    }
    await gotoReady(page, '/api/zkvm');
    await expect(page.locator(bar)).toHaveCount(dismissed ? 0 : 1);
    expect(await layoutShift(page)).toEqual({ score: 0, moved: [] });
  });
}
