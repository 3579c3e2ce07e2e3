// Builds the inline <head> script. It runs before first paint, so the page
// never flashes the wrong colour mode or shifts when a dismissed announcement
// bar disappears, and it shows the base-URL banner when the app's scripts
// could not be found; and it records the search shortcuts pressed before the
// app has hydrated (earlyKeys). It reads the same names module as the React contexts,
// and maps URLs to routes as the router does (routePath.js).
import * as names from '../src/lib/storageKeys.js';
import { routeOf } from '../src/lib/routePath.js';
import { isEditing, shortcutOf, typedWith } from '../src/lib/searchKeys.js';

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

/**
 * The early listener (issue #38): the app handles the search shortcuts only
 * once it has hydrated, and on a slow machine a reader presses Ctrl+K, Cmd+K
 * or "/" before that. This records such a shortcut, and the characters typed
 * after it, in window[n.EARLY_KEYS_GLOBAL]; the SearchBar reads it on mount,
 * opens search with them and calls stop(). Serialised with toString(): ES5.
 * The keys are the app's own rules (`shortcutOf`, `isEditing`, `typedWith`, searchKeys.js).
 */
function earlyKeys(n, shortcutOf, isEditing, typedWith) {
  var early = { open: false, typed: '', stop: function () { window.removeEventListener('keydown', onKey); } };
  window[n.EARLY_KEYS_GLOBAL] = early;
  function onKey(e) {
    var kind = shortcutOf(e);
    // Ctrl+K toggles, "/" only opens: as the app does once it runs.
    if (kind === 'toggle' || (kind === 'slash' && !early.open)) {
      e.preventDefault();
      early.open = kind === 'slash' || !early.open;
      early.typed = '';
      return;
    }
    // The search box does not exist yet: what is typed for it is kept here.
    // A field of the page the reader clicked into keeps its own keys.
    if (!early.open || isEditing(e.target)) return;
    if (e.key === 'Escape') { early.open = false; early.typed = ''; return; }
    var typed = typedWith(e, early.typed);
    if (typed !== null) { e.preventDefault(); early.typed = typed; }
  }
  window.addEventListener('keydown', onKey);
}

export function headScript(siteConfig) {
  const { colorMode, announcementBar, baseUrl } = siteConfig;
  const config = { colorMode, announcementBar: announcementBar && { id: announcementBar.id }, baseUrl };
  // shortcutOf calls isEditing by name: both declared in the early listener's own scope.
  const early = `(function(){${isEditing}\n${shortcutOf}\n${typedWith}\n(${earlyKeys})(${JSON.stringify(names)},shortcutOf,isEditing,typedWith);})();`;
  return `(${docsHead})(${JSON.stringify(config)},${JSON.stringify(names)},${routeOf});${early}`;
}
