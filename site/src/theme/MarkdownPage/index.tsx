import type { PageRecord } from '../../lib/types';
import Markdown from '../Markdown';
import TOC from '../TOC';

/** A standalone markdown page (FAQ, terminology, litepaper, …). */
export default function MarkdownPage({ page }: { page: PageRecord }) {
  return (
    <main id="__main" className={`markdown-page markdown-page-${page.kind}`}>
      <div className="doc-item">
        <div className="doc-item-main">
          <article>
            <h1>{page.title}</h1>
            {page.description && page.kind === 'litepaper' && <p className="lead">{page.description}</p>}
            <Markdown html={page.html} />
          </article>
        </div>
        {!page.hideTableOfContents && <TOC toc={page.toc} />}
      </div>
    </main>
  );
}
