// The search modal on the offline index: shortcuts, results, recent searches, errors.
import { expect, test } from '@playwright/test';
import {
  FAVORITE_KEY, MODAL_CHUNK, RECENT_KEY, SEARCH_CHUNK, hitUrls, modal, modalInput, recordScripts, search, searchButton, visit,
} from './search';
import { onPath, pageChunk } from './helpers';

test('the button is labelled "Search" and the modal\'s box says "Search docs"', async ({ page }) => {
  await visit(page, '/');
  await expect(searchButton(page)).toHaveText(/^Search/);
  await searchButton(page).click();
  await expect(modalInput(page)).toHaveAttribute('placeholder', 'Search docs');
});

test.describe('shortcuts', () => {
  for (const key of ['Control+k', 'Meta+k', '/']) {
    test(`${key} opens the modal; Escape closes it and focus returns to the button`, async ({ page }) => {
      await visit(page, '/api/zkvm');
      await page.keyboard.press(key);
      await expect(modalInput(page)).toBeFocused();
      await expect(modalInput(page)).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
      await expect(searchButton(page)).toBeFocused();
    });
  }

  test('"/" typed in a field is a character, not a shortcut', async ({ page }) => {
    await visit(page, '/search');
    const field = page.locator('main input[name="q"]');
    await field.click();
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await expect(modal(page)).toHaveCount(0);
  });

  test('a letter typed on the focused button opens the modal with that letter', async ({ page }) => {
    await visit(page, '/api/zkvm');
    await searchButton(page).focus();
    await page.keyboard.press('r');
    await expect(modalInput(page)).toBeFocused();
    await expect(modalInput(page)).toHaveValue('r');
    await page.keyboard.type('eceipt');
    await expect(modalInput(page)).toHaveValue('receipt');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });

  test('a letter typed elsewhere on the page opens nothing', async ({ page }) => {
    await visit(page, '/api/zkvm');
    await page.locator('main h1').click();
    await page.keyboard.press('r');
    // Keys are handled in order: had "r" opened the modal, Ctrl+K would now close it, and the "r" would be in it.
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    await expect(modalInput(page)).toHaveValue('');
  });

  test('Ctrl+K toggles the modal closed again', async ({ page }) => {
    await visit(page, '/');
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toHaveCount(0);
  });

  // A reader clicks a link on a slow connection, opens search while the page
  // loads, and types: the page arriving behind the modal keeps the query.
  test('what is typed stays in the box when the page behind the modal arrives', async ({ page }) => {
    const to = '/api/zkvm/receipts';
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await page.route(onPath(pageChunk(to)), async (route) => { await held; await route.continue(); });
    await visit(page, '/api/zkvm');
    await page.locator(`aside a[href="${to}"]`).first().click();
    await page.keyboard.press('Control+k');
    await expect(modalInput(page)).toBeFocused();
    await page.keyboard.type('receipt journal');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    release();
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await expect(page.locator('main h1')).toHaveText(/receipt/i);
    await expect(modalInput(page)).toHaveValue('receipt journal');
    await expect(modalInput(page)).toBeFocused();
    await page.keyboard.type(' proof');
    await expect(modalInput(page)).toHaveValue('receipt journal proof');
  });
});

test.describe('lazy loading', () => {
  test('nothing of the modal or the index loads with the page', async ({ page }) => {
    const scripts = recordScripts(page);
    await visit(page, '/api/zkvm');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => MODAL_CHUNK.test(s) || SEARCH_CHUNK.test(s))).toEqual([]);
  });

  const triggers: Record<string, (b: ReturnType<typeof searchButton>) => Promise<void>> = {
    hover: (b) => b.hover(),
    focus: (b) => b.focus(),
    touch: (b) => b.dispatchEvent('touchstart'),
    click: (b) => b.click(),
  };
  for (const [name, act] of Object.entries(triggers)) {
    test(`${name} on the button loads the modal and this version's index`, async ({ page }) => {
      const scripts = recordScripts(page);
      await visit(page, '/api/1.0/zkvm');
      await act(searchButton(page));
      await expect.poll(() => scripts.filter((s) => MODAL_CHUNK.test(s)).length).toBe(1);
      if (name !== 'click') {
        await expect.poll(() => scripts.filter((s) => SEARCH_CHUNK.test(s)).map((s) => s.replace(/-[\w-]{8}\.js$/, '')).sort())
          .toEqual(['/assets/search-api-1.0', '/assets/search-shared']);
      }
    });
  }
});

test.describe('identifier queries', () => {
  const cases: Array<[string, RegExp]> = [
    ['risc0_zkvm::ExecutorEnv', /^risc0_zkvm::ExecutorEnv$/],
    ['ExecutorEnv', /^ExecutorEnv$/],
    ['env::read', /^env::read$/],
    ['segment_limit_po2', /^segment_limit_po2$/],
    ['zkvm::ExecutorEnv', /^(zkvm|ExecutorEnv)$/i],
  ];
  for (const [query, marked] of cases) {
    test(`"${query}" finds records containing it`, async ({ page }) => {
      await visit(page, '/api/zkvm');
      await search(page, query);
      const first = page.locator('.DocSearch-Hit').first();
      await expect(first).toBeVisible();
      const marks = await first.locator('mark').allInnerTexts();
      expect(marks.length).toBeGreaterThan(0);
      for (const m of marks) expect(m).toMatch(marked);
    });
  }
});

for (const how of ['Enter', 'click'] as const) {
  test(`a hit opens its page and section in the app (${how})`, async ({ page }) => {
    await visit(page, '/api/zkvm');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await search(page, 'segment_limit_po2');
    const href = (await hitUrls(page))[0];
    if (how === 'Enter') await page.keyboard.press('Enter');
    else await page.locator('.DocSearch-Hit a').first().click();
    await expect(modal(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    // The app did not reload: what the page held before is still there.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
}

test.describe('version scoping', () => {
  test('on a 0.20 page, hits come from 0.20 and from pages outside any version', async ({ page }) => {
    await visit(page, '/api/0.20/zkvm');
    await search(page, 'rest api');
    const urls = await hitUrls(page);
    expect(urls.some((u) => u.startsWith('/api/0.20/bonsai/rest-api'))).toBe(true);
    for (const u of urls) expect(u).toMatch(/^\/api\/0\.20([/#]|$)|^\/(?!api)/);
  });

  test('on a latest page, the same query finds no 0.20 page', async ({ page }) => {
    await visit(page, '/api/zkvm');
    await search(page, 'ExecutorEnv');
    const urls = await hitUrls(page);
    for (const u of urls) expect(u).not.toMatch(/^\/api\/(0\.|1\.0|1\.1|next)/);
  });

  test('pages outside any version are found from every version', async ({ page }) => {
    for (const path of ['/api/0.18/zkvm', '/api/zkvm']) {
      await visit(page, path);
      await search(page, 'Terminology');
      expect(await hitUrls(page)).toContain('/terminology');
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('limits', () => {
  test('the box takes at most 64 characters', async ({ page }) => {
    await visit(page, '/');
    await page.keyboard.press('Control+k');
    await modalInput(page).pressSequentially('x'.repeat(70));
    await expect(modalInput(page)).toHaveValue('x'.repeat(64));
  });

  test('at most 5 hits per group', async ({ page }) => {
    await visit(page, '/api/zkvm');
    await search(page, 'receipt');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const sizes = await page.locator('.DocSearch-Hits').evaluateAll((gs) => gs.map((g) => g.querySelectorAll('.DocSearch-Hit').length));
    expect(Math.max(...sizes)).toBe(5);
  });

  for (const [width, words] of [[1280, 10], [768, 5]] as const) {
    test(`snippets are at most ${words} words at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, '/api/zkvm');
      await search(page, 'ExecutorEnv');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      const counts = await page.locator('.DocSearch-Hit-content-wrapper .DocSearch-Hit-title').evaluateAll((ts) =>
        ts.map((t) => (t.textContent ?? '').replace(/…/g, ' ').trim().split(/\s+/).length));
      expect(Math.max(...counts)).toBe(words);
    });
  }

  test('the stalled state shows only after 300 ms of loading', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(SEARCH_CHUNK, async (route) => { await held; await route.continue(); });
    await visit(page, '/api/zkvm');
    await page.keyboard.press('Control+k');
    // Both moments on the page's own clock: the keystroke, and the stalled class appearing.
    await page.evaluate(() => {
      const w = window as unknown as { typedAt: number; stalledAt: number };
      w.typedAt = 0; w.stalledAt = 0;
      document.addEventListener('input', () => { w.typedAt ||= performance.now(); }, true);
      new MutationObserver(() => {
        if (!w.stalledAt && document.querySelector('.DocSearch-Container--Stalled')) w.stalledAt = performance.now();
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await modalInput(page).fill('receipt');
    await expect(page.locator('.DocSearch-Container--Stalled')).toBeVisible();
    const waited = await page.evaluate(() => {
      const w = window as unknown as { typedAt: number; stalledAt: number };
      return w.stalledAt - w.typedAt;
    });
    expect(waited).toBeGreaterThanOrEqual(300);
    release();
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(page.locator('.DocSearch-Container--Stalled')).toHaveCount(0);
  });
});

test.describe('recent searches and favourites', () => {
  /** Searches, then opens the first hit: DocSearch saves it as a recent search. */
  async function choose(page: import('@playwright/test').Page, query: string) {
    await search(page, query);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('Enter');
    // The hit's page is loaded before the modal goes: seconds on a busy machine.
    await expect(modal(page)).toHaveCount(0, { timeout: 15_000 });
  }
  const stored = (page: import('@playwright/test').Page, key: string) =>
    page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]').length, key);

  test('the start screen says "No recent searches" at first', async ({ page }) => {
    await visit(page, '/');
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
  });

  test('7 recent searches are kept, 4 once there are favourites, and at most 10 favourites', async ({ page }) => {
    test.setTimeout(90_000);
    await visit(page, '/api/zkvm');
    for (const q of ['receipt', 'guest', 'host', 'journal', 'segment', 'prover', 'verifier', 'composition']) await choose(page, q);
    expect(await stored(page, RECENT_KEY)).toBe(7);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Hit')).toHaveCount(7);
    await expect(page.locator('.DocSearch-Hit-source')).toHaveText(['Recent']);

    await page.locator('.DocSearch-Hit').first().hover();
    await page.locator('.DocSearch-Hit').first().getByTitle('Save this search').click();
    // DocSearch saves when its transition ends.
    await expect.poll(() => stored(page, FAVORITE_KEY)).toBe(1);
    await expect(page.locator('.DocSearch-Hit-source')).toHaveText(['Recent', 'Favorite']);
    await page.keyboard.press('Escape');
    await choose(page, 'precompile');
    expect(await stored(page, RECENT_KEY)).toBe(4);

    // Ten favourites already: saving one more keeps ten.
    await page.evaluate(([key]) => {
      const saved = JSON.parse(localStorage.getItem(key) ?? '[]');
      localStorage.setItem(key, JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ ...saved[0], objectID: `fav-${i}` }))));
    }, [FAVORITE_KEY]);
    await visit(page, '/api/zkvm');
    await page.keyboard.press('Control+k');
    const recent = page.locator('.DocSearch-Hits', { hasText: 'Recent' }).locator('.DocSearch-Hit').first();
    await recent.hover();
    const recents = await stored(page, RECENT_KEY);
    await recent.getByTitle('Save this search').click();
    await expect.poll(() => stored(page, RECENT_KEY)).toBe(recents - 1);
    expect(await stored(page, FAVORITE_KEY)).toBe(10);
  });
});

test.describe('screens', () => {
  test('no results: the query, up to 3 suggestions, and no report link unless configured', async ({ page }) => {
    await visit(page, '/api/zkvm');
    await search(page, 'receipt');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await modalInput(page).fill('qqzzxxyy');
    const screen = page.locator('.DocSearch-NoResults');
    await expect(screen).toContainText('No results for "qqzzxxyy"');
    await expect(screen).toContainText('Try searching for');
    const suggestions = screen.locator('.DocSearch-NoResults-Prefill-List li');
    expect(await suggestions.count()).toBeGreaterThan(0);
    expect(await suggestions.count()).toBeLessThanOrEqual(3);
    await expect(screen).not.toContainText('Believe this query should return results?');
    await expect(screen.getByRole('link', { name: 'Let us know.' })).toHaveCount(0);
  });

  test('no results with a missing-results URL configured: "Let us know." links there', async ({ page }) => {
    await page.addInitScript(() => {
      window.__DOCS_SEARCH__ = { missingResultsUrl: 'https://github.com/risc0/risc0/issues/new?title={query}' };
    });
    await visit(page, '/api/zkvm');
    await search(page, 'qqzzxxyy');
    const screen = page.locator('.DocSearch-NoResults');
    await expect(screen).toContainText('Believe this query should return results?');
    await expect(screen.getByRole('link', { name: 'Let us know.' }))
      .toHaveAttribute('href', 'https://github.com/risc0/risc0/issues/new?title=qqzzxxyy');
  });

  test('the index cannot be fetched: "Unable to fetch results"', async ({ page }) => {
    await page.route(SEARCH_CHUNK, (route) => route.abort('internetdisconnected'));
    await visit(page, '/api/zkvm');
    await search(page, 'receipt');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText('Unable to fetch results');
    await expect(screen).toContainText('You might want to check your network connection.');
  });

  test('"See all N results" leads to /search?q= with the same N results', async ({ page }) => {
    await visit(page, '/api/zkvm');
    await search(page, 'ExecutorEnv');
    const footer = page.getByRole('link', { name: /^See all \d+ results$/ });
    const n = Number((await footer.innerText()).match(/\d+/)![0]);
    await footer.click();
    await expect(page).toHaveURL(/\/search\?q=ExecutorEnv$/);
    await expect(modal(page)).toHaveCount(0);
    await expect(page.locator('.search-status')).toHaveText(`${n} results`);
  });
});
