import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useQueryString } from '../../contexts/Router';
import { searchOnce, type Hit, type SearchResult } from '../../search/client';
import { contextVersion, facetFilters } from '../../search/settings';
import { latestVersion, versions } from '../../lib/versions';
import Link from '../../theme/Link';
import './search.css';

const ALL = 'all';
const HITS_PER_PAGE = 20;
const MAX_QUERY = 64;

type State =
  | { status: 'idle' }
  | { status: 'loading' | 'done'; key: string; hits: Hit[]; nbHits: number; page: number; nbPages: number }
  | { status: 'error'; key: string };

type Action =
  | { type: 'start'; key: string; page: number }
  | { type: 'done'; key: string; result: SearchResult }
  | { type: 'fail'; key: string }
  | { type: 'reset' };

/** Results of one query and version; pages of hits are appended as they arrive. */
function reducer(state: State, a: Action): State {
  if (a.type === 'reset') return { status: 'idle' };
  const same = state.status !== 'idle' && state.key === a.key;
  switch (a.type) {
    case 'start':
      if (a.page > 0 && same && state.status !== 'error') return { ...state, status: 'loading' };
      return { status: 'loading', key: a.key, hits: [], nbHits: 0, page: -1, nbPages: 0 };
    case 'done': {
      if (!same || state.status === 'error') return state; // an answer to a query since replaced
      const { hits, nbHits, page, nbPages } = a.result;
      return { status: 'done', key: a.key, hits: page === 0 ? hits : [...state.hits, ...hits], nbHits, page, nbPages };
    }
    case 'fail':
      return same ? { status: 'error', key: a.key } : state;
  }
}

/** Hits grouped by page, in the order their best hit ranks. */
function byPage(hits: Hit[]): Hit[][] {
  const groups = new Map<string, Hit[]>();
  for (const h of hits) {
    const page = h.url_without_anchor ?? h.url.split('#')[0];
    groups.set(page, [...(groups.get(page) ?? []), h]);
  }
  return [...groups.values()];
}

/** Values from the search backend are HTML-escaped text with <mark> tags around matches. */
const Marked = ({ html, as: Tag = 'span', className }: { html: string; as?: 'span' | 'p'; className?: string }) =>
  <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;

function HitTitle({ hit }: { hit: Hit }): ReactNode {
  const levels = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'];
  const level = levels.find((l) => hit.hierarchy[l]);
  if (!level) return null;
  return <Marked className="search-hit-title" html={hit._highlightResult?.hierarchy?.[level]?.value ?? hit.hierarchy[level]!} />;
}

function PageGroup({ hits }: { hits: Hit[] }) {
  const first = hits[0];
  const page = first.url_without_anchor ?? first.url.split('#')[0];
  const title = first._highlightResult?.hierarchy?.lvl1?.value ?? first.hierarchy.lvl1 ?? page;
  return (
    <section className="search-group">
      <h2><Link to={page}><Marked html={title} /></Link></h2>
      <p className="search-group-section">{first.hierarchy.lvl0}</p>
      <ul>
        {hits.filter((h) => h.type !== 'lvl1' || h.content).map((h) => (
          <li key={h.objectID}>
            <Link to={h.url}>
              <HitTitle hit={h} />
              {h.content && <Marked as="p" html={h._snippetResult?.content?.value ?? h.content} />}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The version a ?version= value names, or the default one when it names none. */
function knownVersion(v: string | null): string {
  return v === ALL || versions.some((x) => x.name === v) ? v! : contextVersion('/search');
}

/**
 * The full-page search: every result for the query in ?q=, grouped by page,
 * for one docs version (or all), more as the reader scrolls. The query and
 * the version live in the address: typing rewrites ?q= in place, choosing a
 * version is a step of its own that Back undoes. The address is read only
 * after hydration (the prerendered page has no query), so server and client
 * first render the same markup.
 */
export default function Search() {
  const [q, setQ] = useQueryString('q');
  const [v, setV] = useQueryString('version');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const query = hydrated ? (q ?? '').slice(0, MAX_QUERY) : '';
  const version = hydrated ? knownVersion(v) : latestVersion.name;
  // The default version is left out of the address, so a link that names
  // it and one that does not share one canonical URL.
  const inAddress = (name: string) => (name === contextVersion('/search') ? null : name);
  const setVersion = (name: string) => setV(inAddress(name), { push: true });
  useEffect(() => {
    if (hydrated && v !== inAddress(version)) setV(inAddress(version));
  });
  const [state, dispatch] = useReducer(reducer, { status: 'idle' });
  const key = `${version}\u0000${query.trim()}`;

  const fetchPage = useCallback((page: number) => {
    if (!query.trim()) { dispatch({ type: 'reset' }); return; }
    dispatch({ type: 'start', key, page });
    searchOnce({
      query: query.trim(), page, hitsPerPage: HITS_PER_PAGE, facetFilters: facetFilters(version === ALL ? null : version),
      attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
      attributesToSnippet: ['content:24'], snippetEllipsisText: '…', highlightPreTag: '<mark>', highlightPostTag: '</mark>',
    }).then((result) => dispatch({ type: 'done', key, result }), () => dispatch({ type: 'fail', key }));
  }, [key, query, version]);

  // A new query or version starts from the first page.
  useEffect(() => { if (hydrated) fetchPage(0); }, [fetchPage, hydrated]);

  const more = state.status === 'done' && state.page + 1 < state.nbPages;
  const loadMore = useCallback(() => { if (more) fetchPage(state.page + 1); }, [more, fetchPage, state]);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) loadMore(); });
    io.observe(el);
    return () => io.disconnect();
  }, [more, loadMore]);

  return (
    <main id="__main" className="search-page">
      <h1>{query ? `Search results for "${query}"` : 'Search the documentation'}</h1>
      <form action="/search" method="get" role="search" className="search-form" onSubmit={(e) => e.preventDefault()}>
        <input type="search" name="q" aria-label="Search docs" placeholder="Search docs" maxLength={MAX_QUERY}
          value={query} onChange={(e) => setQ(e.target.value)} />
        <label>
          Version{' '}
          <select name="version" value={version} onChange={(e) => setVersion(e.target.value)}>
            {versions.map((v) => <option key={v.name} value={v.name}>{v.label}</option>)}
            <option value={ALL}>All versions</option>
          </select>
        </label>
      </form>
      <noscript><p className="search-status">Showing results needs JavaScript, which is turned off in this browser.</p></noscript>
      <Results state={state} query={query.trim()} />
      {more && <button type="button" className="button search-more" onClick={loadMore}>Load more results</button>}
      <div ref={sentinel} />
    </main>
  );
}

function Results({ state, query }: { state: State; query: string }) {
  switch (state.status) {
    case 'idle':
      return <p className="search-status">Type a query to search every page of the docs version you choose, the education hub and the site’s pages.</p>;
    case 'error':
      return (
        <div className="search-status" role="alert">
          <p><strong>Unable to fetch results</strong></p>
          <p>You might want to check your network connection.</p>
        </div>
      );
  }
  if (state.status === 'loading' && state.page < 0) return <p className="search-status" aria-live="polite">Searching…</p>;
  if (state.nbHits === 0) return <p className="search-status" aria-live="polite">No results for "{query}"</p>;
  return (
    <>
      <p className="search-status" aria-live="polite">{state.nbHits === 1 ? '1 result' : `${state.nbHits} results`}</p>
      {byPage(state.hits).map((hits) => <PageGroup key={hits[0].objectID} hits={hits} />)}
    </>
  );
}
