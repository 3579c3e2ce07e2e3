import { useEffect, useState } from 'react';
import { useRouter } from '../../contexts/Router';

export const PROGRESS_DELAY_MS = 200;

/** A thin bar across the top while a navigation takes longer than 200 ms. */
export default function ProgressBar() {
  const { pending } = useRouter();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(t);
  }, [pending]);
  // Shown only while pending: a timer that fires as the content arrives
  // (late, on a busy machine) renders with the navigation's end, and the
  // bar must not show after the address has switched.
  return visible && pending ? <div className="progress-bar" role="progressbar" aria-label="Loading page" /> : null;
}
