import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { siteConfig } from '../../config';
import { useDocsPreferredVersion } from '../../contexts/DocsPreferredVersion';
import { useRouter } from '../../contexts/Router';
import { matchRoute } from '../../lib/routes';
import { routeOf } from '../../lib/routePath.js';
import type { ManifestRoute } from '../../lib/types';
import { findVersion, latestVersion, versions, versionTarget } from '../../lib/versions';
import { labels } from '../labels';
import Link from '../Link';

interface Item { label: string; to: string; onClick?: () => void }

/**
 * Where the reader is, for a link to `to`: "page" on that very page, "true"
 * on another page of its section (a screen reader says "current": the reader
 * is in it, but the link leads elsewhere), else nothing. The stylesheet marks
 * both for the eye from the attribute, so the two never disagree.
 */
type Current = 'page' | 'true' | undefined;

export function useCurrent(to: string, inSection?: (route: ManifestRoute) => boolean): Current {
  const { location } = useRouter();
  const path = routeOf(location.pathname);
  if (path === routeOf(to)) return 'page';
  return inSection?.(matchRoute(path)) ? 'true' : undefined;
}

/** An item's section: the pages of its page's sidebar (the Education Hub's), none for a page without one. */
const sameSidebar = (to: string) => (route: ManifestRoute) => {
  const own = matchRoute(to).meta;
  return own !== undefined && route.meta === own;
};

const primary: Item[] = [
  { label: 'Terminology', to: '/terminology' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Education Hub', to: '/education' },
];

/** A navbar link that marks the reader's page or section (useCurrent). */
function NavLink({ to, label, inSection, className = 'navbar-link', ...rest }: { to: string; label: string; inSection?: (route: ManifestRoute) => boolean; className?: string; onClick?: () => void }) {
  const current = useCurrent(to, inSection);
  return <Link to={to} className={className} aria-current={current} {...rest}>{label}</Link>;
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
          <li key={it.label}><NavLink to={it.to} label={it.label} className="navbar-dropdown-link" onClick={() => { setOpen(!!mobile); it.onClick?.(); }} /></li>
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

/** The docs of every version are its section. */
const isDocs = (route: ManifestRoute) => route.version !== undefined;

function DocumentationLink() {
  const { version } = useShownVersion();
  return <NavLink to={version.path} label="Documentation" inSection={isDocs} />;
}

const community: Item[] = siteConfig.community.map((c) => ({ label: c.label, to: 'href' in c ? c.href : c.to }));
/** Blog, GitHub and Community: where the navbar is narrowest they move into one "More" menu (navbar.css). */
const secondary: Item[] = [{ label: 'Blog', to: siteConfig.blogUrl }, { label: 'GitHub', to: siteConfig.githubUrl }, ...community];

export function NavItems({ mobile }: { mobile?: boolean }) {
  return (
    <>
      <DocumentationLink />
      {primary.map((it) => <NavLink key={it.label} to={it.to} label={it.label} inSection={sameSidebar(it.to)} />)}
      <VersionDropdown mobile={mobile} />
      <Link to={siteConfig.blogUrl} className="navbar-link navbar-secondary">Blog</Link>
      <Link to={siteConfig.githubUrl} className="navbar-link navbar-secondary" aria-label="GitHub repository">GitHub</Link>
      <Dropdown label="Community" items={community} className="navbar-secondary" mobile={mobile} />
      {!mobile && <Dropdown label="More" items={secondary} className="navbar-more" />}
    </>
  );
}
