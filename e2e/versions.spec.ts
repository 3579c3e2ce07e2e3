import { expect, test, type Page } from '@playwright/test';
import { gotoReady, stored } from './helpers';

// The navbar's docs link, named the same at every width.
const DOCS = { name: 'Documentation', exact: true };

const KEY = 'docs-preferred-version-default';

async function pickVersion(page: Page, label: string) {
  const dropdown = page.locator('.navbar-items .navbar-versions');
  await dropdown.hover();
  await dropdown.getByRole('link', { name: label, exact: true }).click();
}

const samePage: [string, string, string][] = [
  ['/api/zkvm/quickstart', '1.0', '/api/1.0/zkvm/quickstart'],
  ['/api/1.0/zkvm/quickstart', '1.2', '/api/zkvm/quickstart'],
  ['/api/zkvm/guest-code-101', '0.20', '/api/0.20/zkvm/guest-code-101'],
  // Pages match by doc id: recursion is new in 1.0, and 0.19 kept guest-code-101
  // under another id (developer-guide/), so both land on the version's root.
  ['/api/recursion', '0.21', '/api/0.21'],
  ['/api/zkvm/guest-code-101', '0.19', '/api/0.19'],
];

for (const [from, label, to] of samePage) {
  test(`the ${label} entry on ${from} leads to ${to}`, async ({ page }) => {
    await gotoReady(page, from);
    await pickVersion(page, label);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/\./g, '\\.')}$`));
    await expect(page.locator('.navbar-items .navbar-versions > button')).toHaveText(label);
  });
}

test('the picked version is stored and used by "Documentation" outside the docs', async ({ page }) => {
  await gotoReady(page, '/api/zkvm/quickstart');
  await expect(page.locator('.navbar-items').getByRole('link', DOCS)).toHaveAttribute('href', '/api');
  await pickVersion(page, '1.0');
  await expect(page).toHaveURL(/\/api\/1\.0\/zkvm\/quickstart$/);
  expect(await stored(page, KEY)).toBe('1.0');
  await gotoReady(page, '/faq');
  const docs = page.locator('.navbar-items').getByRole('link', DOCS);
  await expect(docs).toHaveAttribute('href', '/api/1.0');
  await expect(page.locator('.navbar-items .navbar-versions > button')).toHaveText('1.0');
  await docs.click();
  await expect(page).toHaveURL(/\/api\/1\.0$/);
});

test('a stored version that no longer exists is deleted', async ({ page }) => {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem(key, '0.17'); }
  }, KEY);
  await gotoReady(page, '/faq');
  await expect.poll(() => stored(page, KEY)).toBeNull();
  await expect(page.locator('.navbar-items').getByRole('link', DOCS)).toHaveAttribute('href', '/api');
  await expect(page.locator('.navbar-items .navbar-versions > button')).toHaveText('1.2');
});
