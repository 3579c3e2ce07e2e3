import { useEffect, useState } from 'react';

/**
 * The full-page search. It reads ?q= after hydration (the prerendered page
 * has no query), so server and client render the same markup first.
 */
export default function Search() {
  const [query, setQuery] = useState('');
  useEffect(() => {
    setQuery(new URLSearchParams(window.location.search).get('q') ?? '');
  }, []);
  return (
    <main id="__main" className="search-page">
      <h1>{query ? `Search results for "${query}"` : 'Search the documentation'}</h1>
      <form action="/search" method="get" role="search">
        <input type="search" name="q" aria-label="Search docs" placeholder="Search docs" maxLength={64}
          value={query} onChange={(e) => setQuery(e.target.value)} />
      </form>
    </main>
  );
}
