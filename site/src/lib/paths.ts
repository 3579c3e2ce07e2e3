// Pure helpers for paths; no DOM, unit-testable.

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
