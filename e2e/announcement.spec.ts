import { expect, test } from '@playwright/test';
import { gotoReady, layoutShift, stored } from './helpers';

const bar = '.announcement-bar';
const ID = 'release-1.2';

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
