import type { ComponentType } from 'react';

// The records the Go compiler writes are declared once, from its Go types
// (internal/formats/formats.d.ts, go generate ./internal/formats).
import type { ManifestRoute, PageRecord, VersionMeta } from '../../../internal/formats/formats';

export type { Heading as TocItem, ManifestRoute, NavLink, PageRecord, SidebarItem, Version, VersionMeta } from '../../../internal/formats/formats';

/** One route table (a docs version, or the rest of the site) and its page loaders. */
/** A built chunk: where it is and how many bytes it has. */
export interface Chunk {
  url: string;
  bytes: number;
}

export interface RouteSection {
  routes: Record<string, ManifestRoute>;
  pages: Record<string, () => Promise<{ default: PageRecord }>>;
  /** The chunk pages[id] loads; undefined in dev. */
  pagesChunk(id: string): Chunk | undefined;
}

/** What a route needs to render, once loaded. */
export interface RouteData {
  path: string;
  route: ManifestRoute;
  page?: PageRecord;
  meta?: VersionMeta;
  /** The React page of the home and search routes. */
  Component?: ComponentType;
}
