// Accessibility as a test: axe-core on every kind of
// page in both colour modes, and the keyboard-only use of every control a
// reader needs, each stop showing a visible focus ring.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoReady } from './helpers';

const modes = ['dark', 'light'] as const;
type Mode = (typeof modes)[number];

/** One page of each kind, and what shows once its content is in. */
const pageKinds: { kind: string; path: string; ready: (page: Page) => Locator }[] = [
  { kind: 'home', path: '/', ready: (p) => p.locator('main h1') },
  { kind: 'docs page with code', path: '/api/zkvm/quickstart', ready: (p) => p.locator('.code-block .line-highlighted').first() },
  { kind: 'old version, breadcrumbs two categories deep', path: '/api/1.0/zkvm/tutorials/hello-world', ready: (p) => p.getByRole('navigation', { name: 'Breadcrumbs' }) },
  { kind: 'page with math', path: '/reference-docs/about-finite-fields', ready: (p) => p.locator('.katex').first() },
  { kind: 'education hub', path: '/education', ready: (p) => p.locator('main h1') },
  { kind: 'litepaper', path: '/litepaper', ready: (p) => p.locator('main h1') },
  { kind: 'FAQ', path: '/faq', ready: (p) => p.locator('main h1') },
  { kind: 'terminology', path: '/terminology', ready: (p) => p.locator('main h1') },
  { kind: 'search page', path: '/search?q=receipt', ready: (p) => p.locator('.search-group').first() },
  { kind: '404 page', path: '/no-such-page', ready: (p) => p.getByRole('heading', { name: 'Page Not Found' }) },
];

/** Opens a path in a colour mode (as a stored choice, the way a reader's toggle leaves it). */
async function open(page: Page, path: string, mode: Mode) {
  await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
  await gotoReady(page, path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

/**
 * The serious and critical violations axe finds, one readable line each.
 * Every rule runs; none is disabled. One kind of finding is accepted, and
 * only where it is checked to hold: `nested-interactive` on a search hit (a
 * list box option, by DocSearch's design, holding the hit's link) whose
 * focusable content is all out of the Tab order (the keyboard chooses hits
 * with the arrow keys; the link serves the pointer). A hit whose link could
 * take Tab focus still fails.
 */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  const found: string[] = [];
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const n of v.nodes) {
      const selector = n.target.join(' ');
      if (v.id === 'nested-interactive' && await page.locator(selector).evaluate((el) => el.matches('.DocSearch-Hit[role="option"]')
        && [...el.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].every((f) => f.tabIndex < 0))) continue;
      found.push(`${v.id} (${v.impact}) at ${selector}: ${n.failureSummary?.replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

test.describe('axe finds no serious or critical violation', () => {
  // axe walks every node: the long pages (math, the litepaper) take a while on a busy machine.
  test.slow();
  for (const mode of modes) {
    for (const { kind, path, ready } of pageKinds) {
      test(`${kind} in ${mode} mode`, async ({ page }) => {
        await open(page, path, mode);
        await expect(ready(page)).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test(`the search modal with results in ${mode} mode`, async ({ page }) => {
      await open(page, '/api/zkvm', mode);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('receipt');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      expect(await seriousViolations(page, '.DocSearch-Container')).toEqual([]);
    });

    test(`the open version menu and the mobile drawer in ${mode} mode`, async ({ page }) => {
      await open(page, '/api/zkvm/quickstart', mode);
      await page.locator('.navbar-items .navbar-versions > button').click();
      await expect(page.locator('.navbar-items .navbar-versions .navbar-dropdown-menu')).toBeVisible();
      expect(await seriousViolations(page, '.navbar')).toEqual([]);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await page.getByRole('button', { name: '← Back to main menu' }).click();
      await expect(page.locator('.navbar-sidebar .navbar-sidebar-items')).toBeVisible();
      expect(await seriousViolations(page, '.navbar-sidebar')).toEqual([]);
    });
  }
});

// --- Keyboard ---------------------------------------------------------------

interface Stop { name: string; ring: string | null }

/**
 * What has focus now: its role and accessible-ish name, and what is wrong
 * with its focus ring (null when it has a visible one). A ring is visible
 * when the element matches :focus-visible, draws a solid outline at least
 * 2 px wide (or, for a text field, a 2 px box-shadow ring) and that ring
 * has 3:1 contrast with what lies behind it (WCAG 2.2, 1.4.11 and 2.4.13).
 */
function focusStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(body)', ring: 'nothing has focus' };
    // Its name as a screen reader has it, near enough: aria-label, else its text without aria-hidden or undisplayed parts.
    const text = (n: Node): string => n.nodeType === Node.TEXT_NODE ? n.textContent ?? ''
      : n instanceof Element && n.getAttribute('aria-hidden') !== 'true' && getComputedStyle(n).display !== 'none' ? [...n.childNodes].map(text).join('') : '';
    const label = el.getAttribute('aria-label') || text(el).trim().replace(/\s+/g, ' ').slice(0, 40) || el.getAttribute('title') || '';
    const name = `${el.tagName.toLowerCase()} "${label}"`;
    const parse = (c: string) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (c: number) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    // The colour behind the ring: the backgrounds outside the element, composited.
    const behind = (start: Element | null) => {
      const layers: number[][] = [];
      for (let e = start; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let out = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a)];
      return out;
    };
    const s = getComputedStyle(el);
    if (!el.matches(':focus-visible')) return { name, ring: 'not :focus-visible' };
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || s.visibility === 'hidden') return { name, ring: 'the focused element is not visible' };
    let colour: number[];
    const ringBehind = Number.parseFloat(s.outlineOffset) < 0 ? el : el.parentElement;
    if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2) colour = parse(s.outlineColor);
    else if (/^(INPUT|TEXTAREA)$/.test(el.tagName) && el.closest('.DocSearch-Form')) {
      // DocSearch's field shows focus as the 2 px inset ring of its form.
      const shadow = getComputedStyle(el.closest('.DocSearch-Form')!).boxShadow;
      if (!/0px 0px 0px 2px inset|inset 0px 0px 0px 2px/.test(shadow)) return { name, ring: `no ring on the search form (${shadow})` };
      colour = parse(shadow);
    } else return { name, ring: `no outline (${s.outlineStyle} ${s.outlineWidth})` };
    const back = behind(ringBehind);
    const [a, b] = [lum(colour), lum(back)];
    const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (contrast < 3) return { name, ring: `ring contrast ${contrast.toFixed(2)}:1 against rgb(${back.map(Math.round).join(',')})` };
    return { name, ring: null };
  });
}

/** Presses Tab until the focused element matches, checking every stop's ring on the way. */
async function tabTo(page: Page, target: Locator, { max = 80, key = 'Tab' } = {}): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    stops.push(await focusStop(page));
    if (await target.evaluate((t) => t === document.activeElement)) {
      expect(stops.filter((s) => s.ring), 'stops without a visible focus ring').toEqual([]);
      return stops;
    }
  }
  throw new Error(`${max} presses of ${key} never reached the target; stops: ${stops.map((s) => s.name).join(', ')}`);
}

const versionButton = (page: Page) => page.locator('.navbar-items .navbar-versions > button');
const versionMenu = (page: Page) => page.locator('.navbar-items .navbar-versions .navbar-dropdown-menu');

test.describe('keyboard only', () => {
  for (const mode of modes) {
    test(`every stop of a docs page shows a focus ring, in ${mode} mode`, async ({ page }) => {
      test.slow(); // about a hundred stops, each measured in the page
      await open(page, '/api/zkvm/quickstart', mode);
      // Tab through the whole page, round to the address bar and back to the first stop.
      const stops: Stop[] = [];
      for (let i = 0; i < 300; i++) {
        await page.keyboard.press('Tab');
        const stop = await focusStop(page);
        if (stop.name === '(body)' && stops.length > 0) break;
        stops.push(stop);
      }
      expect(stops.length).toBeGreaterThan(40);
      expect(stops.filter((s) => s.ring).map((s) => `${s.name}: ${s.ring}`)).toEqual([]);
    });
  }

  test('the navbar: every control in order, the skip link first', async ({ page }) => {
    await open(page, '/api/zkvm/quickstart', 'dark');
    const stops = await tabTo(page, page.locator('button.color-mode-toggle'));
    const names = stops.map((s) => s.name);
    expect(names[0]).toBe('a "Skip to main content"');
    // At the default 1280 px too, the labels are whole (navbar.css); the brand's name is, where "RISC Zero" is all it shows.
    const navbar = ['a "RISC Zero Developer Docs"', 'a "Documentation"', 'a "Terminology"', 'a "FAQ"', 'a "Education Hub"',
      'button "1.2"', 'a "Blog"', 'a "GitHub repository"', 'button "Community"', 'button "Search"'];
    expect(names.slice(-navbar.length - 1, -1)).toEqual(navbar);
    // The skip link takes focus past the navbar, to the page.
    await tabTo(page, page.getByRole('link', { name: 'Skip to main content' }), { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#__main'))).toBe(true);
  });

  test('the version menu opens, is walked and closes from the keyboard', async ({ page }) => {
    await open(page, '/api/zkvm/quickstart', 'light');
    await tabTo(page, versionButton(page));
    await expect(versionButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(versionMenu(page)).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(versionButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(versionMenu(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(versionMenu(page).getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(versionMenu(page)).toBeHidden();
    await expect(versionButton(page)).toBeFocused();
    // Down opens it on its first version; Tab walks on; leaving it closes it.
    await page.keyboard.press('ArrowDown');
    await expect(versionMenu(page).getByRole('link').first()).toBeFocused();
    const count = await versionMenu(page).getByRole('link').count();
    await tabTo(page, versionMenu(page).getByRole('link').last(), { max: count });
    await page.keyboard.press('Tab');
    await expect(versionMenu(page)).toBeHidden();
    await expect(versionButton(page)).toHaveAttribute('aria-expanded', 'false');
    // Space opens it too, and Enter on a version goes there.
    await page.keyboard.press('Shift+Tab');
    await expect(versionButton(page)).toBeFocused();
    await page.keyboard.press(' ');
    await expect(versionMenu(page)).toBeVisible();
    await tabTo(page, versionMenu(page).getByRole('link', { name: '1.1', exact: true }), { max: count });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/api\/1\.1\/zkvm\/quickstart$/);
    await expect(versionButton(page)).toHaveText('1.1');
  });

  test('the docs sidebar: links and category buttons, folded links skipped', async ({ page }) => {
    await open(page, '/api/zkvm/quickstart', 'dark');
    const sidebar = page.locator('.doc-sidebar nav[aria-label="Docs sidebar"]');
    const caret = sidebar.getByRole('button', { name: "Collapse sidebar category 'Generating Proofs'" });
    await tabTo(page, caret, { max: 120 });
    await page.keyboard.press('Enter');
    const folded = sidebar.getByRole('button', { name: "Expand sidebar category 'Generating Proofs'" });
    await expect(folded).toBeFocused();
    await expect(folded).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar.getByRole('link', { name: 'Dev Mode' })).toBeHidden();
    // The next stop is past the folded category's links.
    await page.keyboard.press('Tab');
    expect(await folded.locator('xpath=../following-sibling::div').evaluate((items) => items.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(folded).toBeFocused();
    await page.keyboard.press(' ');
    await expect(caret).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, sidebar.getByRole('link', { name: 'Dev Mode' }), { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/api\/generating-proofs\/dev-mode$/);
  });

  test('the search modal: open, choose a result with the arrows, Escape gives focus back', async ({ page }) => {
    await open(page, '/api/zkvm', 'dark');
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const input = page.locator('.DocSearch-Input');
    await expect(input).toBeFocused();
    expect((await focusStop(page)).ring).toBeNull();
    await page.keyboard.type('receipt');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    // Tab stays inside the modal.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.DocSearch-Modal'))).toBe(true);
      expect((await focusStop(page)).ring).toBeNull();
    }
    await page.keyboard.press('Escape');
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    await page.keyboard.type('receipt');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const chosen = page.locator('.DocSearch-Hit[aria-selected="true"] a');
    await expect(chosen).toHaveCount(1);
    const href = await chosen.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    // The modal closes at once; the address changes once the page's content
    // has come (the router loads it first), so the address is waited for.
    await expect.poll(() => { const u = new URL(page.url()); return u.pathname + u.hash; }).toBe(href);
  });

  test('the mobile drawer: opens on Enter, keeps focus inside, Escape closes it and gives focus back', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/api/zkvm/quickstart', 'light');
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
    // Round and round inside: Tab past the last stop comes back to the first, Shift+Tab the other way.
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    const stops = await drawer.locator('a[href], button').count();
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
      expect((await focusStop(page)).ring).toBeNull();
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(toggle).toBeFocused();
    // Space opens it again; the main menu and a link in it, all by keyboard.
    await page.keyboard.press(' ');
    await expect(drawer).toBeVisible();
    await tabTo(page, drawer.getByRole('button', { name: '← Back to main menu' }), { max: 5 });
    await page.keyboard.press('Enter');
    const faq = drawer.getByRole('link', { name: 'FAQ' });
    await expect(faq).toBeVisible();
    expect(await inside()).toBe(true);
    await tabTo(page, faq, { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(drawer).toHaveCount(0);
  });

  for (const mode of modes) {
    test(`the copy button: Tab reaches it, Enter copies, "Copied" is announced (${mode} mode)`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await open(page, '/api/zkvm/quickstart', mode);
      const block = page.locator('.code-block').first();
      const copy = block.getByRole('button', { name: 'Copy code to clipboard' });
      // The code itself is a stop (it scrolls), then its copy button.
      await tabTo(page, block.locator('pre'), { max: 120 });
      await page.keyboard.press('Tab');
      await expect(copy).toBeFocused();
      expect((await focusStop(page)).ring).toBeNull();
      // A polite live region, there (and empty) from the start, says it.
      const announcer = page.locator('.announcer');
      await expect(announcer).toHaveAttribute('role', 'status');
      await expect(announcer).toHaveAttribute('aria-live', 'polite');
      await expect(announcer).toHaveText('');
      await page.keyboard.press('Enter');
      await expect(announcer).toHaveText('Copied');
      await expect(copy).toHaveAttribute('data-copied', '');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('curl -L https://risczero.com/install | bash\nrzup install');
      // Space copies too, and a second copy is announced again.
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await page.keyboard.press(' ');
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('curl -L https://risczero.com/install | bash\nrzup install');
      await expect(announcer).toHaveText('Copied');
    });
  }
});
