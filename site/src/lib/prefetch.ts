// Fetching linked pages ahead, at two costs. A reader heading for a link
// (hover, focus, touch) gets everything the page needs, at once, so the
// click shows it without waiting. A link merely in view costs only the
// page's content chunks, fetched once the open page has finished loading and
// the browser is idle, at the lowest priority and without running them; a
// click then finds them in the HTTP cache. Neither happens on 2g or when the
// reader asked to save data.
import { contentUrls, forgetRoute, loadRoute } from './routes';

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

/** Fetches a path's content chunks ahead, cheaply: the link is in view. */
export function prefetchWhenIdle(pathname: string) {
  if (!allowed()) return;
  whenIdle(() => {
    contentUrls(pathname).then(
      (urls) => (urls ? urls.forEach(prefetchLink) : prefetch(pathname)),
      () => undefined, // the click will load it, and say so if it cannot
    );
  });
}
