import { prerender } from 'react-dom/static';
import App from './App';
import { headFor } from './lib/head';
import { loadRoute } from './lib/routes';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Renders one route to HTML, waiting for its lazy content (never its spinner). */
export async function render(pathname: string, routeKey: string): Promise<{ html: string; head: string; page?: string; meta?: string; kind: string; hasMath?: boolean }> {
  const data = await loadRoute(pathname);
  // React outlines a large Suspense boundary (a long docs page) into a hidden
  // segment revealed later by a script, a layout shift on every load; with
  // no chunk limit the whole page is in place in the HTML as sent.
  const { prelude } = await prerender(<App location={{ pathname, search: '', hash: '' }} />, { progressiveChunkSize: Infinity });
  const html = await new Response(prelude).text();
  const h = headFor(data);
  const head = [
    `<title>${escape(h.title)}</title>`,
    `<meta name="docs-route" content="${escape(routeKey)}" />`,
    `<meta name="description" content="${escape(h.description)}" />`,
    `<meta property="og:title" content="${escape(h.title)}" />`,
    h.canonical ? `<link rel="canonical" href="${escape(h.canonical)}" />` : '',
  ].filter(Boolean).join('\n    ');
  return { html, head, page: data.route.page, meta: data.route.meta, kind: data.route.kind, hasMath: data.page?.hasMath };
}
