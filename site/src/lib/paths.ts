// Pure helpers for paths; no DOM, unit-testable.

/** Maps /p/index.html, /p.html and /p/ to the clean route /p. */
export function normalizePath(pathname: string): string {
  let p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** True for links that leave the site (other origin, mailto:, …). */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

export function splitHref(href: string): { pathname: string; search: string; hash: string } {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const qAt = rest.indexOf('?');
  return { pathname: qAt >= 0 ? rest.slice(0, qAt) : rest, search: qAt >= 0 ? rest.slice(qAt) : '', hash };
}
