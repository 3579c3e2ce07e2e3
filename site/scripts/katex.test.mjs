// Run with `node --test site/scripts/` (part of `make test`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMath } from './katex.mjs';

test('inline and display placeholders become KaTeX HTML', () => {
  const html = renderMath('<p><span class="math math-inline" data-line="3">a &lt; p</span></p>\n' +
    '<div class="math math-display" data-line="5">\\sum_i x_i</div>');
  assert.match(html, /<span class="katex">/);
  assert.match(html, /<div class="math-display"><span class="katex-display">/);
  assert.doesNotMatch(html, /math-inline/);
  assert.match(html, /<mo>&lt;<\/mo>/); // the escaped < reached KaTeX as a real <
});

test('a bad formula is an error carrying its source line', () => {
  assert.throws(() => renderMath('<span class="math math-inline" data-line="42">\\frac{1}{</span>'),
    (e) => e.line === 42 && /KaTeX cannot render \$\\frac\{1\}\{\$/.test(e.message));
});

test('text without placeholders is left alone', () => {
  assert.equal(renderMath('<p>costs $5</p>'), '<p>costs $5</p>');
});
