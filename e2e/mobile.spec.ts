import { expect, test } from '@playwright/test';
import { gotoReady } from './helpers';

test.use({ viewport: { width: 996, height: 800 } });

const toggle = 'button[aria-label="Toggle navigation bar"]';
const drawer = '.navbar-sidebar';

test('at 996 px the navbar collapses into the toggle; at 997 px it does not', async ({ page }) => {
  await gotoReady(page, '/faq');
  await expect(page.locator(toggle)).toBeVisible();
  await expect(page.locator('.navbar-items')).toBeHidden();
  await page.setViewportSize({ width: 997, height: 800 });
  await expect(page.locator(toggle)).toBeHidden();
  await expect(page.locator('.navbar-items')).toBeVisible();
});

test('the toggle opens the drawer; Close and the backdrop close it', async ({ page }) => {
  await gotoReady(page, '/faq');
  await page.locator(toggle).click();
  await expect(page.locator(drawer)).toBeVisible();
  await expect(page.locator(toggle)).toHaveAttribute('aria-expanded', 'true');
  await page.locator(drawer).getByRole('button', { name: 'Close' }).click();
  await expect(page.locator(drawer)).toHaveCount(0);
  await page.locator(toggle).click();
  await expect(page.locator(drawer)).toBeVisible();
  await page.mouse.click(900, 400); // beside the drawer
  await expect(page.locator(drawer)).toHaveCount(0);
  await expect(page).toHaveURL(/\/faq$/);
});

test('on a docs page the drawer opens on the docs sidebar, with "Back to main menu"', async ({ page }) => {
  await gotoReady(page, '/api/zkvm');
  await page.locator(toggle).click();
  const d = page.locator(drawer);
  await expect(d.locator('nav[aria-label="Docs sidebar"] a[aria-current="page"]')).toHaveAttribute('href', '/api/zkvm');
  await d.getByRole('button', { name: '← Back to main menu' }).click();
  await expect(d.locator('nav[aria-label="Docs sidebar"]')).toHaveCount(0);
  await expect(d.getByRole('link', { name: 'Documentation' })).toBeVisible();
  await expect(d.getByRole('link', { name: 'FAQ' })).toBeVisible();
  await expect(d.getByRole('button', { name: 'Versions' })).toBeVisible();
  // Reopened, it starts from the docs sidebar again.
  await d.getByRole('button', { name: 'Close' }).click();
  await page.locator(toggle).click();
  await expect(d.getByRole('button', { name: '← Back to main menu' })).toBeVisible();
});

test('outside the docs the drawer shows the main menu only', async ({ page }) => {
  await gotoReady(page, '/faq');
  await page.locator(toggle).click();
  await expect(page.locator(drawer).getByRole('link', { name: 'Terminology' })).toBeVisible();
  await expect(page.getByRole('button', { name: '← Back to main menu' })).toHaveCount(0);
});

test('the drawer closes when a link in it changes the route', async ({ page }) => {
  await gotoReady(page, '/api/zkvm');
  await page.locator(toggle).click();
  await page.locator(`${drawer} a[href="/api/zkvm/install"]`).click();
  await expect(page).toHaveURL(/\/api\/zkvm\/install$/);
  await expect(page.locator(drawer)).toHaveCount(0);
});

test('the drawer closes when the viewport becomes desktop', async ({ page }) => {
  await gotoReady(page, '/faq');
  await page.locator(toggle).click();
  await expect(page.locator(drawer)).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 800 });
  await expect(page.locator(drawer)).toHaveCount(0);
  await page.setViewportSize({ width: 996, height: 800 });
  await expect(page.locator(drawer)).toHaveCount(0);
});

test('the theme labels read as the spec lists them', async ({ page }) => {
  await gotoReady(page, '/api/zkvm');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Toggle navigation bar', exact: true })).toBeVisible();
  await page.locator(toggle).click();
  const d = page.locator(drawer);
  await expect(d.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expect(d.getByRole('button', { name: '← Back to main menu', exact: true })).toBeVisible();
  await d.getByRole('button', { name: '← Back to main menu' }).click();
  await expect(d.getByRole('button', { name: 'Versions', exact: true })).toBeVisible();
});
