// The hosted backend: with an application id, key and index name
// configured, the same modal and /search page query the provider. The
// provider is faked here at the network layer, so every request is asserted.
import { expect, test, type Page, type Request } from '@playwright/test';
import { pageTimersPast } from './helpers';
import { SEARCH_CHUNK, modal, recordScripts, search, visit } from './search';

const APP = 'TESTAPP';
const KEY = 'public-search-key';
const INDEX = 'devdocs-test';
// The provider's hosts: the DSN host first, then three fallbacks.
const PROVIDER = /^https:\/\/testapp(-dsn\.algolia\.net|-[123]\.algolianet\.com)\//;

const attributesToRetrieve = ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'];
const snippets = (n: number) => ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content'].map((a) => `${a}:${n}`);

/** A hit as the provider answers it: absolute URLs of the live site, highlight and snippet results. */
function hit(i: number, lvl1: string, content: string, anchor: string) {
  const h = { lvl0: 'zkVM', lvl1, lvl2: 'Receipts in practice', lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const hl = (v: string | null) => ({ value: v ?? '', matchLevel: 'full', matchedWords: ['receipt'] });
  return {
    objectID: `hosted-${i}`, hierarchy: h, content, type: 'content', url: `https://dev.risczero.com/api/zkvm/receipts#${anchor}`,
    _highlightResult: { hierarchy: Object.fromEntries(Object.entries(h).map(([k, v]) => [k, hl(v)])), content: hl(content) },
    _snippetResult: { hierarchy: { lvl1: hl(lvl1), lvl2: hl(h.lvl2) }, content: hl(content) },
  };
}

const answer = {
  results: [{
    hits: [hit(1, 'Receipts', 'A <mark>receipt</mark> from the hosted index.', 'one'), hit(2, 'Receipts', 'Another <mark>receipt</mark>.', 'two')],
    nbHits: 42, page: 0, nbPages: 3, hitsPerPage: 20, processingTimeMS: 1, query: 'receipt', params: '',
    queryID: '0123456789abcdef0123456789abcdef', index: INDEX, exhaustiveNbHits: true,
  }],
};

/** Points the site at the fake provider and records what reaches it. */
async function hosted(page: Page, reply: 'answer' | 'unreachable') {
  await page.addInitScript(([appId, apiKey, indexName]) => {
    window.__DOCS_SEARCH__ = { algolia: { appId, apiKey, indexName } };
  }, [APP, KEY, INDEX]);
  const requests: Request[] = [];
  await page.route(PROVIDER, (route) => {
    requests.push(route.request());
    if (reply === 'unreachable') return route.abort('addressunreachable');
    const { page: p = 0 } = route.request().postDataJSON().requests[0];
    return route.fulfill({ status: 200, contentType: 'application/json', json: { results: [{ ...answer.results[0], page: p }] } });
  });
  return requests;
}

function expectProviderCall(r: Request) {
  const url = new URL(r.url());
  expect(r.method()).toBe('POST');
  expect(url.pathname).toBe('/1/indexes/*/queries');
  expect(url.searchParams.get('x-algolia-application-id')).toBe(APP);
  expect(url.searchParams.get('x-algolia-api-key')).toBe(KEY);
  return r.postDataJSON() as { requests: Array<Record<string, unknown>> };
}

for (const [width, words] of [[1280, 10], [768, 5]] as const) {
  test(`the modal sends the spec's request at ${width} px and renders its hits and nbHits`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const requests = await hosted(page, 'answer');
    const scripts = recordScripts(page);
    await visit(page, '/api/zkvm');
    await search(page, 'receipt');
    await expect(page.locator('.DocSearch-Hit')).toHaveCount(2);
    expect(requests).toHaveLength(1);
    expect(expectProviderCall(requests[0])).toEqual({
      requests: [{
        query: 'receipt', indexName: INDEX, attributesToRetrieve, attributesToSnippet: snippets(words),
        snippetEllipsisText: '…', highlightPreTag: '<mark>', highlightPostTag: '</mark>', hitsPerPage: 20,
        clickAnalytics: false, facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-api-1.2']],
      }],
    });
    await expect(page.locator('.DocSearch-Hit').first().locator('mark')).toHaveText('receipt');
    await expect(page.getByRole('link', { name: 'See all 42 results' })).toBeVisible();
    // The live site's absolute URLs stay in this site.
    await expect(page.locator('.DocSearch-Hit a').first()).toHaveAttribute('href', '/api/zkvm/receipts#one');
    await expect(page.locator('.DocSearch-Logo')).toBeVisible();
    expect(scripts.filter((s) => SEARCH_CHUNK.test(s))).toEqual([]);
  });
}

test('on a 1.0 page the request filters on the 1.0 tag', async ({ page }) => {
  const requests = await hosted(page, 'answer');
  await visit(page, '/api/1.0/zkvm');
  await search(page, 'receipt');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(expectProviderCall(requests[0]).requests[0].facetFilters)
    .toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-api-1.0']]);
});

test('every host unreachable: the modal tries each, then shows "Unable to fetch results"', async ({ page }) => {
  const requests = await hosted(page, 'unreachable');
  await visit(page, '/api/zkvm');
  await search(page, 'receipt');
  const screen = page.locator('.DocSearch-ErrorScreen');
  await expect(screen).toContainText('Unable to fetch results');
  await expect(screen).toContainText('You might want to check your network connection.');
  // The DSN host first, then the fallbacks in the client's shuffled order.
  const hosts = requests.map((r) => new URL(r.url()).host);
  expect(hosts[0]).toBe('testapp-dsn.algolia.net');
  expect(hosts.slice(1).sort()).toEqual(['testapp-1.algolianet.com', 'testapp-2.algolianet.com', 'testapp-3.algolianet.com']);
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
});

test('/search asks the provider for 20 hits a page, each page once, and shows them', async ({ page }) => {
  const requests = await hosted(page, 'answer');
  await visit(page, '/search?q=receipt');
  await expect(page.locator('.search-status')).toHaveText('42 results');
  await expect(page.locator('.search-group h2').first()).toHaveText('Receipts');
  // Two hits a page here: scrolling to the end of the list loads the next pages, up to nbPages.
  await expect.poll(async () => {
    await page.mouse.wheel(0, 4000);
    return requests.length;
  }).toBe(3);
  const bodies = requests.map((r) => expectProviderCall(r).requests[0]);
  for (const [i, body] of bodies.entries()) {
    expect(body).toMatchObject({ query: 'receipt', indexName: INDEX, hitsPerPage: 20, page: i });
  }
  await expect(page.locator('.search-group li')).toHaveCount(6);
  // Scrolled to the end again, and past it on the page's clock: a fourth page would have been asked for by now.
  await page.mouse.wheel(0, 4000);
  await pageTimersPast(page, 300);
  expect(requests).toHaveLength(3);
});

test('/search with every host unreachable says so', async ({ page }) => {
  await hosted(page, 'unreachable');
  await visit(page, '/search?q=receipt');
  await expect(page.getByRole('alert')).toContainText('Unable to fetch results');
});
