import { siteConfig } from '../../config';
import { breadcrumbListJSON, trail } from '../../lib/breadcrumbs.js';
import type { SidebarItem } from '../../lib/types';
import { labels } from '../labels';
import Link from '../Link';

/**
 * Above a docs page: the home icon, the categories of the sidebar that hold
 * the page (links where a category has a page of its own), then the page.
 * Rendered on the server too, with its schema.org BreadcrumbList, so both are
 * in the prerendered HTML and need no JavaScript.
 */
export default function DocBreadcrumbs({ items, path, title }: { items: SidebarItem[] | null; path: string; title: string }) {
  const crumbs = (items && trail(items, path)) ?? [{ label: title, href: path }];
  const last = crumbs.length - 1;
  return (
    <nav className="breadcrumbs" aria-label={labels.breadcrumbs}>
      <ol>
        <li>
          <Link to="/" className="breadcrumbs-home" aria-label={labels.homePage}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6a1 1 0 0 0-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" /></svg>
          </Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={i}>
            {i === last ? <span aria-current="page">{c.label}</span> : c.href ? <Link to={c.href}>{c.label}</Link> : <span>{c.label}</span>}
          </li>
        ))}
      </ol>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: breadcrumbListJSON(crumbs, siteConfig.url) }} />
    </nav>
  );
}
