// One search call for the /search page, whichever the backend: the hosted
// provider through Algolia's own client, or the offline index. Both load on
// first use, so the page ships neither until someone searches.
import type { SearchRequest } from './engine.js';
import { searchSettings } from './settings';

export interface Hit {
  objectID: string;
  url: string;
  url_without_anchor?: string;
  type: string;
  hierarchy: Record<string, string | null>;
  content: string | null;
  _highlightResult?: { hierarchy?: Record<string, { value: string }>; content?: { value: string } };
  _snippetResult?: { hierarchy?: Record<string, { value: string }>; content?: { value: string } };
}

export interface SearchResult { hits: Hit[]; nbHits: number; page: number; nbPages: number; queryID?: string }

export async function searchOnce(req: SearchRequest): Promise<SearchResult> {
  const { hosted } = searchSettings();
  if (hosted) {
    const { liteClient } = await import('algoliasearch/lite');
    const client = liteClient(hosted.appId, hosted.apiKey);
    const { results } = await client.search({ requests: [{ ...req, indexName: hosted.indexName } as never] });
    return results[0] as unknown as SearchResult;
  }
  const local = await import('./local');
  return (await local.search({ requests: [req] })).results[0] as unknown as SearchResult;
}
