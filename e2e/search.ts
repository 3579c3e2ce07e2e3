// Helpers shared by the search specs.
import { expect, type Page } from '@playwright/test';

/** DocSearch's localStorage keys for the offline index (site/src/search/settings.ts names it "devdocs"). */
export const RECENT_KEY = '__DOCSEARCH_RECENT_SEARCHES__devdocs';
export const FAVORITE_KEY = '__DOCSEARCH_FAVORITE_SEARCHES__devdocs';

/** The built files of the offline index: one per docs version plus "shared" (with the ?retry=N a second attempt adds). */
export const SEARCH_CHUNK = /\/assets\/search-[^/?]+\.js(\?[^/]*)?$/;
export const MODAL_CHUNK = /\/assets\/Modal-[^/?]+\.js(\?[^/]*)?$/;

/** Opens a page and waits until React has hydrated it. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
}

/** URL paths of the scripts the page has requested so far (and from now on). */
export function recordScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('.js')) seen.push(new URL(r.url()).pathname); });
  return seen;
}

export const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });
export const modal = (page: Page) => page.locator('.DocSearch-Modal');
export const modalInput = (page: Page) => page.locator('.DocSearch-Input');

/** Opens the modal with Ctrl+K and types a query. */
export async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  await expect(modalInput(page)).toBeFocused();
  await modalInput(page).fill(query);
}

/** The hits the modal shows, as their link targets. */
export async function hitUrls(page: Page): Promise<string[]> {
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  return page.locator('.DocSearch-Hit a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}
