import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Announce = (message: string) => void;

const AnnouncerContext = createContext<Announce | null>(null);

/** Says a short message to screen readers through the page's one polite live region. */
export function useAnnounce(): Announce {
  const v = useContext(AnnouncerContext);
  if (!v) throw new Error('useAnnounce() was called outside <AnnouncerProvider>.');
  return v;
}

/**
 * The live region is in the prerendered HTML, empty, so it exists before
 * its first message (a region added together with its text is often not
 * read). The same message twice is read twice: the second time it differs
 * by a trailing no-break space, which screen readers do not speak.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const announce = useCallback<Announce>((m) => setMessage((prev) => (prev === m ? `${m}\u00a0` : m)), []);
  const value = useMemo(() => announce, [announce]);
  return (
    <AnnouncerContext.Provider value={value}>
      {children}
      <div className="visually-hidden announcer" role="status" aria-live="polite" aria-atomic="true">{message}</div>
    </AnnouncerContext.Provider>
  );
}
