// The route table and the on-demand loaders for page content. Every page
// record and every version's metadata is its own chunk; Vite writes one per
// file matched by these globs.
import type { ComponentType } from 'react';
import manifestJson from '../../.generated/manifest.json';
import type { Manifest, ManifestRoute, PageRecord, RouteData, VersionMeta } from './types';
import { BoundedCache } from './boundedCache';
import { normalizePath } from './paths';

export const manifest = manifestJson as unknown as Manifest;

const pageModules = import.meta.glob<{ default: PageRecord }>('../../.generated/pages/*.json');
const metaModules = import.meta.glob<{ default: VersionMeta }>('../../.generated/meta/*.json');
// Route kinds rendered by a React page of their own, each its own chunk.
const componentModules: Record<string, () => Promise<{ default: ComponentType }>> = {
  home: () => import('../pages/Home'),
  search: () => import('../pages/Search'),
};

const notFound: ManifestRoute = { kind: 'notFound' };

// Every render of the navbar and every link hover asks for a match; the
// raw path is normalised once per distinct path.
const matches = new BoundedCache<string, ManifestRoute>();

/** The manifest entry for a path; unknown paths get the not-found route. */
export function matchRoute(pathname: string): ManifestRoute {
  let m = matches.get(pathname);
  if (!m) {
    m = manifest.routes[normalizePath(pathname)] ?? notFound;
    matches.set(pathname, m);
  }
  return m;
}

export function redirectFor(pathname: string): string | undefined {
  return manifest.redirects[normalizePath(pathname)];
}

// A promise React's use() can read synchronously once settled: React looks
// at status/value on the thenable, so a route that is already loaded renders
// without suspending (no spinner, no hydration fallback).
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function track<T>(p: Promise<T>): Tracked<T> {
  const t = p as Tracked<T>;
  t.status = 'pending';
  t.then((v) => { t.status = 'fulfilled'; t.value = v; }, (e) => { t.status = 'rejected'; t.reason = e; });
  return t;
}

const cache = new BoundedCache<string, Tracked<RouteData>>();

function importOne<T>(modules: Record<string, () => Promise<{ default: T }>>, dir: string, id?: string) {
  if (!id) return Promise.resolve(undefined);
  const load = modules[`../../.generated/${dir}/${id}.json`];
  if (!load) return Promise.reject(new Error(`No ${dir} record named ${id}`));
  return load().then((m) => {
    if (m.default === undefined) throw new Error(`The page component ${dir}/${id} has no default export.`);
    return m.default;
  });
}

/** A failure to fetch or evaluate a route's content (as opposed to a render crash). */
export class ContentLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ContentLoadError';
  }
}

/**
 * Loads (once) everything the route needs: its page record, version
 * metadata and page component. All of it is in hand before the route
 * renders, so rendering never suspends on it (and never flashes a spinner).
 */
export function loadRoute(pathname: string): Promise<RouteData> {
  const path = normalizePath(pathname);
  let p = cache.get(path);
  if (!p) {
    const route = matchRoute(path);
    const component = componentModules[route.kind]?.().then((m) => m.default);
    p = track(Promise.all([importOne(pageModules, 'pages', route.page), importOne(metaModules, 'meta', route.meta), component])
      .then(([page, meta, Component]) => ({ path, route, page, meta, Component }), (e) => { throw new ContentLoadError(e); }));
    cache.set(path, p);
  }
  return p;
}

/** Forgets a failed load so Retry fetches the chunk again. */
export function forgetRoute(pathname: string) {
  cache.delete(normalizePath(pathname));
}
