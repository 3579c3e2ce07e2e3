import type { TocItem } from '../../lib/types';
import './toc.css';

export const TOC_MIN_LEVEL = 2;
export const TOC_MAX_LEVEL = 3;

/** The table of contents: heading levels 2 to 3. */
export default function TOC({ toc }: { toc: TocItem[] }) {
  const items = toc.filter((h) => h.level >= TOC_MIN_LEVEL && h.level <= TOC_MAX_LEVEL);
  if (items.length === 0) return null;
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
