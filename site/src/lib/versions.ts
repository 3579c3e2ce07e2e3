import { manifest } from './routes';
import type { Version } from './types';

export const versions: Version[] = manifest.versions;
export const latestVersion: Version = versions.find((v) => v.isLast) ?? versions[0];

const byDoc = new Map<string, string>();
for (const [path, r] of Object.entries(manifest.routes)) {
  if (r.version && r.docId) byDoc.set(`${r.version}\u0000${r.docId}`, path);
}

/** The same page in another version when it exists there, else that version's root. */
export function versionTarget(v: Version, docId: string | undefined): string {
  return (docId && byDoc.get(`${v.name}\u0000${docId}`)) || v.path;
}

export function findVersion(name: string | undefined): Version | undefined {
  return versions.find((v) => v.name === name);
}

/** The id of the versioned docs plugin (the API docs); storage keys are per plugin. */
export const DOCS_PLUGIN_ID = 'default';
