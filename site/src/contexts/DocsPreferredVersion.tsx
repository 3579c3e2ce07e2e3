import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storage } from '../lib/storage';
import { preferredVersionKey } from '../lib/storageKeys.js';
import { DOCS_PLUGIN_ID, findVersion } from '../lib/versions';
import type { Version } from '../lib/types';

interface DocsPreferredVersionValue {
  /** The version the reader last picked, if it still exists. */
  preferredVersion: Version | undefined;
  savePreferredVersion: (name: string) => void;
}

const DocsPreferredVersionContext = createContext<DocsPreferredVersionValue | null>(null);

export function useDocsPreferredVersion(): DocsPreferredVersionValue {
  const v = useContext(DocsPreferredVersionContext);
  if (!v) throw new Error('useDocsPreferredVersion() was called outside <DocsPreferredVersionProvider>.');
  return v;
}

/**
 * The stored preference, validated: a name that matches no version (one
 * removed since the reader picked it) is deleted, not kept forever.
 */
function readPreferred(pluginId: string): Version | undefined {
  const key = preferredVersionKey(pluginId);
  const name = storage().get(key);
  if (name === null) return undefined;
  const v = findVersion(name);
  if (!v) storage().del(key);
  return v;
}

/** Preferred docs version per docs plugin; the site has one versioned plugin. */
export function DocsPreferredVersionProvider({ children }: { children: ReactNode }) {
  // Unknown on the server and the first client render, like the prerendered HTML.
  const [preferredVersion, setPreferred] = useState<Version | undefined>(undefined);
  useEffect(() => setPreferred(readPreferred(DOCS_PLUGIN_ID)), []);

  const savePreferredVersion = useCallback((name: string) => {
    storage().set(preferredVersionKey(DOCS_PLUGIN_ID), name);
    setPreferred(findVersion(name));
  }, []);

  const value = useMemo(() => ({ preferredVersion, savePreferredVersion }), [preferredVersion, savePreferredVersion]);
  return <DocsPreferredVersionContext.Provider value={value}>{children}</DocsPreferredVersionContext.Provider>;
}
