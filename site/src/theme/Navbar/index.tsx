import { useEffect, useState } from 'react';
import { siteConfig } from '../../config';
import { useRouter } from '../../contexts/Router';
import { matchRoute } from '../../lib/routes';
import { findVersion, latestVersion, versions, versionTarget } from '../../lib/versions';
import ColorModeToggle from '../ColorModeToggle';
import Link from '../Link';
import SearchBar from '../SearchBar';
import './navbar.css';

export const MOBILE_BREAKPOINT_PX = 996;

interface Item { label: string; to: string }

const primary: Item[] = [
  { label: 'Documentation', to: latestVersion.path },
  { label: 'Terminology', to: '/terminology' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Education Hub', to: '/education' },
];

function Dropdown({ label, items, className }: { label: string; items: Item[]; className?: string }) {
  return (
    <div className={`navbar-dropdown ${className ?? ''}`}>
      <button type="button" className="navbar-link" aria-haspopup="true">{label}</button>
      <ul className="navbar-dropdown-menu">
        {items.map((it) => (
          <li key={it.label}><Link to={it.to} className="navbar-dropdown-link">{it.label}</Link></li>
        ))}
      </ul>
    </div>
  );
}

function VersionDropdown() {
  const { location } = useRouter();
  const route = matchRoute(location.pathname);
  const current = findVersion(route.version) ?? latestVersion;
  const items = versions.map((v) => ({ label: v.label, to: versionTarget(v, route.docId) }));
  return <Dropdown label={current.label} items={items} className="navbar-versions" />;
}

const community: Item[] = siteConfig.community.map((c) => ({ label: c.label, to: 'href' in c ? c.href : c.to }));

function NavItems() {
  return (
    <>
      {primary.map((it) => <Link key={it.label} to={it.to} className="navbar-link">{it.label}</Link>)}
      <VersionDropdown />
      <Link to={siteConfig.blogUrl} className="navbar-link">Blog</Link>
      <Link to={siteConfig.githubUrl} className="navbar-link" aria-label="GitHub repository">GitHub</Link>
      <Dropdown label="Community" items={community} />
    </>
  );
}

export default function Navbar() {
  const { location } = useRouter();
  const [open, setOpen] = useState(false);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    const mq = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`);
    const close = () => mq.matches && setOpen(false);
    mq.addEventListener('change', close);
    return () => mq.removeEventListener('change', close);
  }, []);

  return (
    <nav className="navbar" aria-label="Main">
      <button type="button" className="navbar-toggle" aria-label="Toggle navigation bar" aria-expanded={open} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 30 30" width="30" height="30" aria-hidden="true"><path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M4 7h22M4 15h22M4 23h22" /></svg>
      </button>
      <Link to="/" className="navbar-brand">
        <img src="/img/favicon.svg" alt="" width="28" height="28" />
        <span>RISC Zero <b>Developer Docs</b></span>
      </Link>
      <div className="navbar-items"><NavItems /></div>
      <div className="navbar-end">
        <SearchBar />
        <ColorModeToggle />
      </div>
      {open && (
        <div className="navbar-sidebar" role="dialog" aria-label="Navigation">
          <div className="navbar-sidebar-header">
            <Link to="/" className="navbar-brand"><span>RISC Zero <b>Developer Docs</b></span></Link>
            <button type="button" className="navbar-sidebar-close" aria-label="Close" onClick={() => setOpen(false)}>×</button>
          </div>
          <div className="navbar-sidebar-items"><NavItems /></div>
        </div>
      )}
    </nav>
  );
}
