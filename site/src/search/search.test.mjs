// Unit tests of the offline search: tokenizer, query parsing, highlighting,
// the wire format and the engine's Algolia answers. Run: node --test site/src/search/
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { LocalIndex, facetTest } from './engine.js';
import { highlight, snippet } from './highlight.js';
import { pack, unpack } from './pack.js';
import { parseQuery, tokenize } from './tokenize.js';

test('tokenize keeps identifiers whole and splits them into the parts a reader types', () => {
  const cases = [
    ['use risc0_zkvm::ExecutorEnv;', ['use', 'risc0_zkvm::executorenv', 'risc0_zkvm', 'risc0', 'zkvm', 'executorenv', 'executor', 'env']],
    ['env::read()', ['env::read', 'env', 'read']],
    ['snake_case_names', ['snake_case_names', 'snake', 'case', 'names']],
    ['HTTPServer', ['httpserver', 'http', 'server']],
    ['risc0-zkvm 1.2', ['risc0-zkvm', 'risc0', 'zkvm', '1.2', '1', '2']],
    ['receipt.verify(id)', ['receipt', 'verify', 'id']],
    ['Zero-knowledge, über!', ['zero-knowledge', 'zero', 'knowledge', 'über']],
    ['', []],
  ];
  for (const [text, want] of cases) assert.deepEqual(tokenize(text), want, text);
});

test('parseQuery: words with their parts; only terms reaching the end may be unfinished', () => {
  assert.deepEqual(parseQuery('env::read'), [{ term: 'env::read', prefix: true, parts: [{ term: 'env', prefix: false }, { term: 'read', prefix: true }] }]);
  assert.deepEqual(parseQuery('verifier contr'), [
    { term: 'verifier', prefix: false, parts: [] }, { term: 'contr', prefix: true, parts: [] }]);
  assert.deepEqual(parseQuery('zkvm '), [{ term: 'zkvm', prefix: false, parts: [] }]);
});

const tags = { pre: '<mark>', post: '</mark>', ellipsis: '…' };
const matchOf = (query, docTerms, queryTerms = docTerms) =>
  ({ words: parseQuery(query), queryTerms: new Set(queryTerms), docTerms: new Set(docTerms) });

test('highlight marks the word matched whole, a typed prefix, and escapes HTML', () => {
  const cases = [
    // query, record terms matched, query terms matched, text, want
    ['ExecutorEnv', ['executorenv', 'env'], ['executorenv', 'env'], 'let env = ExecutorEnv::new();',
      'let env = <mark>ExecutorEnv</mark>::new();'],
    ['zkvm::ExecutorEnv', ['zkvm', 'executorenv'], ['zkvm', 'executorenv'], 'use risc0_zkvm::ExecutorEnv;',
      'use risc0_<mark>zkvm</mark>::<mark>ExecutorEnv</mark>;'],
    ['Exec', ['executorenv'], ['exec'], 'ExecutorEnv', '<mark>Exec</mark>utorEnv'],
    ['verifer', ['verifier'], ['verifer'], 'The verifier', 'The <mark>verifier</mark>'],
    ['vec', ['vec'], ['vec'], 'Vec<u8> & "x"', '<mark>Vec</mark>&#60;u8&#62; &#38; &#34;x&#34;'],
  ];
  for (const [q, doc, qt, text, want] of cases) assert.equal(highlight(text, matchOf(q, doc, qt), tags).value, want, q);
  assert.equal(highlight('a b', matchOf('zzz', []), tags).matchLevel, 'none');
  assert.equal(highlight('guest code', matchOf('guest host', ['guest']), tags).matchLevel, 'partial');
  assert.equal(highlight('guest host', matchOf('guest host', ['guest', 'host']), tags).matchLevel, 'full');
});

test('snippet keeps N words around the longest match, with ellipses where it cuts', () => {
  const text = 'one two three four five six seven eight nine ten eleven twelve env::read thirteen fourteen';
  const m = matchOf('env::read', ['env::read'], ['env::read']);
  assert.equal(snippet(text, m, tags, 5).value, '…eleven twelve <mark>env::read</mark> thirteen fourteen');
  assert.equal(snippet(text, m, tags, 10).value, '…six seven eight nine ten eleven twelve <mark>env::read</mark> thirteen fourteen');
  assert.equal(snippet('short env::read text', m, tags, 10).value, 'short <mark>env::read</mark> text');
  assert.equal(snippet(text, matchOf('zzz', []), tags, 3).value, 'one two three…');
});

// The compiler's golden records (Go) are the wire format's input: packing
// and unpacking them must give them back exactly.
function goldenRecords() {
  const archive = readFileSync(new URL('../../searchindex/testdata/page.txtar', import.meta.url), 'utf8');
  return JSON.parse(archive.split(/^-- records\.json --$/m)[1]);
}

test('pack and unpack give back the compiler records exactly', () => {
  const records = goldenRecords();
  assert.ok(records.length > 5);
  assert.deepEqual(unpack(JSON.parse(JSON.stringify(pack(records))), 'en'), records);
});

/** A small index: two versions of one page and a page outside any version. */
function fixture() {
  const page = (url, tag, title, content, lvl0 = 'zkVM') => [
    { objectID: `${url}:0`, hierarchy: { lvl0, lvl1: title, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: null, type: 'lvl1', url, language: 'en', docusaurus_tag: tag },
    { objectID: `${url}:1`, hierarchy: { lvl0, lvl1: title, lvl2: 'Inputs', lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: null, type: 'lvl2', url: `${url}#inputs`, language: 'en', docusaurus_tag: tag },
    { objectID: `${url}:2`, hierarchy: { lvl0, lvl1: title, lvl2: 'Inputs', lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content, type: 'content', url: `${url}#inputs`, language: 'en', docusaurus_tag: tag },
  ];
  const idx = new LocalIndex();
  idx.add([
    ...page('/api/zkvm/host-code-101', 'docs-api-1.2', 'Host code 101', 'use risc0_zkvm::ExecutorEnv; let env = ExecutorEnv::builder().segment_limit_po2(19);'),
    ...page('/api/1.0/zkvm/host-code-101', 'docs-api-1.0', 'Host code 101', 'use risc0_zkvm::ExecutorEnv; read it with env::read in the guest.'),
    ...page('/terminology', 'default', 'Terminology', 'The guest reads input with env::read and snake_case_names.', 'Terminology'),
  ]);
  return idx;
}
const v12 = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-api-1.2']];

test('identifier queries find their records, whole and in parts, within the version', () => {
  const idx = fixture();
  const cases = [
    ['risc0_zkvm::ExecutorEnv', ['/api/zkvm/host-code-101#inputs']],
    ['ExecutorEnv', ['/api/zkvm/host-code-101#inputs']],
    ['zkvm::ExecutorEnv', ['/api/zkvm/host-code-101#inputs']],
    ['env::read', ['/terminology#inputs']],
    ['snake_case_names', ['/terminology#inputs']],
    ['segment_limit', ['/api/zkvm/host-code-101#inputs']],
    ['Executo', ['/api/zkvm/host-code-101#inputs']],
    ['Executr', ['/api/zkvm/host-code-101#inputs']], // a typo
    ['nothing-like-this', []],
  ];
  for (const [query, urls] of cases) {
    const r = idx.search({ query, facetFilters: v12 });
    assert.deepEqual(r.hits.map((h) => h.url), urls, query);
  }
});

test('the answer has the Algolia shape DocSearch reads', () => {
  const r = fixture().search({
    query: 'Host code', facetFilters: v12, hitsPerPage: 20, attributesToSnippet: ['content:10', 'hierarchy.lvl1:10'],
    highlightPreTag: '<mark>', highlightPostTag: '</mark>', snippetEllipsisText: '…',
  });
  assert.equal(r.nbHits, 2); // the page and its section: one hit per url
  assert.match(r.queryID, /^[0-9a-f]{32}$/);
  assert.deepEqual([r.page, r.nbPages, r.hitsPerPage], [0, 1, 20]);
  const [page] = r.hits;
  assert.equal(page.type, 'lvl1');
  assert.equal(page.url_without_anchor, '/api/zkvm/host-code-101');
  assert.equal(page._highlightResult.hierarchy.lvl1.value, '<mark>Host</mark> <mark>code</mark> 101');
  assert.equal(page._highlightResult.hierarchy.lvl1.matchLevel, 'full');
  assert.equal(page._snippetResult.hierarchy.lvl1.value, '<mark>Host</mark> <mark>code</mark> 101');
});

test('facet filters: AND of ORs, negation; other versions and languages stay out', () => {
  const rec = { language: 'en', docusaurus_tag: 'docs-api-1.0' };
  assert.equal(facetTest(v12)(rec), false);
  assert.equal(facetTest(['language:en', ['docusaurus_tag:docs-api-1.0']])(rec), true);
  assert.equal(facetTest('language:fr')(rec), false);
  assert.equal(facetTest(['-docusaurus_tag:docs-api-1.0'])(rec), false);
  assert.equal(facetTest(undefined)(rec), true);
  const r = fixture().search({ query: 'ExecutorEnv', facetFilters: ['language:en', ['docusaurus_tag:docs-api-1.0']] });
  assert.deepEqual(r.hits.map((h) => h.url), ['/api/1.0/zkvm/host-code-101#inputs']);
});

test('pages of results', () => {
  const idx = fixture();
  const first = idx.search({ query: 'inputs', hitsPerPage: 2 });
  const second = idx.search({ query: 'inputs', hitsPerPage: 2, page: 1 });
  assert.equal(first.nbHits, 3);
  assert.equal(first.nbPages, 2);
  assert.equal(first.hits.length, 2);
  assert.equal(second.hits.length, 1);
  assert.ok(!first.hits.some((h) => h.objectID === second.hits[0].objectID));
  assert.equal(idx.search({ query: '   ' }).nbHits, 0);
});
