// The DocSearch modal, loaded on demand. It talks to a hosted index when one
// is configured, otherwise to the offline index through the same Algolia
// client interface, scoped to the docs version being read.
import { DocSearchModal, type DocSearchHit, type DocSearchTransformClient } from '@docsearch/react';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import '@docsearch/css/dist/modal.css';
import { siteConfig } from '../../config';
import { useRouter } from '../../contexts/Router';
import { trapTab } from '../../lib/focusTrap';
import * as local from '../../search/local';
import { LOCAL_INDEX_NAME, contextVersion, facetFilters, searchSettings } from '../../search/settings';
import Link from '../Link';

/** Starts fetching the index the modal will need, so the first query finds it ready. */
export function warm(pathname: string) {
  if (searchSettings().hosted) return;
  void local.preload([{ facetFilters: facetFilters(contextVersion(pathname)) }]).catch(() => {});
}

const offline = (client: DocSearchTransformClient): DocSearchTransformClient =>
  ({ ...client, search: local.search as unknown as DocSearchTransformClient['search'] });

/** A hosted index may store absolute URLs of the live site: keep navigation in this one. */
function sitePath(url: string): string {
  return url.startsWith(siteConfig.url) ? url.slice(siteConfig.url.length) || '/' : url;
}

const toSitePaths = (items: DocSearchHit[]) => items.map((it) => ({ ...it, url: sitePath(it.url) }));

// A hit is an option of the search field's list box: the keyboard moves
// through hits with the arrow keys and opens one with Enter. Its link is
// for the pointer (click, middle click, copy link) and out of the Tab order.
const Hit = ({ hit, children }: { hit: { url: string }; children: ReactNode }) => (
  <Link to={hit.url} tabIndex={-1}>{children}</Link>
);

/** The link to the full result list on /search, with the version searched when it is not the latest. */
export function searchPageHref(query: string, version?: string): string {
  const params = new URLSearchParams({ q: query });
  if (version) params.set('version', version);
  return `/search?${params}`;
}

export default function Modal({ initialQuery, onClose }: { initialQuery?: string; onClose: () => void }) {
  const { location, navigate } = useRouter();
  const { hosted, missingResultsUrl } = searchSettings();
  const version = contextVersion(location.pathname);
  // DocSearch's own focus trap lists the modal's controls once, when it
  // opens: its last one is the hidden Algolia logo here, and the results
  // come later, so Tab walked out of the modal into the page behind it.
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const dialog = document.querySelector<HTMLElement>('.DocSearch-Modal');
      if (dialog) trapTab(dialog, e);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);

  // DocSearch builds its search state anew whenever one of these props is a
  // new object, and that empties the box: so they change only with what
  // they depend on, not with every render of this component (a page that
  // arrives behind the open modal re-renders it).
  const searchParameters = useMemo(() => ({ facetFilters: facetFilters(version) }), [version]);
  const hitNavigator = useMemo(() => ({ navigate: ({ itemUrl }: { itemUrl: string }) => navigate(itemUrl) }), [navigate]);
  const Footer = useCallback(({ state }: { state: { query: string; context: Record<string, unknown> } }) => (
    <Link to={searchPageHref(state.query, version)} onClick={onClose}>
      See all {String(state.context.nbHits)} results
    </Link>
  ), [version, onClose]);

  return (
    <>
      {/* "Search by Algolia" credits the hosted service; offline, Algolia answers nothing. */}
      {!hosted && <style>{'.DocSearch-Logo { display: none; }'}</style>}
      <DocSearchModal
        appId={hosted?.appId ?? LOCAL_INDEX_NAME}
        apiKey={hosted?.apiKey ?? LOCAL_INDEX_NAME}
        indexName={hosted?.indexName ?? LOCAL_INDEX_NAME}
        transformSearchClient={hosted ? undefined : offline}
        searchParameters={searchParameters}
        placeholder="Search docs"
        initialQuery={initialQuery}
        initialScrollY={window.scrollY}
        onClose={onClose}
        navigator={hitNavigator}
        transformItems={toSitePaths}
        hitComponent={Hit}
        resultsFooterComponent={Footer}
        getMissingResultsUrl={missingResultsUrl ? ({ query }) => missingResultsUrl.replace('{query}', encodeURIComponent(query)) : undefined}
      />
    </>
  );
}
