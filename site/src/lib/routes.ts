// The route tables and the on-demand loaders for page content. The routes
// come in one table per docs version plus one for the rest of the site
// (site/scripts/routeTables.mjs); a page loads only the table it needs.
// Every page record and every version's metadata is its own chunk.
import type { ComponentType } from 'react';
import { metas, metasChunk, redirects, sections, versions } from 'virtual:docs-routes';
import type { Chunk, ManifestRoute, PageRecord, RouteData, RouteSection, VersionMeta } from './types';
import { BoundedCache } from './boundedCache';
import { routeOf } from './routePath.js';
import { sectionOf } from './sections.js';

export { versions };

// The KaTeX stylesheet, a chunk of its own: only pages with math load it.
const loadMathStyles = () => import('./mathStyles');
// The React pages that render a route of their own (the manifest names each
// by its module id, "src/pages/Home/index.tsx"), each its own chunk. The
// not-found page is not among them: it is part of the entry.
const pageModules = import.meta.glob<{ default: ComponentType }>(['/src/pages/*/index.tsx', '!/src/pages/NotFound/index.tsx']);

const notFound: ManifestRoute = { kind: 'notFound' };

const loadedSections = new Map<string, RouteSection>();
const loadingSections = new Map<string, Promise<RouteSection>>();

/** Loads (once) the route table a path belongs to. */
function loadSection(path: string): Promise<RouteSection> {
  const key = sectionOf(path, versions);
  let p = loadingSections.get(key);
  if (!p) {
    p = sections[key]().then((s) => { loadedSections.set(key, s); return s; });
    p.catch(() => loadingSections.delete(key)); // let a retry fetch it again
    loadingSections.set(key, p);
  }
  return p;
}

// Every render of the navbar and every link hover asks for a match; the
// raw path is normalised once per distinct path.
const matches = new BoundedCache<string, ManifestRoute>();

/** What matchRoute says while a path's table is not loaded (only if loading it failed). */
const unknown: ManifestRoute = { kind: 'unknown' };

/**
 * The route of a path. Its table is loaded by loadRoute, which runs before a
 * path is shown; paths in no table get the not-found route.
 */
export function matchRoute(pathname: string): ManifestRoute {
  let m = matches.get(pathname);
  if (!m) {
    const path = routeOf(pathname);
    const section = loadedSections.get(sectionOf(path, versions));
    if (!section) return unknown;
    m = section.routes[path] ?? notFound;
    matches.set(pathname, m);
  }
  return m;
}

export function redirectFor(pathname: string): string | undefined {
  return redirects[routeOf(pathname)];
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

function importOne<T>(load: (() => Promise<{ default: T }>) | undefined, what: string, id?: string) {
  if (!id) return Promise.resolve(undefined);
  if (!load) return Promise.reject(new Error(`No ${what} record named ${id}`));
  return load().then((m) => {
    if (m.default === undefined) throw new Error(`The page component ${what}/${id} has no default export.`);
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

// Version metadata by name, loaded once for all the pages of a version.
const loadedMetas = new Map<string, Promise<VersionMeta | undefined>>();

function loadMeta(name: string | undefined) {
  if (!name) return Promise.resolve(undefined);
  let p = loadedMetas.get(name);
  if (!p) {
    p = importOne<VersionMeta>(metas[name], 'meta', name);
    p.catch(() => loadedMetas.delete(name)); // let a retry fetch it again
    loadedMetas.set(name, p);
  }
  return p;
}

// Page records already in the document, by path (see lib/pageData.ts).
const seeded = new Map<string, PageRecord>();

/** Gives the record of the prerendered page, so its content chunk is never fetched. */
export function seedPage(pathname: string, record: PageRecord) {
  seeded.set(routeOf(pathname), record);
}

/** The page record, with the KaTeX stylesheet in place first when the page has math. */
async function loadPage(path: string, section: RouteSection, route: ManifestRoute) {
  const page = seeded.get(path) ?? await importOne<PageRecord>(route.page ? section.pages[route.page] : undefined, 'pages', route.page);
  if (page?.hasMath) await loadMathStyles();
  return page;
}

async function loadAll(path: string): Promise<RouteData> {
  const section = await loadSection(path);
  const route = matchRoute(path);
  const [page, meta, Component] = await Promise.all([
    loadPage(path, section, route),
    loadMeta(route.meta),
    importOne(route.component ? pageModules[`/${route.component}`] : undefined, 'site', route.component),
  ]);
  return { path, route, page, meta, Component };
}

/**
 * Loads (once) everything the route needs: its route table, page record,
 * version metadata and page component. All of it is in hand before the
 * route renders, so rendering never suspends on it (and never flashes a spinner).
 */
export function loadRoute(pathname: string): Promise<RouteData> {
  const path = routeOf(pathname);
  let p = cache.get(path);
  if (!p) {
    p = track(loadAll(path).catch((e) => { throw new ContentLoadError(e); }));
    cache.set(path, p);
  }
  return p;
}

/**
 * The chunks a path's content comes from (page record, version metadata not
 * loaded yet), to fetch ahead without running them: none when the route is
 * loaded or loading, undefined when they are not known (the dev server; the
 * home and search pages, whose content is code).
 */
export async function contentChunks(pathname: string): Promise<Chunk[] | undefined> {
  const path = routeOf(pathname);
  if (cache.has(path)) return [];
  const section = await loadSection(path);
  const route = matchRoute(path);
  if (route.component) return undefined;
  const chunks = [];
  if (route.page) chunks.push(section.pagesChunk(route.page));
  if (route.meta && !loadedMetas.has(route.meta)) chunks.push(metasChunk(route.meta));
  return chunks.every((c) => c !== undefined) ? chunks : undefined;
}

/** Forgets a failed load so Retry fetches the chunk again. */
export function forgetRoute(pathname: string) {
  cache.delete(routeOf(pathname));
}
