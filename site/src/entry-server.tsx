import { prerender } from 'react-dom/static';
import App from './App';
import { headFor } from './lib/head';
import { loadRoute } from './lib/routes';
import { pageDataScript } from './lib/pageData';

export { siteConfig } from './config';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Renders one route to HTML, waiting for its lazy content (never its spinner). */
export async function render(pathname: string, routeKey: string): Promise<{ html: string; head: string; meta?: string; component?: string; hasMath?: boolean }> {
  const data = await loadRoute(pathname);
  // React outlines a Suspense boundary bigger than progressiveChunkSize (12.8 kB
  // by default) into a hidden <div> that an inline script reveals later: long
  // pages would be blank without JavaScript and jump into place with it. A
  // static page is complete, so nothing is outlined.
  const { prelude } = await prerender(<App location={{ pathname, search: '', hash: '' }} />, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const html = await new Response(prelude).text();
  const h = headFor(data);
  const head = [
    `<title>${escape(h.title)}</title>`,
    `<meta name="docs-route" content="${escape(routeKey)}" />`,
    `<meta name="description" content="${escape(h.description)}" />`,
    `<meta property="og:title" content="${escape(h.title)}" />`,
    h.canonical ? `<link rel="canonical" href="${escape(h.canonical)}" />` : '',
    data.page ? pageDataScript(data.page) : '',
  ].filter(Boolean).join('\n    ');
  return { html, head, meta: data.route.meta, component: data.route.component, hasMath: data.page?.hasMath };
}
