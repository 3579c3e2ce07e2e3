import Link from '../../theme/Link';

export default function NotFound() {
  return (
    <main id="__main" className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for. The page may have moved to a new docs version, or the link may be mistyped.</p>
      <p>Try the <Link to="/api">latest documentation</Link>, the <Link to="/search">search page</Link>, or the <Link to="/">home page</Link>.</p>
    </main>
  );
}
