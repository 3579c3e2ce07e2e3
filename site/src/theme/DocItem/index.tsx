import { siteConfig } from '../../config';
import { matchRoute } from '../../lib/routes';
import { findVersion, latestVersion, versionTarget } from '../../lib/versions';
import type { PageRecord, SidebarItem } from '../../lib/types';
import DocBreadcrumbs from '../DocBreadcrumbs';
import Link from '../Link';
import Markdown from '../Markdown';
import WithTOC from '../TOC';

function VersionBanner({ page }: { page: PageRecord }) {
  const v = findVersion(page.version);
  if (!v?.banner) return null;
  const latest = versionTarget(latestVersion, page.permalink, matchRoute(page.permalink));
  return (
    <div className="version-banner" role="note">
      {v.banner === 'unreleased'
        ? <>This is unreleased documentation for the next version of the RISC Zero zkVM.</>
        : <>This is documentation for version {v.label}, which is no longer actively maintained.</>}{' '}
      For up-to-date documentation, see the <Link to={latest}><b>latest version</b></Link> ({latestVersion.label}).
    </div>
  );
}

function Pagination({ page }: { page: PageRecord }) {
  if (!page.previous && !page.next) return null;
  return (
    <nav className="pagination" aria-label="Docs pages">
      {page.previous ? <Link to={page.previous.href} className="pagination-link"><span>Previous</span>{page.previous.title}</Link> : <span />}
      {page.next ? <Link to={page.next.href} className="pagination-link pagination-next"><span>Next</span>{page.next.title}</Link> : <span />}
    </nav>
  );
}

/** A docs page: version banner, breadcrumbs, title, content, edit link, pagination, TOC. */
export default function DocItem({ page, sidebar }: { page: PageRecord; sidebar: SidebarItem[] | null }) {
  const editHref = siteConfig.editUrl + page.source;
  return (
    <WithTOC page={page}>
      <VersionBanner page={page} />
      <DocBreadcrumbs items={sidebar} path={page.permalink} title={page.title} />
      {page.version && <span className="version-badge">Version: {findVersion(page.version)?.label}</span>}
      <article>
        <h1>{page.title}</h1>
        <Markdown html={page.html} />
      </article>
      <p className="edit-link"><Link to={editHref}>Edit this page</Link></p>
      <Pagination page={page} />
    </WithTOC>
  );
}
