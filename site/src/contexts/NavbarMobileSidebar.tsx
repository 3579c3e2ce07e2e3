import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHistoryPopHandler, useRouter } from './Router';
import type { SidebarItem } from '../lib/types';

export const MOBILE_BREAKPOINT_PX = 996;

/** What a page offers the drawer's secondary menu: its docs sidebar. */
export interface SecondaryMenu { items: SidebarItem[]; active: string }

interface NavbarMobileSidebarValue {
  shown: boolean;
  toggle: () => void;
  close: () => void;
  /** The current page's sidebar, shown in the drawer before the main menu. */
  secondary: SecondaryMenu | null;
  setSecondary: (m: SecondaryMenu | null) => void;
}

const NavbarMobileSidebarContext = createContext<NavbarMobileSidebarValue | null>(null);

export function useNavbarMobileSidebar(): NavbarMobileSidebarValue {
  const v = useContext(NavbarMobileSidebarContext);
  if (!v) throw new Error('useNavbarMobileSidebar() was called outside <NavbarMobileSidebarProvider>.');
  return v;
}

/** Registers a page's sidebar as the drawer's secondary menu while the page is shown. */
export function useSecondaryMenu(menu: SecondaryMenu | null) {
  const { setSecondary } = useNavbarMobileSidebar();
  useEffect(() => {
    setSecondary(menu);
    return () => setSecondary(null);
  }, [menu, setSecondary]);
}

/**
 * The mobile drawer (≤ 996 px). It closes on every route change, when the
 * viewport grows to desktop, and on Back, which would otherwise take the
 * reader off the page they opened the drawer on.
 */
export function NavbarMobileSidebarProvider({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const [shown, setShown] = useState(false);
  const [secondary, setSecondary] = useState<SecondaryMenu | null>(null);
  const toggle = useCallback(() => setShown((s) => !s), []);
  const close = useCallback(() => setShown(false), []);

  useEffect(close, [location.pathname, close]);
  useEffect(() => {
    const desktop = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`);
    const onChange = () => desktop.matches && close();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [close]);
  useHistoryPopHandler(() => {
    if (!shown) return;
    close();
    return false;
  });

  const value = useMemo(() => ({ shown, toggle, close, secondary, setSecondary }), [shown, toggle, close, secondary]);
  return <NavbarMobileSidebarContext.Provider value={value}>{children}</NavbarMobileSidebarContext.Provider>;
}
