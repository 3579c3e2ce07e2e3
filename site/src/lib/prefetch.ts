import { forgetRoute, loadRoute } from './routes';

interface NetworkInformation { effectiveType?: string; saveData?: boolean }

/** Prefetching is skipped on slow (2g) connections and when the reader asked to save data. */
export function canPrefetch(conn: NetworkInformation | undefined): boolean {
  if (!conn) return true;
  return !conn.saveData && !/(^|-)2g$/.test(conn.effectiveType ?? '');
}

export function prefetch(pathname: string) {
  const conn = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!canPrefetch(conn)) return;
  loadRoute(pathname).catch(() => forgetRoute(pathname));
}
