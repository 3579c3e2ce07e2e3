import { useEffect, useState } from 'react';
import { useNavbarMobileSidebar } from '../../contexts/NavbarMobileSidebar';
import DocSidebar from '../DocSidebar';
import { labels } from '../labels';
import Link from '../Link';
import { NavItems } from './NavItems';

/**
 * The drawer of the mobile navbar. On a docs page it opens on the page's
 * sidebar (the secondary menu), with a way back to the main menu, as a
 * reader deep in the docs most likely wants the next page, not the navbar.
 */
export default function NavbarMobileSidebar() {
  const { shown, close, secondary } = useNavbarMobileSidebar();
  const [mainMenu, setMainMenu] = useState(false);
  useEffect(() => { if (shown) setMainMenu(false); }, [shown]);
  if (!shown) return null;
  return (
    <>
      <div className="navbar-sidebar-backdrop" onClick={close} />
      <div className="navbar-sidebar" role="dialog" aria-label="Navigation">
        <div className="navbar-sidebar-header">
          <Link to="/" className="navbar-brand"><span>RISC Zero <b>Developer Docs</b></span></Link>
          <button type="button" className="navbar-sidebar-close" aria-label={labels.close} onClick={close}>×</button>
        </div>
        {secondary && !mainMenu ? (
          <div className="navbar-sidebar-secondary">
            <button type="button" className="navbar-sidebar-back" onClick={() => setMainMenu(true)}>← {labels.backToMainMenu}</button>
            <DocSidebar items={secondary.items} active={secondary.active} />
          </div>
        ) : (
          <div className="navbar-sidebar-items"><NavItems mobile /></div>
        )}
      </div>
    </>
  );
}
