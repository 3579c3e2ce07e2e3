import { versions as all } from './routes';
import type { ManifestRoute, Version } from './types';

export const versions: Version[] = all;
export const latestVersion: Version = versions.find((v) => v.isLast) ?? versions[0];

/** The id of the versioned docs plugin (the API docs); storage keys are per plugin. */
export const DOCS_PLUGIN_ID = 'default';

export function findVersion(name: string | undefined): Version | undefined {
  return versions.find((v) => v.name === name);
}

/**
 * The same page in another version when it exists there (the route's
 * alternates: same doc, same place under the version root), else that
 * version's root.
 */
export function versionTarget(v: Version, path: string, route: ManifestRoute): string {
  const from = findVersion(route.version);
  if (!from) return v.path;
  if (v.name === from.name) return path;
  return route.alts?.includes(v.name) ? v.path + path.slice(from.path.length) : v.path;
}
