import type { ComponentType } from 'react';

export interface TocItem { level: number; id: string; value: string }
export interface NavLink { title: string; href: string }

export interface PageRecord {
  title: string;
  description?: string;
  kind: string;
  plugin: string;
  version?: string;
  meta?: string;
  docId: string;
  sidebar?: string;
  permalink: string;
  source: string;
  hideTableOfContents?: boolean;
  toc: TocItem[];
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

export interface ManifestRoute { kind: string; page?: string; meta?: string; version?: string; docId?: string }

export interface Manifest {
  versions: Version[];
  routes: Record<string, ManifestRoute>;
  redirects: Record<string, string>;
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
