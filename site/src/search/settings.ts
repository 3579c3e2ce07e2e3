// Which search backend the site uses, and how search is scoped to the docs
// version being read.
import { siteConfig } from '../config';
import { preferredVersionKey } from '../lib/storageKeys.js';
import { matchRoute } from '../lib/routes';
import { storage } from '../lib/storage';
import { DOCS_PLUGIN_ID, findVersion, latestVersion } from '../lib/versions';

export interface HostedIndex { appId: string; apiKey: string; indexName: string }
export interface SearchSettings { hosted?: HostedIndex; missingResultsUrl?: string }

declare global {
  interface Window {
    /**
     * Replaces siteConfig.search for this page load when set before the app
     * starts: the e2e tests point it at a fake provider, and a maintainer can
     * try a hosted index against a production build without rebuilding.
     */
    __DOCS_SEARCH__?: { algolia?: HostedIndex; missingResultsUrl?: string };
  }
}

/** The name the offline index goes by (DocSearch keys recent searches with it). */
export const LOCAL_INDEX_NAME = 'devdocs';

/** The content tree whose versions scope search: its records are tagged docs-<tree>-<version> (site/searchindex.VersionTag). */
const VERSIONED_TREE = 'api';

export function searchSettings(): SearchSettings {
  const o = typeof window === 'undefined' ? undefined : window.__DOCS_SEARCH__;
  return {
    hosted: o?.algolia ?? siteConfig.search.algolia,
    missingResultsUrl: o?.missingResultsUrl ?? siteConfig.search.missingResultsUrl,
  };
}

/**
 * The version search is scoped to: the one of the page being read, else the
 * reader's preferred version, else the latest (as Docusaurus's contextual search).
 */
export function contextVersion(pathname: string): string {
  const own = matchRoute(pathname).version;
  if (own) return own;
  const preferred = typeof window === 'undefined' ? null : storage().get(preferredVersionKey(DOCS_PLUGIN_ID));
  return findVersion(preferred ?? undefined)?.name ?? latestVersion.name;
}

/**
 * Algolia facet filters for one version: the site's language, and that
 * version's pages or pages outside any version. `null` searches every version.
 */
export function facetFilters(version: string | null): Array<string | string[]> {
  const language = 'language:en';
  if (version === null) return [language];
  return [language, ['docusaurus_tag:default', `docusaurus_tag:docs-${VERSIONED_TREE}-${version}`]];
}
