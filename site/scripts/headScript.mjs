// Builds the inline <head> script. It runs before first paint, so the page
// never flashes the wrong colour mode or shifts when a dismissed announcement
// bar disappears, and it shows the base-URL banner when the app's scripts
// could not be found. It reads the same names module as the React contexts,
// and maps URLs to routes as the router does (routePath.js).
import * as names from '../src/lib/storageKeys.js';
import { routeOf } from '../src/lib/routePath.js';

/**
 * The script's body, serialised with toString(): old-browser-safe syntax,
 * since it runs as written, on its own, before anything else. `c` is the build's config,
 * `n` the shared names, `routeOf` the router's URL-to-route mapping.
 */
function docsHead(c, n, routeOf) {
  var html = document.documentElement;
  var o = window[n.CONFIG_OVERRIDES_GLOBAL] || {};
  var mode = Object.assign({}, c.colorMode, o.colorMode);
  var bar = 'announcementBar' in o ? o.announcementBar : c.announcementBar;
  var ls = null;
  try { ls = window.localStorage; } catch (e) { /* storage disabled: defaults below */ }
  function get(k) { try { return ls && ls.getItem(k); } catch (e) { return null; } }

  var theme = get(n.THEME_KEY);
  if (theme !== 'light' && theme !== 'dark') {
    theme = mode.defaultMode;
    if (mode.respectPrefersColorScheme && window.matchMedia) {
      theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
  }
  html.setAttribute('data-theme', theme);

  // Dismissed only for the bar the reader closed; a new id shows again.
  var dismissed = !!bar && get(n.ANNOUNCEMENT_ID_KEY) === bar.id && get(n.ANNOUNCEMENT_DISMISS_KEY) === 'true';
  html.setAttribute(n.ANNOUNCEMENT_DISMISSED_ATTR, String(dismissed));

  // Module scripts run before DOMContentLoaded: if the app has not marked
  // the page by then, its files were not where this HTML says they are.
  document.addEventListener('DOMContentLoaded', function () {
    if (html.hasAttribute(n.BOOTED_ATTR)) return;
    var route = document.querySelector('meta[name="docs-route"]');
    route = route && route.getAttribute('content');
    var path = routeOf(location.pathname);
    var served = route && route !== '/' && route !== '*' && path.slice(-route.length) === route
      ? path.slice(0, path.length - route.length) + '/'
      : route === '/' ? path.replace(/\/$/, '') + '/' : null;
    var div = document.createElement('div');
    div.id = '__docs-base-url-issue-banner';
    div.setAttribute('role', 'alert');
    div.style.cssText = 'border:3px solid #e13238;background:#fff2f2;color:#1b1f24;padding:1rem 1.5rem;margin:1rem;font:16px/1.5 system-ui,sans-serif';
    div.innerHTML = '<p style="margin:0 0 .5rem;font-weight:700">This site did not load properly.</p><p style="margin:0"></p>';
    div.lastChild.textContent = 'It was built for the base URL "' + c.baseUrl + '"' +
      (served && served !== c.baseUrl ? ', but this page is served under "' + served + '"' : '') +
      ', and its scripts and styles were not found. Serve the built site at "' + c.baseUrl + '" on its host.';
    document.body.insertBefore(div, document.body.firstChild);
  });
}

export function headScript(siteConfig) {
  const { colorMode, announcementBar, baseUrl } = siteConfig;
  const config = { colorMode, announcementBar: announcementBar && { id: announcementBar.id }, baseUrl };
  return `(${docsHead})(${JSON.stringify(config)},${JSON.stringify(names)},${routeOf});`;
}
