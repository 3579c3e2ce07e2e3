// Which route table a path belongs to. Shared by the build (which splits
// the route manifest into these tables) and the app (which loads the one a
// path needs), so the two always agree. Plain JS for the build's sake.

/** The table of the site's pages outside the versioned docs. */
export const SITE_SECTION = 'site';

/**
 * The docs version whose path is the longest prefix of `path` (so /api/1.0/x
 * is in 1.0, not in the latest version at /api), else the site table.
 * @param {string} path a normalised path
 * @param {{ name: string, path: string }[]} versions
 * @returns {string}
 */
export function sectionOf(path, versions) {
  let best = null;
  for (const v of versions) {
    const inside = path === v.path || path.startsWith(v.path === '/' ? '/' : v.path + '/');
    if (inside && (!best || v.path.length > best.path.length)) best = v;
  }
  return best ? best.name : SITE_SECTION;
}
