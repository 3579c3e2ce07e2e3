import { expect, test, type ConsoleMessage } from '@playwright/test';
import { expectedHeading, pageRoutes, routes, type Route } from './routes';


test('routes.json lists all 236 routes of the site', () => {
  expect(pageRoutes.length).toBe(236);
});

// The routes go twelve to a test, one page for all twelve: a test's own
// browser context costs more than the page it opens (472 tests of one route
// took 4.4 minutes, most of it starting and closing contexts). Each route
// is still judged alone, by soft assertions that name it, so a failing test
// lists every route of its twelve that failed.
const batches: Route[][] = [];
for (let i = 0; i < pageRoutes.length; i += 12) batches.push(pageRoutes.slice(i, i + 12));
const named = (batch: Route[]) => `${batch.length} routes, ${batch[0].path} to ${batch[batch.length - 1].path}`;

test('the batches cover every route once', () => {
  expect(batches.flat().map((r) => r.path)).toEqual(pageRoutes.map((r) => r.path));
});

test.describe('every route with JavaScript on', () => {
  for (const batch of batches) {
    test(`${named(batch)}: each renders its title and hydrates cleanly`, async ({ page }) => {
      const problems: string[] = [];
      const record = (m: ConsoleMessage) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      };
      page.on('console', record);
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      for (const r of batch) {
        problems.length = 0;
        const res = await page.goto(r.path);
        expect.soft(res?.status(), r.path).toBe(200);
        await expect.soft(page.locator('html[data-app-ready]'), r.path).toHaveCount(1);
        await expect.soft(page.locator('h1').first(), r.path).toHaveText(expectedHeading(r));
        expect.soft(problems, r.path).toEqual([]);
      }
    });
  }
});

test.describe('every route with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const batch of batches) {
    test(`${named(batch)}: each shows its title without JavaScript`, async ({ page }) => {
      for (const r of batch) {
        await page.goto(r.path);
        await expect.soft(page.locator('h1').first(), r.path).toHaveText(expectedHeading(r));
        await expect.soft(page.locator('footer'), r.path).toContainText('Copyright © 2025');
      }
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
