import { expect, test, type Page, type Response } from '@playwright/test';
import { gotoReady } from './helpers';

// Mermaid diagrams are drawn at build time (site/scripts/diagrams.mjs): one
// SVG per colour mode, the stylesheet showing the one of the page's mode.
const RECURSION = '/api/recursion';
const CAPTION = 'The seven stages of the 1.2 pipeline and the receipt kind where ProverOpts stops';
const toggle = (mode: string) => `button[aria-label="Switch between dark and light mode (currently ${mode} mode)"]`;

/** A string of mermaid's own code: present in any build of the library, absent from drawn SVG. */
const MERMAID_CODE = 'mermaidAPI';

/** The shown SVG of the page's first diagram: its id and the fill of its first node. */
const shownDiagram = (page: Page) => page.locator('figure.diagram > svg:visible').evaluateAll((svgs) => svgs.map((svg) => ({
  id: svg.id,
  fill: getComputedStyle(svg.querySelector('.node rect, .node path')!).fill,
  text: getComputedStyle(svg.querySelector('.node text, .nodeLabel')!).fill,
})));

test('the diagram is SVG in the page as served, named by its caption, with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(RECURSION);
  const figure = page.locator('figure.diagram');
  await expect(figure).toHaveCount(1);
  await expect(figure.locator('.diagram-source')).toHaveCount(0); // drawn, not left as source
  // The page is served in the default mode (dark); its drawing is the one shown.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const svg = figure.locator('svg:visible');
  await expect(svg).toHaveCount(1);
  await expect(svg).toHaveId('diagram-1-dark');
  await expect(svg).toHaveAccessibleName(CAPTION);
  await expect(svg).toContainText('4. join');
  await expect(figure.locator('figcaption')).toHaveText(CAPTION);
  await context.close();
});

test('the diagram follows the colour mode, and its ids are unique on the page', async ({ page }) => {
  await gotoReady(page, RECURSION);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const [dark] = await shownDiagram(page);
  expect(dark.id).toBe('diagram-1-dark');
  await page.locator(toggle('dark')).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await shownDiagram(page);
  expect(light).toHaveLength(1);
  expect(light[0].id).toBe('diagram-1-light');
  expect(light[0].fill).not.toBe(dark.fill);
  expect(light[0].text).not.toBe(dark.text);
  const ids = await page.locator('[id]').evaluateAll((els) => els.map((el) => el.id));
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

test('a page reached by a link shows its diagram', async ({ page }) => {
  await gotoReady(page, '/api/zkvm/quickstart');
  await page.evaluate((path) => {
    const a = Object.assign(document.createElement('a'), { href: path, textContent: 'go' });
    document.querySelector('.markdown')!.append(a);
    a.click();
  }, RECURSION);
  await expect(page).toHaveURL(RECURSION);
  await expect(page.locator('figure.diagram > svg:visible')).toHaveAccessibleName(CAPTION);
});

for (const path of ['/api/zkvm/quickstart', RECURSION]) {
  test(`no mermaid code is loaded on ${path}`, async ({ page }) => {
    const scripts: Promise<{ url: string; mermaid: boolean }>[] = [];
    const onResponse = (r: Response) => {
      if (r.request().resourceType() === 'script') scripts.push(r.text().then((body) => ({ url: r.url(), mermaid: body.includes(MERMAID_CODE) })));
    };
    page.on('response', onResponse);
    await gotoReady(page, path);
    await page.waitForLoadState('networkidle');
    // A script that comes later (a page prefetched on idle) is not read:
    // its body would be asked for after the test has ended.
    page.off('response', onResponse);
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((s) => s.mermaid).map((s) => s.url)).toEqual([]);
    expect(await page.evaluate(() => 'mermaid' in window)).toBe(false);
  });
}
