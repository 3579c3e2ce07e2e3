// @ts-check
// The offline search engine: MiniSearch over DocSearch records, answering
// Algolia search requests with Algolia-shaped results, so the DocSearch
// modal and the search page cannot tell it from a hosted index.
import MiniSearch from 'minisearch';
import { highlight, snippet } from './highlight.js';
import { parseQuery, tokenize } from './tokenize.js';

/**
 * @typedef {import('./pack.js').SearchRecord} SearchRecord
 * @typedef {import('./highlight.js').Match} Match
 * @typedef {{ indexName?: string, query?: string, page?: number, hitsPerPage?: number,
 *   facetFilters?: string | Array<string | string[]>, attributesToSnippet?: string[], attributesToRetrieve?: string[],
 *   highlightPreTag?: string, highlightPostTag?: string, snippetEllipsisText?: string }} SearchRequest
 */

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
// A record is found by its own words (a heading's text, a paragraph), and
// also by the headings above it, so "receipts composite" finds the section
// "Composite receipts" of the page "Receipts"; its own words count most.
const BOOST = { own: 3, context: 1, lvl0: 0.5 };
// Among equal matches the page ranks first, then its sections, then text,
// as DocSearch's level ranking does.
const TYPE_BOOST = { lvl1: 3, lvl2: 2, lvl3: 1.6, lvl4: 1.3, lvl5: 1.3, lvl6: 1.3, content: 1 };
const HITS_PER_PAGE = 20;

/** @param {SearchRecord} r @param {string} name */
function field(r, name) {
  const own = r.type === 'content' ? 7 : Number(r.type.slice(3));
  switch (name) {
    case 'own': return r.content ?? r.hierarchy[/** @type {'lvl1'} */ (r.type)] ?? '';
    case 'context': return LEVELS.slice(1, own).map((l) => r.hierarchy[/** @type {'lvl1'} */ (l)] ?? '').join(' ');
    default: return r.hierarchy.lvl0 ?? '';
  }
}

export class LocalIndex {
  constructor() {
    /** @type {SearchRecord[]} */
    this.records = [];
    this.mini = new MiniSearch({
      idField: 'id',
      fields: ['own', 'context', 'lvl0'],
      extractField: (doc, name) => (name === 'id' ? doc.id : field(this.records[doc.id], name)),
      tokenize,
      processTerm: (t) => t,
      searchOptions: {
        boost: BOOST,
        // Results narrow as the reader types: every word must match (as in
        // Algolia) and long words forgive a typo.
        combineWith: 'AND',
        fuzzy: (term) => (term.length > 4 ? 0.2 : false),
        // A word still being typed is no weaker a match than a finished one
        // (MiniSearch's default halves it, which lets code blocks that repeat
        // a word outrank the page titled with it).
        weights: { prefix: 0.5, fuzzy: 0.45 },
        boostDocument: (id) => TYPE_BOOST[/** @type {'lvl1'} */ (this.records[id].type)],
      },
    });
  }

  /** Adds a batch of records (one version's file). @param {SearchRecord[]} records */
  add(records) {
    const first = this.records.length;
    this.records.push(...records);
    this.mini.addAll(records.map((_, i) => ({ id: first + i })));
  }

  /**
   * Answers one Algolia search request.
   * @param {SearchRequest} req
   */
  search(req) {
    const started = performance.now();
    const query = (req.query ?? '').trim();
    const hitsPerPage = req.hitsPerPage ?? HITS_PER_PAGE;
    const page = req.page ?? 0;
    const keep = facetTest(req.facetFilters);
    const words = parseQuery(query);
    // The tree's leaves are single terms already cut and lowercased.
    const found = words.length === 0 ? [] : this.mini.search(/** @type {any} */ (queryTree(words)),
      { tokenize: (t) => [t], filter: (r) => keep(this.records[r.id]) });
    // One hit per url, as DocSearch indices are configured (distinct on url).
    /** @type {Map<string, import('minisearch').SearchResult>} */
    const best = new Map();
    for (const r of found) {
      const url = this.records[r.id].url;
      if (!best.has(url)) best.set(url, r);
    }
    const all = [...best.values()];
    const hits = all.slice(page * hitsPerPage, (page + 1) * hitsPerPage)
      .map((r) => toHit(this.records[r.id], { words, queryTerms: new Set(r.queryTerms), docTerms: new Set(r.terms) }, req));
    return {
      hits, nbHits: all.length, page, hitsPerPage, nbPages: Math.ceil(all.length / hitsPerPage),
      query, params: '', index: req.indexName ?? '', exhaustiveNbHits: true,
      processingTimeMS: Math.round(performance.now() - started), queryID: queryID(),
    };
  }
}

/**
 * The MiniSearch query for a search: every word must match, either whole or
 * by all its parts. `zkvm::ExecutorEnv` finds `risc0_zkvm::ExecutorEnv`
 * through its parts; `ExecutorEnv` finds it whole (its part there).
 * @param {import('./tokenize.js').QueryWord[]} words
 */
export function queryTree(words) {
  /** @param {import('./tokenize.js').QueryTerm} t */
  const leaf = (t) => ({ queries: [t.term], prefix: t.prefix });
  return {
    combineWith: 'AND',
    queries: words.map((w) => (w.parts.length === 0 ? leaf(w)
      : { combineWith: 'OR', queries: [leaf(w), { combineWith: 'AND', queries: w.parts.map(leaf) }] })),
  };
}

/**
 * A predicate for Algolia facetFilters: a list ANDed, inner lists ORed,
 * each "attribute:value" (a leading "-" negates).
 * @param {SearchRequest['facetFilters']} filters
 * @returns {(r: SearchRecord) => boolean}
 */
export function facetTest(filters) {
  const list = filters === undefined ? [] : Array.isArray(filters) ? filters : [filters];
  const groups = list.map((f) => (Array.isArray(f) ? f : [f]).map(parseFacet));
  return (r) => groups.every((g) => g.some(({ attr, value, negate }) =>
    (String(/** @type {Record<string, unknown>} */ (r)[attr]) === value) !== negate));
}

/** @param {string} f */
export function parseFacet(f) {
  const negate = f.startsWith('-');
  const body = negate ? f.slice(1) : f;
  const at = body.indexOf(':');
  return { attr: body.slice(0, at), value: body.slice(at + 1), negate };
}

/**
 * @param {SearchRecord} r @param {Match} match @param {SearchRequest} req
 */
function toHit(r, match, req) {
  const tags = { pre: req.highlightPreTag ?? '<em>', post: req.highlightPostTag ?? '</em>', ellipsis: req.snippetEllipsisText ?? '…' };
  const sizes = snippetSizes(req.attributesToSnippet);
  const [url, anchor = null] = r.url.split('#');
  /** @param {string} attr @param {string} text */
  const snip = (attr, text) => snippet(text, match, tags, sizes.get(attr) ?? 10);
  /** @type {Record<string, unknown>} */
  const hl = {};
  /** @type {Record<string, unknown>} */
  const sn = {};
  for (const l of LEVELS) {
    const text = r.hierarchy[/** @type {'lvl0'} */ (l)];
    if (text === null) continue;
    hl[l] = highlight(text, match, tags);
    if (sizes.has(`hierarchy.${l}`)) sn[l] = snip(`hierarchy.${l}`, text);
  }
  /** @type {Record<string, unknown>} */
  const highlightResult = { hierarchy: hl };
  /** @type {Record<string, unknown>} */
  const snippetResult = { hierarchy: sn };
  if (r.content !== null) {
    highlightResult.content = highlight(r.content, match, tags);
    if (sizes.has('content')) snippetResult.content = snip('content', r.content);
  }
  return {
    ...r, url_without_anchor: url, anchor,
    _highlightResult: highlightResult, _snippetResult: snippetResult,
  };
}

/** "content:10" -> content => 10. @param {string[] | undefined} attrs */
function snippetSizes(attrs) {
  return new Map((attrs ?? []).map((a) => {
    const [name, n] = a.split(':');
    return [name, Number(n) || 10];
  }));
}

function queryID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
