import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useNavbarMobileSidebar } from '../../contexts/NavbarMobileSidebar';
import { trapTab } from '../../lib/focusTrap';
import DocSidebar from '../DocSidebar';
import { labels } from '../labels';
import Link from '../Link';
import { NavItems } from './NavItems';

/**
 * The drawer of the mobile navbar. On a docs page it opens on the page's
 * sidebar (the secondary menu), with a way back to the main menu, as a
 * reader deep in the docs most likely wants the next page, not the navbar.
 * It is a modal dialog for the keyboard: opening moves focus into it, Tab
 * and Shift+Tab stay inside, and Escape, Close or the backdrop close it and
 * give focus back to the toggle.
 */
export default function NavbarMobileSidebar({ toggle }: { toggle: RefObject<HTMLButtonElement | null> }) {
  const { shown, close, secondary } = useNavbarMobileSidebar();
  const [mainMenu, setMainMenu] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => { if (shown) setMainMenu(false); }, [shown]);
  useEffect(() => {
    if (shown) dialog.current?.querySelector<HTMLElement>('.navbar-sidebar-close')?.focus();
  }, [shown]);
  if (!shown) return null;
  const dismiss = () => {
    close();
    toggle.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      dismiss();
    } else {
      trapTab(dialog.current!, e);
    }
  };
  const showMainMenu = () => {
    setMainMenu(true);
    // The button goes away with the sidebar: keep focus in the drawer, at the top of the main menu.
    requestAnimationFrame(() => dialog.current?.querySelector<HTMLElement>('.navbar-sidebar-items a, .navbar-sidebar-items button')?.focus());
  };
  return (
    <>
      <div className="navbar-sidebar-backdrop" onClick={dismiss} />
      <div ref={dialog} className="navbar-sidebar" role="dialog" aria-modal="true" aria-label="Navigation" onKeyDown={onKeyDown}>
        <div className="navbar-sidebar-header">
          <Link to="/" className="navbar-brand"><span>RISC Zero <b>Developer Docs</b></span></Link>
          <button type="button" className="navbar-sidebar-close" aria-label={labels.close} onClick={dismiss}>×</button>
        </div>
        {secondary && !mainMenu ? (
          <div className="navbar-sidebar-secondary">
            <button type="button" className="navbar-sidebar-back" onClick={showMainMenu}>← {labels.backToMainMenu}</button>
            <DocSidebar items={secondary.items} active={secondary.active} />
          </div>
        ) : (
          <div className="navbar-sidebar-items"><NavItems mobile /></div>
        )}
      </div>
    </>
  );
}
