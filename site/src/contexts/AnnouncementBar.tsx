import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { siteConfig } from '../config';
import { storage } from '../lib/storage';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../lib/storageKeys.js';

interface AnnouncementBarValue {
  /** False once the reader closed this bar (this id). */
  isActive: boolean;
  close: () => void;
}

const AnnouncementBarContext = createContext<AnnouncementBarValue | null>(null);

export function useAnnouncementBar(): AnnouncementBarValue {
  const v = useContext(AnnouncementBarContext);
  if (!v) throw new Error('useAnnouncementBar() was called outside <AnnouncementBarProvider>.');
  return v;
}

/** Reads the dismissal of the current bar; a new id forgets the old dismissal. */
function readDismissed(id: string): boolean {
  const store = storage();
  if (store.get(ANNOUNCEMENT_ID_KEY) !== id) {
    store.set(ANNOUNCEMENT_ID_KEY, id);
    store.del(ANNOUNCEMENT_DISMISS_KEY);
    return false;
  }
  return store.get(ANNOUNCEMENT_DISMISS_KEY) === 'true';
}

export function AnnouncementBarProvider({ children }: { children: ReactNode }) {
  const bar = siteConfig.announcementBar;
  // Active on the first render, like the prerendered HTML; the head script
  // has already hidden a dismissed bar with CSS, so dropping it here moves nothing.
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (bar) setDismissed(readDismissed(bar.id));
  }, [bar]);

  const close = useCallback(() => {
    setDismissed(true);
    storage().set(ANNOUNCEMENT_DISMISS_KEY, 'true');
  }, []);

  const value = useMemo(() => ({ isActive: !!bar && !dismissed, close }), [bar, dismissed, close]);
  return <AnnouncementBarContext.Provider value={value}>{children}</AnnouncementBarContext.Provider>;
}
