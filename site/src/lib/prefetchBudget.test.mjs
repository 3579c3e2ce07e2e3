// Run with `node --test site/src/lib/` (part of `make test`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VIEW_BUDGET, pickWithin } from './prefetchBudget.js';

const page = (name, ...sizes) => sizes.map((bytes, i) => ({ url: `${name}-${i}.js`, bytes }));

test('the smallest pages go first, while together they fit', () => {
  const groups = [page('big', 30_000), page('a', 4_000), page('b', 9_000, 1_000), page('c', 20_000)];
  assert.deepEqual(pickWithin(40_000, groups).map((g) => g[0].url), ['a-0.js', 'b-0.js', 'c-0.js']);
});

test('a page larger than the whole budget is never fetched for being in view', () => {
  assert.deepEqual(pickWithin(VIEW_BUDGET, [page('huge', VIEW_BUDGET + 1)]), []);
  assert.deepEqual(pickWithin(VIEW_BUDGET, [page('exact', VIEW_BUDGET)]).length, 1);
});

test('pages with nothing left to fetch cost nothing', () => {
  assert.deepEqual(pickWithin(0, [[], []]), [[], []]);
});
