// @ts-check
// Highlighting and snippeting in Algolia's manner, so DocSearch renders the
// offline engine's hits exactly as it renders a hosted index's: the matched
// terms wrapped in the requested tags, text HTML-escaped (DocSearch inserts
// these values as HTML), snippets cut to N words with an ellipsis.
import { spans } from './tokenize.js';

/**
 * @typedef {{ value: string, matchLevel: 'none'|'partial'|'full', matchedWords: string[], fullyHighlighted?: boolean }} HighlightResult
 * @typedef {{ pre: string, post: string, ellipsis: string }} Tags
 * @typedef {{ words: import('./tokenize.js').QueryWord[], queryTerms: Set<string>, docTerms: Set<string> }} Match
 *   words: the query; queryTerms: its terms that matched this record;
 *   docTerms: the record's terms they matched (prefix and typo matches included).
 */

/** @param {string} s */
export const escapeHTML = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What to light up for each query word: the word itself when the record
 * matched it whole, else those of its parts that matched. Searching
 * `ExecutorEnv` marks `ExecutorEnv`, not every `env` nearby.
 * @param {Match} match
 * @returns {Array<{ word: string, targets: import('./tokenize.js').QueryTerm[] }>}
 */
function targets(match) {
  return match.words.map((w) => {
    if (match.queryTerms.has(w.term)) return { word: w.term, targets: [w] };
    // Of the parts, the largest that matched: `ExecutorEnv`, not also its `Env`.
    const hit = w.parts.filter((p) => match.queryTerms.has(p.term));
    return { word: w.term, targets: hit.filter((p) => !hit.some((o) => o !== p && o.term.includes(p.term))) };
  });
}

/**
 * The character ranges of text to highlight, merged and sorted, and the
 * query words found. A term found by a prefix (typing `Exec` finds
 * `ExecutorEnv`) lights up only that prefix, as Algolia does; a term found
 * despite a typo lights up whole.
 * @param {string} text @param {Match} match
 * @returns {{ ranges: Array<[number, number]>, words: string[] }}
 */
export function matchRanges(text, match) {
  /** @type {Array<[number, number]>} */
  const ranges = [];
  const words = new Set();
  const wanted = targets(match);
  /** @param {string} term @param {import('./tokenize.js').QueryTerm} q */
  const fits = (term, q) => term === q.term || (q.prefix && term.startsWith(q.term));
  const all = match.words.flatMap((w) => [w, ...w.parts]);
  for (const s of spans(text)) {
    if (!match.docTerms.has(s.term)) continue;
    // A record term no query term explains was found despite a typo.
    const typo = !all.some((q) => fits(s.term, q));
    for (const { word, targets: ts } of wanted) {
      const t = ts.find((q) => fits(s.term, q));
      if (!t && !(typo && ts.length > 0)) continue;
      ranges.push([s.start, t ? s.start + t.term.length : s.end]);
      words.add(word);
      break;
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  /** @type {Array<[number, number]>} */
  const merged = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return { ranges: merged, words: [...words] };
}

/**
 * @param {string} text @param {Array<[number, number]>} ranges @param {Tags} tags
 * @param {number} [from] @param {number} [to]
 */
function mark(text, ranges, tags, from = 0, to = text.length) {
  let out = '', at = from;
  for (const [s, e] of ranges) {
    if (e <= from || s >= to) continue;
    const a = Math.max(s, from), b = Math.min(e, to);
    out += escapeHTML(text.slice(at, a)) + tags.pre + escapeHTML(text.slice(a, b)) + tags.post;
    at = b;
  }
  return out + escapeHTML(text.slice(at, to));
}

/**
 * @param {string[]} words matched query words @param {Match} match
 * @returns {'none'|'partial'|'full'}
 */
function level(words, match) {
  if (words.length === 0) return 'none';
  return match.words.every((w) => words.includes(w.term)) ? 'full' : 'partial';
}

/**
 * Algolia's _highlightResult for one attribute.
 * @param {string} text @param {Match} match @param {Tags} tags
 * @returns {HighlightResult}
 */
export function highlight(text, match, tags) {
  const { ranges, words } = matchRanges(text, match);
  return { value: mark(text, ranges, tags), matchLevel: level(words, match), matchedWords: words };
}

/**
 * Algolia's _snippetResult for one attribute: at most `size` words, starting
 * a little before the first match so it reads in context.
 * @param {string} text @param {Match} match @param {Tags} tags @param {number} size
 * @returns {{ value: string, matchLevel: 'none'|'partial'|'full' }}
 */
export function snippet(text, match, tags, size) {
  const { ranges, words } = matchRanges(text, match);
  const bounds = [...text.matchAll(/\S+/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length]);
  if (bounds.length <= size) return { value: mark(text, ranges, tags), matchLevel: level(words, match) };
  // Centre on the longest match: `env::read` itself rather than the `env` of an earlier `env` alone.
  const best = ranges.reduce((a, r) => (r[1] - r[0] > a[1] - a[0] ? r : a), ranges[0] ?? [0, 0]);
  const hit = Math.max(0, bounds.findIndex(([, e]) => e > best[0]));
  const first = Math.max(0, Math.min(hit - Math.floor(size / 3), bounds.length - size));
  const last = first + size - 1;
  const value = (first > 0 ? tags.ellipsis : '') + mark(text, ranges, tags, bounds[first][0], bounds[last][1]) +
    (last < bounds.length - 1 ? tags.ellipsis : '');
  return { value, matchLevel: level(words, match) };
}
