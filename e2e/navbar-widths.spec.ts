// The navbar from 997 px (where the mobile drawer ends) up: one row, every
// control whole and on screen, the page never wider than the window; as the
// width runs out it gives way in order (the brand to "RISC Zero", the search
// button to its icon, then Blog, GitHub and Community into "More"), and never
// by its labels: "Documentation" and "Education Hub" are seen, and named,
// the same at every width. The item of the reader's section is marked, for
// the eye and for a screen reader. A screenshot of the navbar at each width
// is attached to the report.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoReady } from './helpers';

const widths = [997, 1024, 1100, 1280, 1440, 1920];
const modes = ['light', 'dark'] as const;
const pages: { kind: string; path: string; version: string; current: Record<string, string> }[] = [
  { kind: 'home page', path: '/', version: '1.2', current: { 'RISC Zero Developer Docs': 'page' } },
  { kind: 'docs page', path: '/api/zkvm/quickstart', version: '1.2', current: { Documentation: 'true' } },
  { kind: 'old version', path: '/api/0.19/zkvm/quickstart', version: '0.19', current: { Documentation: 'true' } },
];

/** What a reader sees in the navbar at a width, per the order of giving way. */
function expected(width: number, version: string) {
  const more = width < 1120;
  return {
    brand: width >= 1380 ? 'RISC Zero Developer Docs' : 'RISC Zero',
    items: ['Documentation', 'Terminology', 'FAQ', 'Education Hub', version, ...(more ? ['More'] : ['Blog', 'GitHub', 'Community'])],
    // What a screen reader or speech input has for each control: the same at every width for what is there at every width.
    names: ['RISC Zero Developer Docs', 'Documentation', 'Terminology', 'FAQ', 'Education Hub', version,
      ...(more ? ['More'] : ['Blog', 'GitHub repository', 'Community'])],
    searchText: width >= 1260,
  };
}

/** Every control of the navbar a reader can see: its text (what is in sight of it), box, and whether it is whole on screen. */
function controls(page: Page) {
  return page.locator('.navbar').evaluate((nav) => {
    // innerText, less what is clipped out of sight (a name's unseen part).
    const seen = (n: Node): string => n.nodeType === Node.TEXT_NODE ? n.textContent ?? ''
      : n instanceof HTMLElement && n.getClientRects().length > 0 && getComputedStyle(n).clipPath !== 'inset(50%)' ? [...n.childNodes].map(seen).join('') : '';
    return [...nav.querySelectorAll<HTMLElement>('.navbar-brand, .navbar-items > *, .navbar-end > *')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { text: seen(e.querySelector<HTMLElement>(':scope > button') ?? e).trim().replace(/\s+/g, ' '), left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
      });
  });
}

/** The brand and the navbar's items as a reader reaches them (links, and the buttons of menus), in order. */
function navbarTargets(page: Page) {
  return page.locator('.navbar > .navbar-brand, .navbar-items > a, .navbar-items > .navbar-dropdown > button').filter({ visible: true });
}

/**
 * Each target's accessible name, and its aria-current with whether it is
 * marked for the eye (a bar beneath): the marks are what `current` names, by
 * accessible name, and nothing else. The brand is marked for a screen reader
 * only: the logo is where "home" is, for the eye.
 */
async function expectTargets(page: Page, names: string[], current: Record<string, string>) {
  const targets = navbarTargets(page);
  await expect(targets).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(targets.nth(i)).toHaveAccessibleName(name);
  const marks = await targets.evaluateAll((els) => els.map((e) => ({ current: e.getAttribute('aria-current'), bar: /inset/.test(getComputedStyle(e).boxShadow) })));
  expect(marks).toEqual(names.map((n, i) => ({ current: current[n] ?? null, bar: i > 0 && !!current[n] })));
}

for (const mode of modes) {
  for (const { kind, path, version, current } of pages) {
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
          await expectTargets(page, want.names, current);
          expect(all[0].text).toBe(want.brand);
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

// The item of the reader's section is marked on every page of it: on the
// item's own page it is the current page (aria-current="page"); elsewhere in
// the section it is the current item of the navbar (aria-current="true",
// "current" to a screen reader), as clicking it leads elsewhere. The docs of
// every version are Documentation's section; the pages of the Education Hub's
// sidebar (one without a sidebar place too) are its section.
const wide = ['RISC Zero Developer Docs', 'Documentation', 'Terminology', 'FAQ', 'Education Hub', '1.2', 'Blog', 'GitHub repository', 'Community'];
const marks: { path: string; version?: string; current: Record<string, string> }[] = [
  { path: '/api', current: { Documentation: 'page' } },
  { path: '/api/zkvm/quickstart', current: { Documentation: 'true' } },
  { path: '/api/0.19', version: '0.19', current: { Documentation: 'page' } },
  { path: '/api/next/generating-proofs/dev-mode', version: 'Next', current: { Documentation: 'true' } },
  { path: '/education', current: { 'Education Hub': 'page' } },
  { path: '/proof-system/stark-by-hand', current: { 'Education Hub': 'true' } },
  { path: '/reference-docs/about-finite-fields-exercises', current: { 'Education Hub': 'true' } },
  { path: '/terminology', current: { Terminology: 'page' } },
  { path: '/faq', current: { FAQ: 'page' } },
  { path: '/litepaper', current: {} },
  { path: '/contributors-guide', current: {} },
];
const namesAt = (version = '1.2') => wide.map((n) => (n === '1.2' ? version : n));

for (const { path, version, current } of marks) {
  test(`on ${path} the navbar marks ${Object.entries(current).map(([k, v]) => `${k} (${v})`).join(', ') || 'no item'}, before and after the app runs`, async ({ page, browser }) => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await gotoReady(page, path);
    await expectTargets(page, namesAt(version), current);
    // The prerendered page has the same marks: nothing changes when the app takes over.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 800 } });
    const bare = await context.newPage();
    await bare.goto(path);
    await expectTargets(bare, namesAt(version), current);
    await context.close();
  });
}

test('the Community menu marks the Contributor\'s Guide on its page, the version menu the version shown', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  await gotoReady(page, '/contributors-guide');
  // In the Community menu and in "More" (one of the two is shown, by width).
  const guide = page.locator('.navbar-items').getByRole('link', { name: "Contributor's Guide", includeHidden: true });
  await expect(guide).toHaveCount(2);
  for (const g of await guide.all()) await expect(g).toHaveAttribute('aria-current', 'page');
  await gotoReady(page, '/api/zkvm/quickstart');
  const versions = page.locator('.navbar-items .navbar-versions');
  await expect(versions.getByRole('link', { name: '1.2', exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page');
  await expect(versions.locator('a[aria-current]')).toHaveCount(1);
});

test('the mark follows the reader from section to section, and into the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  await gotoReady(page, '/api/zkvm/quickstart');
  await page.locator('.navbar-items').getByRole('link', { name: 'Education Hub' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await expectTargets(page, wide, { 'Education Hub': 'page' });
  await page.locator('.doc-sidebar a[href="/proof-system"]').click();
  await expect(page).toHaveURL(/\/proof-system$/);
  await expectTargets(page, wide, { 'Education Hub': 'true' });
  await page.locator('.navbar-items').getByRole('link', { name: 'Terminology' }).click();
  await expect(page).toHaveURL(/\/terminology$/);
  await expectTargets(page, wide, { Terminology: 'page' });
  // The drawer has the same items, marked the same.
  await page.setViewportSize({ width: 800, height: 800 });
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer.getByRole('link', { name: 'Terminology' })).toHaveAttribute('aria-current', 'page');
  await expect(drawer.getByRole('link', { name: 'Documentation' })).not.toHaveAttribute('aria-current');
});
