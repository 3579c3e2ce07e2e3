// How the site's URLs, routes and built files map to each other, for the app,
// the head script and the prerender. The gate's Go package checks/serve holds
// the same rules for every static host; testdata/static-host.json holds the
// cases both must answer alike (routePath.test.mjs and checks/serve's test).
// Plain ES5 functions: the head script inlines routeOf with toString().

/**
 * The route a URL path shows: /p/index.html, /p.html and /p/ all show /p.
 * @param {string} pathname
 * @returns {string}
 */
export function routeOf(pathname) {
  var p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/**
 * The file, relative to the built site, a route is written to, so that a
 * static host answers its clean URL: / → index.html, /a/b → a/b/index.html,
 * and the not-found route "*" → 404.html.
 * @param {string} route
 * @returns {string}
 */
export function routeFile(route) {
  if (route === '*') return '404.html';
  var p = route.replace(/^\/+|\/+$/g, '');
  return p ? p + '/index.html' : 'index.html';
}
