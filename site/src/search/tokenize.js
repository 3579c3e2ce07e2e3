// @ts-check
// The one tokenizer of the offline search: the build indexes with it and the
// browser queries and highlights with it, so a word is cut the same way
// everywhere. Rust identifiers are kept whole and also split into the parts
// a reader may type: `risc0_zkvm::ExecutorEnv` is findable as itself and as
// `risc0_zkvm`, `risc0`, `zkvm`, `ExecutorEnv`, `executor` and `env`.

// A word: letters, digits and underscores, joined by `::` or `-` when no
// space separates them (paths, crate names), or by `.` before a digit
// (versions such as 1.2; `receipt.verify()` is two words, not one).
const WORD = /[\p{L}\p{N}_]+(?:(?:::|-|\.(?=\p{N}))[\p{L}\p{N}_]+)*/gu;
// Only words with a joiner, an underscore or an inner capital have parts;
// testing for them first keeps plain prose (most words) on the fast path.
const HAS_PARTS = /[-.:_]|[\p{Ll}\p{N}]\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
// camelCase and PascalCase boundaries: ExecutorEnv -> Executor|Env, HTTPServer -> HTTP|Server.
const CAMEL = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/**
 * @typedef {{ start: number, end: number, term: string, part?: true }} Span
 *   A term and where it stands in the text (end exclusive); parts are marked.
 */

/**
 * Every term of a text with its position: each word whole, then its parts.
 * @param {string} text
 * @returns {Span[]}
 */
export function spans(text) {
  /** @type {Span[]} */
  const out = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0;
    out.push({ start, end: start + m[0].length, term: m[0].toLowerCase() });
    if (HAS_PARTS.test(m[0])) parts(m[0], start, out);
  }
  return out;
}

/**
 * Adds the parts of one word: the pieces between `::` (and `-`, `.`), the
 * snake_case pieces, and the camelCase pieces of each.
 * @param {string} word @param {number} offset @param {Span[]} out
 */
function parts(word, offset, out) {
  /** @param {number} s @param {number} e */
  const add = (s, e) => {
    if (e - s < word.length && e > s) out.push({ start: offset + s, end: offset + e, term: word.slice(s, e).toLowerCase(), part: true });
  };
  const byPath = word.split('::');
  let at = 0;
  for (const seg of byPath) {
    if (byPath.length > 1) add(at, at + seg.length);
    let p = at;
    const pieces = seg.split(/[-._]/);
    for (const piece of pieces) {
      if (pieces.length > 1) add(p, p + piece.length);
      let q = p;
      const camel = piece.split(CAMEL);
      if (camel.length > 1) for (const c of camel) { add(q, q + c.length); q += c.length; }
      p += piece.length + 1;
    }
    at += seg.length + 2;
  }
}

/**
 * The terms MiniSearch indexes and queries: every word whole and in parts.
 * @param {string} text
 * @returns {string[]}
 */
export function tokenize(text) {
  return spans(text).map((s) => s.term);
}

/**
 * @typedef {{ term: string, prefix: boolean }} QueryTerm
 * @typedef {QueryTerm & { parts: QueryTerm[] }} QueryWord
 */

/**
 * The words of a query, each with its parts. A term may be unfinished (a
 * prefix) when it reaches the end of the query: the last word, and the last
 * part of it, so `ExecutorE` finds `ExecutorEnv`.
 * @param {string} query
 * @returns {QueryWord[]}
 */
export function parseQuery(query) {
  /** @type {QueryWord[]} */
  const words = [];
  for (const s of spans(query)) {
    const t = { term: s.term, prefix: s.end === query.length };
    if (s.part) words[words.length - 1].parts.push(t);
    else words.push({ ...t, parts: [] });
  }
  return words;
}
