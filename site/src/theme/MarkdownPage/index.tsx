import type { PageRecord } from '../../lib/types';
import Markdown from '../Markdown';
import WithTOC from '../TOC';

/** A standalone markdown page (FAQ, terminology, litepaper, …). */
export default function MarkdownPage({ page }: { page: PageRecord }) {
  return (
    <main id="__main" className={`markdown-page markdown-page-${page.kind}`}>
      <WithTOC page={page}>
        <article>
          <h1>{page.title}</h1>
          {page.description && page.kind === 'litepaper' && <p className="lead">{page.description}</p>}
          <Markdown html={page.html} />
        </article>
      </WithTOC>
    </main>
  );
}
