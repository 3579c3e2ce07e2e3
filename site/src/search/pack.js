// @ts-check
// The wire form of the search records. The compiler writes records in the
// DocSearch shape, where every record repeats its page's url, tag and whole
// heading chain; sent like that, one version weighs three times its text.
// Records come in document order, so each page is sent once and every record
// after it says only what changes:
//
//   [1, url, lvl0, lvl1, tag]   a page (its lvl1 record)
//   [n, anchor, text]           a heading of level n (2-6)
//   "text"                      a block of text under the last heading
//
// unpack() rebuilds exactly the records pack() was given (tested on the
// real content), ids included.

/**
 * @typedef {{ lvl0: string|null, lvl1: string|null, lvl2: string|null, lvl3: string|null, lvl4: string|null, lvl5: string|null, lvl6: string|null }} Hierarchy
 * @typedef {{ objectID: string, hierarchy: Hierarchy, content: string|null, type: string, url: string, language: string, docusaurus_tag: string }} SearchRecord
 * @typedef {Array<string | Array<string|number>>} Packed
 */

const LEVELS = /** @type {const} */ (['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6']);

/**
 * @param {SearchRecord[]} records in document order, as the compiler writes them
 * @returns {Packed}
 */
export function pack(records) {
  /** @type {Packed} */
  const out = [];
  for (const r of records) {
    const [page, anchor = ''] = r.url.split('#');
    if (r.type === 'lvl1') out.push([1, page, r.hierarchy.lvl0 ?? '', r.hierarchy.lvl1 ?? '', r.docusaurus_tag]);
    else if (r.type === 'content') out.push(r.content ?? '');
    else {
      const level = Number(r.type.slice(3));
      out.push([level, anchor, r.hierarchy[LEVELS[level]] ?? '']);
    }
  }
  return out;
}

/**
 * @param {Packed} packed
 * @param {string} language
 * @returns {SearchRecord[]}
 */
export function unpack(packed, language) {
  /** @type {SearchRecord[]} */
  const records = [];
  /** @type {Array<string|null>} */
  let h = [];
  let page = '', tag = '', url = '', n = 0;
  const hierarchy = () => /** @type {Hierarchy} */ (Object.fromEntries(LEVELS.map((l, i) => [l, h[i] || null])));
  /** @param {string} type @param {string|null} content */
  const add = (type, content) => records.push({
    objectID: `${page}:${n++}`, hierarchy: hierarchy(), content, type, url, language, docusaurus_tag: tag,
  });
  for (const item of packed) {
    if (typeof item === 'string') { add('content', item); continue; }
    const level = Number(item[0]);
    if (level === 1) {
      [page, tag] = [String(item[1]), String(item[4])];
      h = [String(item[2]), String(item[3])];
      url = page;
      n = 0;
    } else {
      h = h.slice(0, level);
      h[level] = String(item[2]);
      url = item[1] ? `${page}#${item[1]}` : page;
    }
    add(`lvl${level}`, null);
  }
  return records;
}
