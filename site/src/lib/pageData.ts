// The prerendered page's record travels in its own document, so the page's
// content is shipped once: the HTML the reader sees is the record's html, and
// the rest of the record (title, table of contents, neighbours; small) is a
// JSON script in <head>. The client hydrates from these and never fetches
// the page's content chunk; other pages still load theirs on navigation.
import type { PageRecord } from './types';

/** The id of the JSON script; the prerendered markdown is the first .markdown in the app root. */
const DATA_ID = '__docs-page';
const MARKDOWN = '#__docs .markdown';

/** The record minus its html, as a script element safe to put in HTML. */
export function pageDataScript(record: PageRecord): string {
  const { html: _html, ...rest } = record;
  // "<" escaped keeps "</script>" or "<!--" in a title from ending the element.
  const json = JSON.stringify(rest).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${DATA_ID}">${json}</script>`;
}

/** The prerendered page's record read back from the document, before hydration changes anything. */
export function readPageData(doc: Document): PageRecord | undefined {
  const data = doc.getElementById(DATA_ID)?.textContent;
  const markdown = doc.querySelector(MARKDOWN);
  if (!data || !markdown) return undefined;
  return { ...(JSON.parse(data) as Omit<PageRecord, 'html'>), html: markdown.innerHTML };
}
