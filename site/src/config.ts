import { CONFIG_OVERRIDES_GLOBAL } from './lib/storageKeys.js';

/** A third-party visitor-analytics script, injected async after the page is up. */
export interface AnalyticsConfig {
  src: string;
  /** Extra attributes for the <script> tag, e.g. { 'data-domain': 'dev.risczero.com' }. */
  attributes?: Record<string, string>;
}

/** The bar above the navbar. A new id shows it again to readers who closed an older one. */
export interface AnnouncementBarConfig {
  id: string;
  /** Trusted HTML from this file, never from readers. */
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

// Site configuration: everything a maintainer may want to change in one place.
export const siteConfig = withOverrides({
  title: 'RISC Zero Developer Docs',
  tagline: 'Hyper-efficient general-purpose zero-knowledge computing',
  locale: { lang: 'en', direction: 'ltr', label: 'English' },
  announcementBar: {
    id: 'release-1.2',
    content: 'RISC Zero zkVM 1.2 is out. <a href="/api/zkvm/install">Install or upgrade</a> and read what changed in the <a href="https://github.com/risc0/risc0/releases">release notes</a>.',
    backgroundColor: '#f5d142',
    textColor: '#101418',
    isCloseable: true,
  } as AnnouncementBarConfig | undefined,
  // Unset: no analytics. Example: { src: 'https://plausible.io/js/script.js', attributes: { 'data-domain': 'dev.risczero.com' } }
  analytics: undefined as AnalyticsConfig | undefined,
  url: 'https://dev.risczero.com',
  baseUrl: '/',
  copyright: `Copyright © 2025 RISC Zero, Inc.`,
  editUrl: 'https://github.com/risc0/risc0/edit/main/website/',
  githubUrl: 'https://github.com/risc0/risc0',
  blogUrl: 'https://risczero.com/blog',
  community: [
    { label: 'Discord', href: 'https://discord.gg/risczero' },
    { label: 'X (Twitter)', href: 'https://twitter.com/risczero' },
    { label: 'YouTube', href: 'https://www.youtube.com/@risczero' },
    { label: 'Stack Exchange', href: 'https://ethereum.stackexchange.com/questions/tagged/risc0' },
    { label: "Contributor's Guide", to: '/contributors-guide' },
  ],
  colorMode: { defaultMode: 'dark' as const, disableSwitch: false, respectPrefersColorScheme: false as boolean },
  search: {
    // Set all three to query a hosted DocSearch (Algolia) index; unset, the
    // site searches the index it builds from its own pages, offline.
    algolia: undefined as undefined | { appId: string; apiKey: string; indexName: string },
    // When set, the no-results screen links "Let us know." here ({query} is replaced).
    missingResultsUrl: undefined as undefined | string,
  },
} as const);

/**
 * Overrides set on window before any page script runs (Playwright's
 * addInitScript, or a maintainer trying a setting) win over the values
 * above, one level deep. The built HTML never sets them, so readers always
 * get this file's values; the inline head script honours the same global.
 */
function withOverrides<T extends object>(config: T): T {
  const o = typeof window === 'undefined' ? undefined : (window as unknown as Record<string, Partial<T> | undefined>)[CONFIG_OVERRIDES_GLOBAL];
  if (!o) return config;
  const merged = { ...config } as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    const base = merged[k];
    merged[k] = isPlainObject(base) && isPlainObject(v) ? { ...base, ...v } : v;
  }
  return merged as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
