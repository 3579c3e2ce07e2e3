// First: every later dynamic import of a chunk goes through it (see the module).
import './lib/freshImport.js';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './App';
import { siteConfig } from './config';
import { loadAnalytics } from './lib/analytics';
import { routeOf } from './lib/routePath.js';
import { loadRoute, matchRoute, seedPage } from './lib/routes';
import { readPageData } from './lib/pageData';
import '../.generated/highlight.css';
import { BOOTED_ATTR } from './lib/storageKeys.js';

// Tells the head script's base-URL check that this bundle was found and ran.
document.documentElement.setAttribute(BOOTED_ATTR, '');

const location = { pathname: routeOf(window.location.pathname), search: window.location.search, hash: window.location.hash };

// The route the HTML was prerendered for. It differs from the address when a
// host answered /faq.html with 404.html: that markup cannot be hydrated as /faq.
const rendered = document.querySelector('meta[name="docs-route"]')?.getAttribute('content');

// Load this route's content before hydrating, so the first client render
// matches the prerendered HTML instead of suspending into a spinner.
async function start() {
  // The page's own record is in the document (lib/pageData.ts): no content chunk to fetch.
  const record = rendered === location.pathname ? readPageData(document) : undefined;
  if (record) seedPage(location.pathname, record);
  await loadRoute(location.pathname).catch(() => undefined);
  const kind = matchRoute(location.pathname).kind;
  const prerenderedHere = rendered === (kind === 'notFound' ? '*' : location.pathname);
  const root = document.getElementById('__docs')!;
  const app = <App location={location} />;
  if (prerenderedHere) hydrateRoot(root, app);
  else createRoot(root).render(app);
  loadAnalytics(siteConfig.analytics);
}
void start();
