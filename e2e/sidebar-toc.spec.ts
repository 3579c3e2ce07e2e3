import { expect, test, type Page } from '@playwright/test';
import { autoHeightDurationMs } from '../site/src/lib/collapse';
import { gotoReady } from './helpers';

const caret = (page: Page, label: string) => page.locator(`.doc-sidebar button[aria-label$="sidebar category '${label}'"]`);
const items = (page: Page, label: string) => caret(page, label).locator('xpath=../following-sibling::div[contains(@class,"collapsible")]');

test('the docs sidebar cannot be hidden', async ({ page }) => {
  await gotoReady(page, '/api/zkvm');
  await expect(page.locator('.doc-sidebar nav[aria-label="Docs sidebar"]')).toBeVisible();
  await expect(page.getByRole('button', { name: /(hide|collapse) (the )?sidebar$/i })).toHaveCount(0);
  await page.mouse.wheel(0, 3000);
  await expect(page.locator('.doc-sidebar nav')).toBeInViewport();
});

test('opening a category never collapses another, and navigation keeps them open', async ({ page }) => {
  await gotoReady(page, '/api/zkvm');
  await caret(page, 'Generating Proofs').click();
  await caret(page, 'Blockchain Integration').click();
  await expect(caret(page, 'Generating Proofs')).toHaveAttribute('aria-expanded', 'false');
  await caret(page, 'Generating Proofs').click();
  await expect(caret(page, 'Generating Proofs')).toHaveAttribute('aria-expanded', 'true');
  await expect(caret(page, 'Blockchain Integration')).toHaveAttribute('aria-expanded', 'false');
  await caret(page, 'Blockchain Integration').click();
  await expect(caret(page, 'Generating Proofs')).toHaveAttribute('aria-expanded', 'true');
  await expect(items(page, 'Generating Proofs').getByRole('link', { name: 'Dev Mode' })).toBeVisible();
  // A page in another category leaves the others open.
  await page.locator('.doc-sidebar a[href="/api/generating-proofs/dev-mode"]').click();
  await expect(page).toHaveURL(/dev-mode$/);
  for (const label of ['zkVM', 'Tutorials', 'Generating Proofs', 'Blockchain Integration', 'Contracts']) {
    await expect(caret(page, label)).toHaveAttribute('aria-expanded', 'true');
  }
});

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`the collapse animation lasts ${reducedMotion === 'reduce' ? '1 ms with reduced motion' : 'a time derived from the height'}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion });
    await gotoReady(page, '/api/zkvm');
    const block = items(page, 'zkVM');
    const height = await block.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(300);
    const ms = reducedMotion === 'reduce' ? 1 : autoHeightDurationMs(Math.round(height));
    if (reducedMotion !== 'reduce') expect(ms).toBeGreaterThan(300); // tall block, long animation
    await caret(page, 'zkVM').click();
    await expect(block).toHaveCSS('transition-duration', `${ms / 1000}s`);
    await expect(block).toHaveCSS('height', '0px');
    await expect(block.getByRole('link', { name: 'Install' })).toBeHidden();
    await caret(page, 'zkVM').click();
    await expect(block.getByRole('link', { name: 'Install' })).toBeVisible();
    await expect.poll(() => block.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(height, 0);
  });
}

test('the table of contents lists h2 and h3 headings, not h4', async ({ page }) => {
  await gotoReady(page, '/api/zkvm/optimization');
  const toc = page.locator('nav.toc');
  const headings = await page.locator('article .markdown').locator('h2, h3').allTextContents();
  await expect(toc.locator('a')).toHaveText(headings.map((h) => h.trim()));
  await expect(toc.getByRole('link', { name: 'Measure before you optimize' })).toBeVisible();
  await expect(toc.getByRole('link', { name: 'Print cycle counts' })).toBeVisible();
  await expect(page.locator('article h4', { hasText: 'Counts in dev mode' })).toBeVisible();
  await expect(toc.getByRole('link', { name: 'Counts in dev mode' })).toHaveCount(0);
});

// The TOC follows the content in the HTML, and a browser paints what it has parsed so far:
// the content column must already have its final width when the HTML stops before the TOC.
for (const path of ['/api/zkvm', '/faq']) {
  test(`the content column of ${path} does not move when the table of contents arrives`, async ({ page }) => {
    await page.goto(path);
    const column = page.locator('.doc-item-main');
    const whole = await column.evaluate((el) => el.getBoundingClientRect().width);
    await expect(page.locator('nav.toc')).toBeVisible();
    await page.route(path, async (route) => {
      const html = await (await route.fetch()).text();
      const cut = html.indexOf('<nav class="toc"');
      expect(cut).toBeGreaterThan(0);
      await route.fulfill({ contentType: 'text/html', body: html.slice(0, cut) });
    });
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(path);
    await expect(page.locator('nav.toc')).toHaveCount(0);
    expect(await column.evaluate((el) => el.getBoundingClientRect().width)).toBe(whole);
  });
}
