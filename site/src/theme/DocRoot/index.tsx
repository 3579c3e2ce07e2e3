import { useMemo } from 'react';
import { useSecondaryMenu } from '../../contexts/NavbarMobileSidebar';
import type { RouteData } from '../../lib/types';
import DocItem from '../DocItem';
import DocSidebar from '../DocSidebar';
import './doc.css';

/**
 * The docs root and version root in one: the version's sidebar (from its
 * metadata record) beside the page. A page in no sidebar spans the width.
 */
export default function DocRoot({ data }: { data: RouteData }) {
  const page = data.page!;
  const items = (page.sidebar && data.meta?.sidebars[page.sidebar]) || null;
  useSecondaryMenu(useMemo(() => items && { items, active: page.permalink }, [items, page.permalink]));
  return (
    <div className={`doc-root${items ? '' : ' doc-root-no-sidebar'}`}>
      {items && <aside className="doc-sidebar"><DocSidebar items={items} active={page.permalink} /></aside>}
      <main id="__main" className="doc-main"><DocItem page={page} sidebar={items} /></main>
    </div>
  );
}
