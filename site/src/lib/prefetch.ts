// Fetching linked pages ahead, at two costs. A reader heading for a link
// (hover, focus, touch) gets everything the page needs, at once, so the
// click shows it without waiting. A link merely in view costs only the
// page's content chunks, fetched once the open page has finished loading and
// the browser is idle, at the lowest priority and without running them; a
// click then finds them in the HTTP cache. The links that come into view
// together share a budget (prefetchBudget.js). Neither happens on 2g or
// when the reader asked to save data.
import { contentChunks, forgetRoute, loadRoute } from './routes';
import { VIEW_BUDGET, pickWithin } from './prefetchBudget.js';

interface NetworkInformation { effectiveType?: string; saveData?: boolean }

/** Prefetching is skipped on slow (2g) connections and when the reader asked to save data. */
export function canPrefetch(conn: NetworkInformation | undefined): boolean {
  if (!conn) return true;
  return !conn.saveData && !/(^|-)2g$/.test(conn.effectiveType ?? '');
}

const allowed = () => canPrefetch((navigator as Navigator & { connection?: NetworkInformation }).connection);

/** Loads everything a path needs now: the reader is about to open it. */
export function prefetch(pathname: string) {
  if (!allowed()) return;
  loadRoute(pathname).catch(() => forgetRoute(pathname));
}

/** Runs fn once the page has loaded (every image and script of it) and the browser is idle. */
function whenIdle(fn: () => void) {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 300));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

const requested = new Set<string>();

/** A low-priority fetch into the HTTP cache; import() of the same URL later finds it there. */
function prefetchLink(url: string) {
  if (requested.has(url)) return;
  requested.add(url);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = 'script';
  link.crossOrigin = ''; // as module scripts are fetched
  link.fetchPriority = 'low';
  link.href = url;
  document.head.append(link);
}

// The paths whose links came into view since the last idle moment, and
// what this view has spent: a view ends when the reader scrolls or goes
// to another page.
let inView: string[] = [];
let spent = 0;
let viewOf = '';
const newView = () => { spent = 0; };
if (typeof addEventListener === 'function') addEventListener('scroll', newView, { passive: true });

/** Fetches a path's content chunks ahead, cheaply, within the view's budget: the link is in view. */
export function prefetchWhenIdle(pathname: string) {
  if (!allowed()) return;
  if (inView.push(pathname) === 1) whenIdle(fetchInView);
}

async function fetchInView() {
  const paths = inView;
  inView = [];
  if (location.pathname !== viewOf) {
    viewOf = location.pathname;
    newView();
  }
  // A failure is ignored: the click will load the page, and say so if it cannot.
  const found = await Promise.all(paths.map((p) => contentChunks(p).catch(() => [])));
  const groups = [];
  const counted = new Set(requested); // a chunk two pages share (their version's metadata) counts once
  for (const [i, chunks] of found.entries()) {
    if (chunks) groups.push(chunks.filter((c) => !counted.has(c.url) && counted.add(c.url)));
    else prefetch(paths[i]); // a page whose content is code: small, and not known in advance
  }
  for (const g of pickWithin(VIEW_BUDGET - spent, groups)) {
    for (const c of g) {
      spent += c.bytes;
      prefetchLink(c.url);
    }
  }
}
