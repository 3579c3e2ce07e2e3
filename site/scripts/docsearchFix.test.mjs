import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DOCSEARCH_BUNDLE, fixAccessibility, fixDocSearch, fixErrorStatus } from './docsearchFix.mjs';

test('the installed DocSearch bundle has the status code the fix expects, once', () => {
  const code = readFileSync(new URL('../../node_modules/@docsearch/react/dist/esm/index.js', import.meta.url), 'utf8');
  const fixed = fixErrorStatus(code);
  assert.match(fixed, /"error"!==c\.getState\(\)\.status&&p\("idle"\)/);
  assert.equal(fixed.length - code.length, '.catch((function(){}))"error"!==c.getState().status&&'.length);
});

test('a bundle without that code is an error, not a silent no-op', () => {
  assert.throws(() => fixErrorStatus('export {}'), /error-screen fix/);
});

test('the fix applies to the bundle as the build and the dev server name it', () => {
  for (const id of ['/r/node_modules/@docsearch/react/dist/esm/index.js', '/r/node_modules/@docsearch/react/dist/esm/index.js?v=991683e1']) {
    assert.match(id, DOCSEARCH_BUNDLE);
  }
  assert.doesNotMatch('/r/node_modules/@docsearch/react/dist/esm/index.d.ts', DOCSEARCH_BUNDLE);
});

test('the accessibility fixes find their code in the installed bundle', () => {
  const code = readFileSync(new URL('../../node_modules/@docsearch/react/dist/esm/index.js', import.meta.url), 'utf8');
  const fixed = fixDocSearch(code);
  assert.doesNotMatch(fixed, /role:"button",tabIndex:0,onMouseDown/);
  assert.doesNotMatch(fixed, /re\(\{"aria-expanded":!0\}\)/);
  assert.match(fixed, /className:"DocSearch-Modal",ref:U,role:"dialog","aria-modal":"true"/);
  assert.match(fixed, /role:"combobox","aria-expanded":n\.getState\(\)\.isOpen,"aria-autocomplete":"both"/);
  assert.match(fixed, /getListProps\(\{source:t\.collection\.source\}\)/);
  assert.equal(fixed.split('collections.filter((function(e){return e.items.length>0})).map(').length - 1, 2);
  assert.match(fixed, /"error"!==c\.getState\(\)\.status&&p\("idle"\)/);
});

test('a bundle without the accessibility code is an error', () => {
  assert.throws(() => fixAccessibility('export {}'), /accessibility fix/);
});
