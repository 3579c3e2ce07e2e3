// Breadcrumbs above every docs page: the home icon, the sidebar categories
// that hold the page (links where a category has a page), then the page; a
// nav with a label, and schema.org BreadcrumbList JSON-LD beside it, both in
// the prerendered HTML.
import { expect, test, type Page } from '@playwright/test';
import { gotoReady } from './helpers';
import { pageRoutes } from './routes';

const SITE_URL = 'https://dev.risczero.com';
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' });

/** What the trail shows: each crumb's text and, where it is a link, its href. */
async function trailOf(page: Page) {
  return crumbs(page).locator('li').evaluateAll((lis) => lis.map((li) => {
    const a = li.querySelector('a');
    return { text: li.textContent ?? '', href: a?.getAttribute('href') ?? null, current: !!li.querySelector('[aria-current="page"]'), label: a?.getAttribute('aria-label') ?? null };
  }));
}

async function jsonLd(page: Page) {
  const text = await crumbs(page).locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(text ?? 'null') as { '@type': string; itemListElement: { position: number; name: string; item: string }[] };
}

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js });
    const open = (page: Page, path: string) => (js ? gotoReady(page, path) : page.goto(path).then(() => undefined));

    test('a page two categories deep shows home, its categories and itself; a category with a page is a link', async ({ page }) => {
      await open(page, '/api/zkvm/tutorials/hello-world');
      await expect(crumbs(page)).toBeVisible();
      expect(await trailOf(page)).toEqual([
        { text: '', href: '/', current: false, label: 'Home page' },
        { text: 'zkVM', href: '/api/zkvm', current: false, label: null },
        { text: 'Tutorials', href: null, current: false, label: null },
        { text: 'Hello World', href: null, current: true, label: null },
      ]);
      await expect(crumbs(page).getByRole('link', { name: 'Home page' })).toBeVisible();
      expect(await jsonLd(page)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'zkVM', item: `${SITE_URL}/api/zkvm` },
          { '@type': 'ListItem', position: 2, name: 'Hello World', item: `${SITE_URL}/api/zkvm/tutorials/hello-world` },
        ],
      });
    });

    test('an old version links to its own categories', async ({ page }) => {
      await open(page, '/api/1.0/zkvm/quickstart');
      expect((await trailOf(page)).map((c) => [c.text, c.href])).toEqual([['', '/'], ['zkVM', '/api/1.0/zkvm'], ['Quickstart', null]]);
    });

    test('a page in no sidebar still has home and itself', async ({ page }) => {
      await open(page, '/api/zkvm/tutorials/overview');
      const trail = await trailOf(page);
      expect(trail.map((c) => c.href)).toEqual(['/', null]);
      expect(trail[1].current).toBe(true);
    });
  });
}

test('a category crumb takes the reader to the category page, whose own trail ends there', async ({ page }) => {
  await gotoReady(page, '/api/zkvm/tutorials/hello-world');
  await crumbs(page).getByRole('link', { name: 'zkVM' }).click();
  await expect(page).toHaveURL(/\/api\/zkvm\/?$/);
  await expect(page.locator('h1').first()).toBeVisible();
  expect((await trailOf(page)).map((c) => [c.text, c.current])).toEqual([['', false], ['zkVM', true]]);
  await crumbs(page).getByRole('link', { name: 'Home page' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'RISC Zero Developer Docs' })).toBeVisible();
});

test.describe('every docs route, as prerendered', () => {
  const docs = pageRoutes.filter((r) => r.kind === 'doc');
  const known = new Set(pageRoutes.map((r) => r.path));

  // The HTML a reader without JavaScript gets, read as text: a browser per
  // route would take a minute; the behaviour in the browser is held above.
  test(`has breadcrumbs ending at the page, with links to routes (${docs.length} routes)`, async ({ request }) => {
    const wrong: string[] = [];
    for (const r of docs) {
      const html = await (await request.get(r.path)).text();
      const nav = /<nav class="breadcrumbs" aria-label="Breadcrumbs">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
      const items = [...nav.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]);
      const hrefs = items.map((li) => /<a href="([^"]*)"/.exec(li)?.[1] ?? null);
      const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(nav)?.[1] ?? 'null') as
        { itemListElement: { position: number; item: string }[] } | null;
      const problems = [
        hrefs[0] !== '/' && 'no home link first',
        !items.at(-1)?.includes('aria-current="page"') && 'the last crumb is not the current page',
        items.slice(0, -1).some((li) => li.includes('aria-current')) && 'a crumb before the last is marked current',
        hrefs.some((h) => h && h !== '/' && !known.has(h)) && 'a crumb links to no route',
        ld?.itemListElement.at(-1)?.item !== SITE_URL + r.path && 'the JSON-LD does not end at the page',
        ld?.itemListElement.some((it, i) => it.position !== i + 1 || !known.has(it.item.slice(SITE_URL.length))) && 'a JSON-LD item is misnumbered or names no route',
      ].filter(Boolean);
      if (problems.length) wrong.push(`${r.path}: ${problems.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});
