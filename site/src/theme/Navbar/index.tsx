import { useRef } from 'react';
import { useNavbarMobileSidebar } from '../../contexts/NavbarMobileSidebar';
import ColorModeToggle from '../ColorModeToggle';
import { labels } from '../labels';
import Link from '../Link';
import NavbarMobileSidebar from './MobileSidebar';
import { NavItems, useCurrent } from './NavItems';
import SearchBar from '../SearchBar';
import './navbar.css';

export default function Navbar() {
  const { shown, toggle } = useNavbarMobileSidebar();
  const toggleButton = useRef<HTMLButtonElement>(null);
  const home = useCurrent('/');
  return (
    <nav className="navbar" aria-label="Main">
      <button ref={toggleButton} type="button" className="navbar-toggle" aria-label={labels.toggleNavBar} aria-expanded={shown} onClick={toggle}>
        <svg viewBox="0 0 30 30" width="30" height="30" aria-hidden="true"><path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h22M4 15h22M4 23h22" /></svg>
      </button>
      {/* Where the navbar is tight the brand is "RISC Zero" for the eye (navbar.css); its name stays whole. */}
      <Link to="/" className="navbar-brand" aria-current={home}>
        <img src="/img/favicon.svg" alt="" width="28" height="28" />
        <span>RISC Zero <b>Developer Docs</b></span>
      </Link>
      <div className="navbar-items"><NavItems /></div>
      <div className="navbar-end">
        <SearchBar />
        <ColorModeToggle />
      </div>
      <NavbarMobileSidebar toggle={toggleButton} />
    </nav>
  );
}
