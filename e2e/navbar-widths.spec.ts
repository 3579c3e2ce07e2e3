// The navbar from 997 px (where the mobile drawer ends) up: one row, every
// control whole and on screen, the page never wider than the window; as the
// width runs out it gives way in order (shorter labels, the search button to
// its icon, then Blog, GitHub and Community into "More"). A screenshot of the
// navbar at each width is attached to the report.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoReady } from './helpers';

const widths = [997, 1024, 1100, 1280, 1440, 1920];
const modes = ['light', 'dark'] as const;
const pages = [
  { kind: 'home page', path: '/', version: '1.2' },
  { kind: 'docs page', path: '/api/zkvm/quickstart', version: '1.2' },
  { kind: 'old version', path: '/api/0.19/zkvm/quickstart', version: '0.19' },
];

/** What a reader sees in the navbar at a width, per the order of giving way. */
function expected(width: number, version: string) {
  const long = width >= 1380;
  const more = width < 1120;
  return {
    items: [long ? 'Documentation' : 'Docs', 'Terminology', 'FAQ', long ? 'Education Hub' : 'Education', version,
      ...(more ? ['More'] : ['Blog', 'GitHub', 'Community'])],
    searchText: width >= 1260,
  };
}

/** Every control of the navbar a reader can see: its text, box, and whether it is whole on screen. */
function controls(page: Page) {
  return page.locator('.navbar').evaluate((nav) => [...nav.querySelectorAll<HTMLElement>('.navbar-brand, .navbar-items > *, .navbar-end > *')]
    .filter((e) => e.getClientRects().length > 0)
    .map((e) => {
      const r = e.getBoundingClientRect();
      return { text: (e.querySelector<HTMLElement>(':scope > button') ?? e).innerText.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
    }));
}

for (const mode of modes) {
  for (const { kind, path, version } of pages) {
    test.describe(`${kind} in ${mode} mode`, () => {
      for (const width of widths) {
        test(`${width} px: one row, nothing cut off, no sideways scroll`, async ({ page }, testInfo) => {
          await page.setViewportSize({ width, height: 800 });
          await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
          await gotoReady(page, path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
          const navbar = page.locator('.navbar');
          const box = (await navbar.boundingBox())!;
          await testInfo.attach(`navbar at ${width} px, ${mode}, ${path}`, {
            body: await page.screenshot({ clip: { x: 0, y: 0, width, height: box.y + box.height + 8 } }), contentType: 'image/png',
          });

          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
          const all = await controls(page);
          const want = expected(width, version);
          expect(all.slice(1, -2).map((c) => c.text)).toEqual(want.items);
          for (const c of all) {
            expect(c.left, `${c.text} starts on screen`).toBeGreaterThanOrEqual(0);
            expect(c.right, `${c.text} ends on screen`).toBeLessThanOrEqual(width);
            expect(c.height, `${c.text} is one line`).toBeLessThan(44);
            expect(c.top, `${c.text} is inside the navbar`).toBeGreaterThanOrEqual(box.y);
            expect(c.bottom, `${c.text} is inside the navbar`).toBeLessThanOrEqual(box.y + box.height);
          }
          for (let i = 1; i < all.length; i++) expect(all[i].left, `${all[i].text} does not overlap ${all[i - 1].text}`).toBeGreaterThanOrEqual(all[i - 1].right);
          expect(box.height).toBe(60);

          const search = page.getByRole('button', { name: 'Search', exact: true });
          await expect(search).toBeInViewport({ ratio: 1 });
          // The word "Search" and the shortcut keys, or the icon alone (the word stays its name, out of sight).
          const searchWidth = (await search.boundingBox())!.width;
          if (want.searchText) expect(searchWidth).toBeGreaterThan(120);
          else expect(searchWidth).toBeLessThan(60);
          await expect(page.locator('.color-mode-toggle')).toBeInViewport({ ratio: 1 });
        });
      }
    });
  }
}

test('at 1024 px "More" holds Blog, GitHub and the community links, whole on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await gotoReady(page, '/api/zkvm/quickstart');
  const more = page.locator('.navbar-items .navbar-more');
  await more.getByRole('button', { name: 'More' }).click();
  const menu = more.getByRole('list');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText(['Blog', 'GitHub', 'Discord', 'X (Twitter)', 'YouTube', 'Stack Exchange', "Contributor's Guide"]);
  await expect(menu).toBeInViewport({ ratio: 1 });
  const { violations } = await new AxeBuilder({ page }).include('.navbar').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await menu.getByRole('link', { name: "Contributor's Guide" }).click();
  await expect(page).toHaveURL(/\/contributors-guide$/);
});
