import { siteConfig } from '../../config';
import { useDocsPreferredVersion } from '../../contexts/DocsPreferredVersion';
import { useRouter } from '../../contexts/Router';
import { matchRoute } from '../../lib/routes';
import { findVersion, latestVersion, versions, versionTarget } from '../../lib/versions';
import { labels } from '../labels';
import Link from '../Link';

interface Item { label: string; to: string; onClick?: () => void }

const primary: Item[] = [
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
          <li key={it.label}><Link to={it.to} className="navbar-dropdown-link" onClick={it.onClick}>{it.label}</Link></li>
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
  return <Dropdown label={mobile ? labels.versions : version.label} items={items} className="navbar-versions" />;
}

function DocumentationLink() {
  const { version } = useShownVersion();
  return <Link to={version.path} className="navbar-link">Documentation</Link>;
}

const community: Item[] = siteConfig.community.map((c) => ({ label: c.label, to: 'href' in c ? c.href : c.to }));

export function NavItems({ mobile }: { mobile?: boolean }) {
  return (
    <>
      <DocumentationLink />
      {primary.map((it) => <Link key={it.label} to={it.to} className="navbar-link">{it.label}</Link>)}
      <VersionDropdown mobile={mobile} />
      <Link to={siteConfig.blogUrl} className="navbar-link">Blog</Link>
      <Link to={siteConfig.githubUrl} className="navbar-link" aria-label="GitHub repository">GitHub</Link>
      <Dropdown label="Community" items={community} />
    </>
  );
}
