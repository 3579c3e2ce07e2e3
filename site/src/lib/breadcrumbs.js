// A docs page's breadcrumbs, read from its sidebar: the categories that hold
// the page, outermost first, then the page itself. Used by the server render
// and in the browser alike, so the trail is in the prerendered HTML.

/**
 * @typedef {{ type: string, label: string, href?: string, items?: Crumbable[] }} Crumbable
 * @typedef {{ label: string, href?: string }} Crumb
 */

/**
 * The trail to path in a sidebar tree, or null when no item of the tree is
 * that page. A category that is itself the page ends the trail.
 * @param {Crumbable[]} items
 * @param {string} path
 * @returns {Crumb[] | null}
 */
export function trail(items, path) {
  for (const it of items) {
    const crumb = it.href ? { label: it.label, href: it.href } : { label: it.label };
    if (it.href === path) return [crumb];
    if (it.type !== 'category') continue;
    const rest = trail(it.items ?? [], path);
    if (rest) return [crumb, ...rest];
  }
  return null;
}

/**
 * schema.org BreadcrumbList JSON-LD for a trail: every crumb with a page,
 * numbered in order, at absolute URLs under siteUrl. Escaped for a <script>
 * element: no `<` survives, so no `</script>` can end it early.
 * @param {Crumb[]} crumbs
 * @param {string} siteUrl
 * @returns {string}
 */
export function breadcrumbListJSON(crumbs, siteUrl) {
  const itemListElement = crumbs.filter((c) => c.href).map((c, i) => ({
    '@type': 'ListItem', position: i + 1, name: c.label, item: siteUrl + c.href,
  }));
  return JSON.stringify({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement }).replace(/</g, '\\u003c');
}
