import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { loadRoute, redirectFor } from '../lib/routes';
import { isExternal, splitHref } from '../lib/paths';
import { routeOf } from '../lib/routePath.js';

export interface Location { pathname: string; search: string; hash: string }

/** Called on back/forward with the target; returning false cancels that navigation. */
export type PopHandler = (to: Location) => boolean | void;

interface RouterValue {
  location: Location;
  /** Loads the target's content, then switches the location, so the old page stays whole until the new one is ready. */
  navigate: (href: string, opts?: { replace?: boolean }) => void;
  /** True while a navigation waits for content. */
  pending: boolean;
  /** Registers a back/forward handler; returns its unregister function. */
  addPopHandler: (h: PopHandler) => () => void;
  /** Rewrites the query string of the current page: no content load, no scroll. */
  setSearch: (search: string, opts?: { push?: boolean }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

export function useRouter(): RouterValue {
  const v = useContext(RouterContext);
  if (!v) throw new Error('useRouter() was called outside <RouterProvider>.');
  return v;
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname: routeOf(pathname), search, hash };
}

/**
 * Lets a component veto back/forward while it is mounted, e.g. an open
 * drawer that the Back button should close instead of leaving the page.
 */
export function useHistoryPopHandler(handler: PopHandler) {
  const { addPopHandler } = useRouter();
  const latest = useRef(handler);
  useLayoutEffect(() => { latest.current = handler; });
  useEffect(() => addPopHandler((to) => latest.current(to)), [addPopHandler]);
}

/**
 * One URL search parameter as state: [value, set]. Writing replaces the
 * current history entry (typing a query must not fill the Back button)
 * unless push is asked for, which makes that change one Back step. Back and
 * forward between such entries stay on the page: the router sees the same
 * path, so the page is not reloaded or scrolled, and the value follows the
 * address.
 */
export function useQueryString(name: string): [string | null, (value: string | null, opts?: { push?: boolean }) => void] {
  const { location, setSearch } = useRouter();
  const value = new URLSearchParams(location.search).get(name);
  const set = useCallback((v: string | null, opts: { push?: boolean } = {}) => {
    const params = new URLSearchParams(window.location.search);
    if (v === null || v === '') params.delete(name);
    else params.set(name, v);
    setSearch(params.size ? `?${params}` : '', opts);
  }, [name, setSearch]);
  return [value, set];
}

// Each entry this app pushes carries its position, so a cancelled
// back/forward knows how far to go to undo itself.
const entryIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

export function RouterProvider({ initial, children }: { initial: Location; children: ReactNode }) {
  const [location, setLocation] = useState(initial);
  const [pending, setPending] = useState(false);
  const navId = useRef(0);
  const scrollOnCommit = useRef(false);
  const popHandlers = useRef(new Set<PopHandler>());
  const shownIdx = useRef(0);
  const addPopHandler = useCallback((h: PopHandler) => {
    popHandlers.current.add(h);
    return () => { popHandlers.current.delete(h); };
  }, []);

  const navigate = useCallback((href: string, opts: { replace?: boolean } = {}) => {
    if (isExternal(href) && new URL(href, window.location.href).origin !== window.location.origin) {
      window.location.assign(href);
      return;
    }
    const url = new URL(href, window.location.href);
    const target = splitHref(url.pathname + url.search + url.hash);
    target.pathname = routeOf(redirectFor(target.pathname) ?? target.pathname);
    const id = ++navId.current;
    setPending(true);
    loadRoute(target.pathname).then(
      () => {
        if (id !== navId.current) return; // a later click won
        const full = target.pathname + target.search + target.hash;
        scrollOnCommit.current = target.pathname !== routeOf(window.location.pathname) || !!target.hash;
        if (opts.replace) window.history.replaceState({ idx: entryIndex() }, '', full);
        else window.history.pushState({ idx: entryIndex() + 1 }, '', full);
        shownIdx.current = entryIndex();
        setLocation(target);
        setPending(false);
      },
      // A chunk that fails to load usually means a new deploy replaced it:
      // a full page load fetches the current build.
      () => window.location.assign(target.pathname + target.search + target.hash),
    );
  }, []);

  useEffect(() => {
    // Normalise /p.html, /p/index.html and /p/ in the address bar, and follow client redirects.
    const loc = currentLocation();
    const to = redirectFor(loc.pathname);
    if (to) navigate(to + loc.search + loc.hash, { replace: true });
    else if (loc.pathname !== window.location.pathname) window.history.replaceState({ idx: entryIndex() }, '', loc.pathname + loc.search + loc.hash);
    shownIdx.current = entryIndex();
    let undoing = false;
    const onPop = () => {
      const idx = entryIndex();
      if (undoing) { undoing = false; shownIdx.current = idx; return; }
      const next = currentLocation();
      const vetoed = [...popHandlers.current].some((h) => h(next) === false);
      if (vetoed && idx !== shownIdx.current) {
        undoing = true;
        window.history.go(shownIdx.current - idx);
        return;
      }
      shownIdx.current = idx;
      loadRoute(next.pathname).finally(() => setLocation(next));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigate]);

  useLayoutEffect(() => {
    if (!scrollOnCommit.current) return;
    scrollOnCommit.current = false;
    const el = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (el) el.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);

  const setSearch = useCallback((search: string, opts: { push?: boolean } = {}) => {
    const { pathname, hash } = currentLocation();
    if (search === window.location.search) return;
    if (opts.push) window.history.pushState({ idx: entryIndex() + 1 }, '', pathname + search + hash);
    else window.history.replaceState({ idx: entryIndex() }, '', pathname + search + hash);
    shownIdx.current = entryIndex();
    setLocation({ pathname, search, hash });
  }, []);

  const value = useMemo(() => ({ location, navigate, pending, addPopHandler, setSearch }), [location, navigate, pending, addPopHandler, setSearch]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}
