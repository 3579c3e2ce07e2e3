import { readFileSync } from 'node:fs';
import type { Route, RoutesJSON } from '../internal/formats/formats';

export type { Route };

/** Every route of the built site, from the compiler's routes.json. */
export const routes: RoutesJSON = JSON.parse(readFileSync(new URL('../site/.generated/routes.json', import.meta.url), 'utf8'));

/** Routes that render a page of their own (not the 404 pseudo-route, not redirects). */
export const pageRoutes = routes.filter((r) => r.kind !== 'redirect' && r.path !== '*');

/** The heading a reader sees first on each kind of page. */
export function expectedHeading(r: Route): string {
  if (r.kind === 'home') return 'RISC Zero Developer Docs';
  return r.title;
}
