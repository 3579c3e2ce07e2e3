import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { siteConfig } from '../config';
import { THEME_KEY } from '../lib/storageKeys.js';
import { storage } from '../lib/storage';

export type ColorMode = 'light' | 'dark';

interface ColorModeValue {
  colorMode: ColorMode;
  setColorMode: (m: ColorMode) => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

export function useColorMode(): ColorModeValue {
  const v = useContext(ColorModeContext);
  if (!v) throw new Error('useColorMode() was called outside <ColorModeProvider>.');
  return v;
}

const isMode = (v: unknown): v is ColorMode => v === 'light' || v === 'dark';

function apply(mode: ColorMode) {
  document.documentElement.setAttribute('data-theme', mode);
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  // The first render matches the prerendered HTML (the default mode); the
  // head script has already painted the stored mode, and the effect below
  // brings React's state in line with it.
  const [colorMode, setState] = useState<ColorMode>(siteConfig.colorMode.defaultMode);

  useEffect(() => {
    const shown = document.documentElement.getAttribute('data-theme');
    if (isMode(shown)) setState(shown);
    const onStorage = (e: StorageEvent) => {
      if (e.key !== THEME_KEY) return;
      const m = isMode(e.newValue) ? e.newValue : siteConfig.colorMode.defaultMode;
      apply(m);
      setState(m);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setColorMode = useCallback((m: ColorMode) => {
    apply(m);
    setState(m);
    storage().set(THEME_KEY, m);
  }, []);

  const value = useMemo(() => ({ colorMode, setColorMode }), [colorMode, setColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}
