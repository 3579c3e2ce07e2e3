import type { ComponentType } from 'react';

export interface TocItem { level: number; id: string; value: string }
export interface NavLink { title: string; href: string }

export interface PageRecord {
  title: string;
  description?: string;
  kind: string;
  tree: string;
  version?: string;
  meta?: string;
  docId: string;
  sidebar?: string;
  permalink: string;
  source: string;
  hideTableOfContents?: boolean;
  toc: TocItem[];
  /** Set by the build when the page contains typeset math. */
  hasMath?: boolean;
  previous?: NavLink;
  next?: NavLink;
  html: string;
}

export interface SidebarItem {
  type: 'doc' | 'category' | 'link';
  label: string;
  href?: string;
  docId?: string;
  items?: SidebarItem[];
}

export interface VersionMeta {
  name: string;
  label: string;
  isLast: boolean;
  path: string;
  mainDocId: string;
  docs: { id: string; path: string; sidebar?: string }[];
  draftIds: string[];
  sidebars: Record<string, SidebarItem[]>;
}

export interface Version { name: string; label: string; isLast: boolean; banner?: string; path: string }

export interface ManifestRoute {
  kind: string;
  page?: string;
  meta?: string;
  version?: string;
  docId?: string;
  /** Other versions with this doc at the same place relative to their root. */
  alts?: string[];
}

/** One route table (a docs version, or the rest of the site) and its page loaders. */
export interface RouteSection {
  routes: Record<string, ManifestRoute>;
  pages: Record<string, () => Promise<{ default: PageRecord }>>;
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
