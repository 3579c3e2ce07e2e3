// How much links in view may fetch ahead. The links of one view (a page
// as opened, then again after each scroll) share a budget of about one
// page's own content; the smallest pages go first, so as many links as
// possible answer a click at once, and a page too large for what is left
// waits for the reader to head for it (hover, focus, touch).

/** Bytes of other pages' content the links of one view may fetch. */
export const VIEW_BUDGET = 48 * 1024;

/**
 * The groups of chunks to fetch, smallest first, while they fit in budget
 * together. groups: arrays of { url, bytes }, one per page.
 * @template {{ bytes: number }} T
 * @param {number} budget
 * @param {T[][]} groups
 * @returns {T[][]}
 */
export function pickWithin(budget, groups) {
  const size = (g) => g.reduce((n, c) => n + c.bytes, 0);
  const picked = [];
  let left = budget;
  for (const g of [...groups].sort((a, b) => size(a) - size(b))) {
    if (size(g) > left) break;
    left -= size(g);
    picked.push(g);
  }
  return picked;
}
