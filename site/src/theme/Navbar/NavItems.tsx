import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { siteConfig } from '../../config';
import { useDocsPreferredVersion } from '../../contexts/DocsPreferredVersion';
import { useRouter } from '../../contexts/Router';
import { matchRoute } from '../../lib/routes';
import { findVersion, latestVersion, versions, versionTarget } from '../../lib/versions';
import { labels } from '../labels';
import Link from '../Link';

/** short: the label where the navbar is tight (navbar.css), never in the drawer. */
interface Item { label: string; short?: string; to: string; onClick?: () => void }

const primary: Item[] = [
  { label: 'Terminology', to: '/terminology' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Education Hub', short: 'Education', to: '/education' },
];

/** Both labels are in the HTML; the stylesheet shows one, so the link's name is always what it shows. */
function Label({ label, short }: { label: string; short?: string }) {
  return short ? <><span className="navbar-label-long">{label}</span><span className="navbar-label-short">{short}</span></> : <>{label}</>;
}

/**
 * A disclosure: the button shows and hides a list of links (hovering shows
 * it too). Enter, Space or a click toggle it, Down opens it on its first
 * link, Escape closes it and puts focus back on the button, and it closes
 * when focus or a click goes elsewhere. In the mobile drawer it starts open.
 */
function Dropdown({ label, items, className, mobile }: { label: string; items: Item[]; className?: string; mobile?: boolean }) {
  const [open, setOpen] = useState(!!mobile);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const focusFirst = useRef(false);
  useEffect(() => {
    if (open && focusFirst.current) root.current?.querySelector<HTMLElement>('.navbar-dropdown-link')?.focus();
    focusFirst.current = false;
    if (!open || mobile) return;
    const onPointerDown = (e: PointerEvent) => { if (!root.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, mobile]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open && !mobile) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' && e.target === button.current) {
      e.preventDefault();
      focusFirst.current = true;
      if (open) root.current?.querySelector<HTMLElement>('.navbar-dropdown-link')?.focus();
      else setOpen(true);
    }
  };
  const onBlur = (e: FocusEvent) => {
    if (!mobile && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <div ref={root} className={`navbar-dropdown ${className ?? ''}${open ? ' navbar-dropdown-open' : ''}`} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" className="navbar-link" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>{label}</button>
      <ul id={menuId} className="navbar-dropdown-menu">
        {items.map((it) => (
          <li key={it.label}><Link to={it.to} className="navbar-dropdown-link" onClick={() => { setOpen(!!mobile); it.onClick?.(); }}>{it.label}</Link></li>
        ))}
      </ul>
    </div>
  );
}

/** The version shown outside docs pages: the reader's preferred one, else the latest. */
function useShownVersion() {
  const { location } = useRouter();
  const { preferredVersion } = useDocsPreferredVersion();
  const route = matchRoute(location.pathname);
  return { path: location.pathname, route, version: findVersion(route.version) ?? preferredVersion ?? latestVersion };
}

/** Each version keeps the reader on the same page where it exists there; picking one remembers it. */
function VersionDropdown({ mobile }: { mobile?: boolean }) {
  const { savePreferredVersion } = useDocsPreferredVersion();
  const { path, route, version } = useShownVersion();
  const items = versions.map((v) => ({ label: v.label, to: versionTarget(v, path, route), onClick: () => savePreferredVersion(v.name) }));
  return <Dropdown label={mobile ? labels.versions : version.label} items={items} className="navbar-versions" mobile={mobile} />;
}

function DocumentationLink() {
  const { version } = useShownVersion();
  return <Link to={version.path} className="navbar-link"><Label label="Documentation" short="Docs" /></Link>;
}

const community: Item[] = siteConfig.community.map((c) => ({ label: c.label, to: 'href' in c ? c.href : c.to }));
/** Blog, GitHub and Community: where the navbar is narrowest they move into one "More" menu (navbar.css). */
const secondary: Item[] = [{ label: 'Blog', to: siteConfig.blogUrl }, { label: 'GitHub', to: siteConfig.githubUrl }, ...community];

export function NavItems({ mobile }: { mobile?: boolean }) {
  return (
    <>
      <DocumentationLink />
      {primary.map((it) => <Link key={it.label} to={it.to} className="navbar-link"><Label label={it.label} short={it.short} /></Link>)}
      <VersionDropdown mobile={mobile} />
      <Link to={siteConfig.blogUrl} className="navbar-link navbar-secondary">Blog</Link>
      <Link to={siteConfig.githubUrl} className="navbar-link navbar-secondary" aria-label="GitHub repository">GitHub</Link>
      <Dropdown label="Community" items={community} className="navbar-secondary" mobile={mobile} />
      {!mobile && <Dropdown label="More" items={secondary} className="navbar-more" />}
    </>
  );
}
