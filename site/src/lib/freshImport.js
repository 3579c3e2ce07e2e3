// Dynamic imports that a Retry can recover, in every browser. A browser may
// keep a failed dynamic import in its module map (the HTML spec allows it;
// Chromium 150 does, 156 asks the network again): import() of the same URL
// then rejects at once, without a request, and Retry could never load the
// page. The client build (site/scripts/freshImports.mjs) sends every dynamic
// import of a chunk through freshImport, which asks again under a new URL
// (?retry=N) once that URL has failed. Only the failed chunk gets a new URL:
// the chunks it imports statically keep theirs, so shared modules (React, the
// app's own state) stay single instances. Plain JS so node tests import it.

/** The global the rewritten imports call; set when the app's entry runs. */
export const FRESH_IMPORT = '__freshImport';

/** @type {Map<string, number>} failed attempts so far, by the chunk's URL */
const failures = new Map();

/**
 * Imports a chunk: under its own URL until that fails, then under a new one.
 * A failure can come from before this call (a failed <link rel=modulepreload>
 * in the page, which the module map remembers too) and be answered without a
 * request, so one failed attempt is followed at once by one under a new URL.
 * Once a new URL has loaded, later imports of the chunk reuse it, so the
 * chunk is evaluated once.
 * @param {string} specifier the chunk as the bundle names it, e.g. ./page-Ab12.js
 * @param {string} base the importing module's import.meta.url
 * @returns {Promise<any>}
 */
export function freshImport(specifier, base) {
  const key = new URL(specifier, base).href;
  const attempt = () => {
    const n = failures.get(key) ?? 0;
    const url = new URL(key);
    if (n) url.searchParams.set('retry', String(n));
    return import(/* @vite-ignore */ url.href).catch((e) => {
      failures.set(key, n + 1);
      throw e;
    });
  };
  return attempt().catch(attempt);
}

/** @type {Record<string, unknown>} */ (globalThis)[FRESH_IMPORT] = freshImport;
