import type { ReactNode } from 'react';
import type { PageRecord, TocItem } from '../../lib/types';
import './toc.css';

export const TOC_MIN_LEVEL = 2;
export const TOC_MAX_LEVEL = 3;

/**
 * A page's content column and, beside it, its table of contents of h2 and h3 headings.
 * The TOC comes after the content in the HTML, and the browser paints before it has
 * parsed that far: the container, parsed first, already holds the TOC's column, so
 * nothing moves when the TOC arrives.
 */
export default function WithTOC({ page, children }: { page: PageRecord; children: ReactNode }) {
  const items = page.hideTableOfContents ? [] : page.toc.filter((h) => h.level >= TOC_MIN_LEVEL && h.level <= TOC_MAX_LEVEL);
  return (
    <div className={items.length > 0 ? 'doc-item has-toc' : 'doc-item'}>
      <div className="doc-item-main">{children}</div>
      {items.length > 0 && <TOC items={items} />}
    </div>
  );
}

function TOC({ items }: { items: TocItem[] }) {
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul>
        {items.map((h) => (
          <li key={h.id} className={`toc-level-${h.level}`}><a href={`#${h.id}`}>{h.value}</a></li>
        ))}
      </ul>
    </nav>
  );
}
