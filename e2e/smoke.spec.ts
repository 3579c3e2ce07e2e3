import { expect, test, type ConsoleMessage } from '@playwright/test';
import { expectedHeading, pageRoutes, routes } from './routes';


test('routes.json lists all 236 routes of the site', () => {
  expect(pageRoutes.length).toBe(236);
});

test.describe('every route with JavaScript on', () => {
  for (const r of pageRoutes) {
    test(`${r.path} renders "${r.title}" and hydrates cleanly`, async ({ page }) => {
      const problems: string[] = [];
      const record = (m: ConsoleMessage) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      };
      page.on('console', record);
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      const res = await page.goto(r.path);
      expect(res?.status()).toBe(200);
      await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
      await expect(page.locator('h1').first()).toHaveText(expectedHeading(r));
      expect(problems).toEqual([]);
    });
  }
});

test.describe('every route with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const r of pageRoutes) {
    test(`${r.path} shows "${r.title}" without JavaScript`, async ({ page }) => {
      await page.goto(r.path);
      await expect(page.locator('h1').first()).toHaveText(expectedHeading(r));
      await expect(page.locator('footer')).toContainText('Copyright © 2025');
    });
  }
});

test('an unknown path gets the not-found page with status 404', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page Not Found');
});

for (const r of routes.filter((x) => x.kind === 'redirect')) {
  test(`${r.path} redirects to ${r.to}`, async ({ page }) => {
    await page.goto(r.path);
    await expect(page).toHaveURL(new RegExp(`${r.to}$`));
    await expect(page.locator('h1').first()).toBeVisible();
  });
}

test('/faq/index.html and /faq.html normalise to /faq', async ({ page }) => {
  for (const p of ['/faq/index.html', '/faq.html']) {
    await page.goto(p);
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator('h1').first()).toHaveText(pageRoutes.find((r) => r.path === '/faq')!.title);
  }
});

test('clicking a sidebar link switches pages without a full reload', async ({ page }) => {
  await page.goto('/api/zkvm');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const link = page.locator('.sidebar a[href="/api/zkvm/install"]');
  await link.click();
  await expect(page).toHaveURL(/\/api\/zkvm\/install$/);
  await expect(page.locator('h1').first()).toHaveText(pageRoutes.find((r) => r.path === '/api/zkvm/install')!.title);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});
