// The route tables built by site/scripts/routeTables.mjs.
declare module 'virtual:docs-routes' {
  import type { Version } from './lib/types';
  export const versions: Version[];
  export const redirects: Record<string, string>;
  export const sections: Record<string, () => Promise<import('./lib/types').RouteSection>>;
  export const metas: Record<string, () => Promise<{ default: import('./lib/types').VersionMeta }>>;
  /** The chunk metas[name] loads; undefined in dev. */
  export function metasChunk(name: string): import('./lib/types').Chunk | undefined;
}
