// Code blocks: a copy button on every block, highlighted
// lines and titles from the fence's metadata, all in the prerendered HTML;
// nothing moves when the app starts; long lines scroll inside the block.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { entryChunk, gotoReady, onPath } from './helpers';

const PAGE = '/api/zkvm/quickstart';
const SOURCE = new URL('../content/api/1.2/zkvm/quickstart.md', import.meta.url);
const copyName = 'Copy code to clipboard';

/** The fenced blocks of a markdown file: info string and code, as the author wrote them. */
function fences(file: URL): { info: string; code: string }[] {
  const blocks: { info: string; code: string }[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^```(.*)$/);
    if (!open) continue;
    const start = i + 1;
    do i++; while (lines[i] !== '```');
    blocks.push({ info: open[1], code: lines.slice(start, i).join('\n') });
  }
  return blocks;
}

/** Where every code block, its code and its copy button are, in page coordinates. */
function boxes(page: Page) {
  return page.locator('.code-block').evaluateAll((blocks) => blocks.map((b) => {
    const at = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round).join(',');
    };
    return { block: at(b), code: at(b.querySelector('pre')), button: at(b.querySelector('.copy-button')) };
  }));
}

test('every code block of the built site has a copy button', () => {
  const dist = new URL('../site/dist/', import.meta.url).pathname;
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  let blocks = 0;
  const missing: string[] = [];
  for (const f of files) {
    const html = readFileSync(join(dist, f), 'utf8');
    const n = html.split('<div class="code-block">').length - 1;
    const buttons = html.split(`<button type="button" class="copy-button" aria-label="${copyName}"`).length - 1;
    blocks += n;
    if (buttons !== n) missing.push(`${f}: ${n} blocks, ${buttons} copy buttons`);
  }
  expect(missing).toEqual([]);
  expect(blocks).toBeGreaterThan(400);
});

test('each copy button copies its block exactly as written, without UI text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoReady(page, PAGE);
  const written = fences(SOURCE);
  const blocks = page.locator('.code-block');
  await expect(blocks).toHaveCount(written.length);
  for (let i = 0; i < written.length; i++) {
    const button = blocks.nth(i).getByRole('button', { name: copyName });
    await expect(button).toBeVisible();
    await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
    await button.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { message: `block ${i + 1} (${written[i].info})` })
      .toBe(written[i].code);
    await expect(button).toHaveAttribute('data-copied', '');
  }
  await expect(page.locator('.announcer')).toHaveText('Copied');
  // The check mark goes back to the copy icon after a moment.
  await expect(blocks.last().getByRole('button', { name: copyName })).not.toHaveAttribute('data-copied', '', { timeout: 15_000 });
});

test('copying works on a page reached by client-side navigation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoReady(page, '/api/zkvm');
  await page.locator(`.doc-sidebar a[href="${PAGE}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await page.locator('.code-block').first().getByRole('button', { name: copyName }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(fences(SOURCE)[0].code);
});

test('highlighted lines and titles are in the page as served, and look highlighted', async ({ browser }) => {
  // No JavaScript: what shows is the prerendered HTML alone.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PAGE);
  const host = page.locator('.code-block').filter({ has: page.locator('.code-block-title', { hasText: /^host\/src\/main\.rs$/ }) });
  await expect(host).toHaveCount(1);
  await expect(host.locator('.code-block-title')).toBeVisible();
  // {11,13,15-16}
  await expect(host.locator('.line-highlighted')).toHaveText([
    /let env = ExecutorEnv::builder\(\)/, /let receipt = default_prover\(\)/, /let output: u32 = receipt\.journal\.decode\(\)/, /receipt\.verify\(HELLO_GUEST_ID\)/,
  ]);
  const line = (n: number) => host.locator('.line').nth(n - 1).evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, border: s.borderLeftWidth, top: el.getBoundingClientRect().top };
  });
  const [plain, marked, next] = [await line(10), await line(11), await line(12)];
  expect(marked.background).not.toBe(plain.background);
  expect(marked.border).toBe('3px');
  expect(plain.border).toBe('0px');
  // One line each: highlighting adds no blank lines.
  expect(next.top - marked.top).toBeCloseTo(marked.top - plain.top, 0);
  // Without JavaScript nothing could copy, so no button shows.
  await expect(host.getByRole('button', { name: copyName })).toBeHidden();
  await context.close();
});

test('nothing moves when the app starts, and the copy buttons appear in their places', async ({ page }) => {
  // Hold the app bundle: what shows now is the prerendered page.
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(onPath(entryChunk()), async (route) => { await held; await route.continue(); });
  await page.goto(PAGE, { waitUntil: 'commit' });
  await page.locator('.code-block').last().waitFor();
  const before = await boxes(page);
  expect(before.length).toBeGreaterThan(5);
  await expect(page.locator('.copy-button').first()).toBeHidden();
  release();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.locator('.copy-button').first()).toBeVisible();
  expect(await boxes(page)).toEqual(before);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('long lines scroll inside the block, clear of the copy button; the page never scrolls sideways', async ({ page }) => {
    await gotoReady(page, PAGE);
    const block = page.locator('.code-block').filter({ has: page.locator('.code-block-title', { hasText: /^host\/src\/main\.rs$/ }) });
    const pre = block.locator('pre');
    const sizes = await pre.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // The keyboard scrolls it: the code is a Tab stop.
    await pre.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => pre.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await pre.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
    // Scrolled to the end, the longest line ends left of the copy button.
    const ends = await block.evaluate((b) => {
      const lines = b.querySelectorAll('pre .line');
      let right = 0;
      for (const line of lines) {
        const range = document.createRange();
        range.selectNodeContents(line);
        for (const r of range.getClientRects()) right = Math.max(right, r.right);
      }
      return { text: right, button: b.querySelector('.copy-button')!.getBoundingClientRect().left };
    });
    expect(ends.text).toBeLessThanOrEqual(ends.button);
    expect(await page.evaluate(() => ({ x: scrollX, wide: document.documentElement.scrollWidth > document.documentElement.clientWidth })))
      .toEqual({ x: 0, wide: false });
  });

  for (const path of ['/', PAGE, '/api/zkvm/precompiles', '/api/blockchain-integration/contracts/verifier', '/reference-docs/about-finite-fields',
    '/education', '/litepaper', '/faq', '/terminology', '/search?q=receipt', '/no-such-page']) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await gotoReady(page, path);
      await expect(page.locator('main h1').first()).toBeVisible();
      const overflow = await page.evaluate(() => {
        const root = document.documentElement;
        // The widest elements sticking out past the right edge, to name the culprit.
        const out = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > root.clientWidth + 1
          && !e.closest('pre, .table-scroll, .math-display, .katex-display, [aria-hidden="true"], .navbar-dropdown-menu'))
          .slice(0, 3).map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, out };
      });
      expect(overflow.scrollWidth, `sticking out: ${overflow.out.join(', ')}`).toBeLessThanOrEqual(overflow.clientWidth);
    });
  }
});
