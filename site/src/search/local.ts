// The offline backend: an Algolia-shaped search client over the index the
// build ships, one file per docs version plus one for pages outside any
// version. Files are fetched on first use, only those a request's version
// filter names.
import { LocalIndex, parseFacet, type SearchRequest } from './engine.js';
import { unpack, type Packed } from './pack.js';

const files = import.meta.glob<{ default: Packed }>('../../.generated/search/*.json');
const fileOf = (key: string) => `../../.generated/search/${key}.json`;
const allKeys = Object.keys(files).map((f) => f.replace(/^.*\/(.*)\.json$/, '$1'));

const index = new LocalIndex();
const loading = new Map<string, Promise<void>>();

/** docusaurus_tag "docs-api-1.2" is file api-1.2; "default" is the shared file. */
function keyOfTag(tag: string): string {
  return tag === 'default' ? 'shared' : tag.replace(/^docs-/, '');
}

/** The files a request needs: those its version filter names, else all. */
export function keysFor(req: SearchRequest): string[] {
  const flat = (Array.isArray(req.facetFilters) ? req.facetFilters : [req.facetFilters ?? []]).flat();
  const tags = flat.map(parseFacet).filter((f) => f.attr === 'docusaurus_tag' && !f.negate).map((f) => keyOfTag(f.value));
  return tags.length ? tags.filter((k) => allKeys.includes(k)) : allKeys;
}

/** The error DocSearch shows as "Unable to fetch results" (it checks the name). */
class RetryError extends Error {
  constructor(cause: unknown) {
    super('Unable to load the search index', { cause });
    this.name = 'RetryError';
  }
}

function load(key: string): Promise<void> {
  let p = loading.get(key);
  if (!p) {
    p = files[fileOf(key)]().then((m) => index.add(unpack(m.default, 'en')));
    // A failed fetch (offline, a new deploy) is tried again on the next query.
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/** Fetches and indexes the files for these requests ahead of the first query. */
export function preload(requests: SearchRequest[]): Promise<void> {
  return Promise.all(requests.flatMap(keysFor).map(load)).then(() => undefined);
}

/** Algolia's client.search({ requests }) answered offline. */
export async function search({ requests }: { requests: SearchRequest[] }) {
  try {
    await preload(requests);
  } catch (e) {
    throw new RetryError(e);
  }
  return { results: requests.map((r) => index.search(r)) };
}
