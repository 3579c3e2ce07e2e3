import { useEffect, useState } from 'react';
import './loader.css';

export const LOADER_DELAY_MS = 200;

/** The page-loading spinner (128×110 px), shown only once loading has taken 200 ms. */
export function Loader() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  if (!visible) return null;
  return (
    <div className="loader" role="status" aria-label="Loading">
      <svg width="128" height="110" viewBox="0 0 128 110" aria-hidden="true">
        <circle className="loader-track" cx="64" cy="55" r="40" />
        <circle className="loader-arc" cx="64" cy="55" r="40" />
      </svg>
    </div>
  );
}

/** The red box shown when page content failed to load. */
export function LoadError({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p>{error.message}</p>
      <button type="button" onClick={retry}>Retry</button>
    </div>
  );
}
