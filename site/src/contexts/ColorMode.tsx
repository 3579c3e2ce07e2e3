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

const systemQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The mode to show when the reader has not chosen one: the system's if configured, else the default. */
function unchosenMode(): ColorMode {
  const { defaultMode, respectPrefersColorScheme } = siteConfig.colorMode;
  if (!respectPrefersColorScheme) return defaultMode;
  return systemQuery().matches ? 'dark' : 'light';
}

/**
 * Follows system changes while nothing is stored. Printing is skipped: some
 * browsers report a light preference for print media, and a page that turns
 * light mid-print and stays so afterwards is a bug, not a preference.
 */
function useSystemColorMode(show: (m: ColorMode) => void) {
  useEffect(() => {
    if (!siteConfig.colorMode.respectPrefersColorScheme) return;
    const mq = systemQuery();
    const onChange = () => {
      if (window.matchMedia('print').matches || storage().get(THEME_KEY) !== null) return;
      show(unchosenMode());
    };
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [show]);
}

/** Another tab changed (or cleared) the stored mode. */
function useColorModeSync(show: (m: ColorMode) => void) {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === THEME_KEY || e.key === null) show(isMode(e.newValue) ? e.newValue : unchosenMode());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [show]);
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  // The first render matches the prerendered HTML (the default mode); the
  // head script has already painted the right mode, and the effect below
  // brings React's state in line with it.
  const [colorMode, setState] = useState<ColorMode>(siteConfig.colorMode.defaultMode);
  const show = useCallback((m: ColorMode) => {
    apply(m);
    setState(m);
  }, []);

  useEffect(() => {
    const shown = document.documentElement.getAttribute('data-theme');
    if (isMode(shown)) setState(shown);
  }, []);
  useSystemColorMode(show);
  useColorModeSync(show);

  const setColorMode = useCallback((m: ColorMode) => {
    show(m);
    storage().set(THEME_KEY, m);
  }, [show]);

  const value = useMemo(() => ({ colorMode, setColorMode }), [colorMode, setColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}
