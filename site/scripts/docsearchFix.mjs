// A fix for @docsearch/react 3.9.0, applied while bundling. Its bundled
// autocomplete core ends every search with `.finally(() => setStatus('idle'))`,
// which also runs after a failed search and overwrites the 'error' status
// DocSearch has just set: the "Unable to fetch results" screen can never
// show, and readers whose network is down are told "No results". The fix
// keeps an 'error' status and settles the rejected search (DocSearch has
// already reported it).
const BROKEN = '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))';
const FIXED = '.catch((function(){})).finally((function(){"error"!==c.getState().status&&p("idle"),lt&&o.environment.clearTimeout(lt)}))';

export const DOCSEARCH_BUNDLE = /[\\/]@docsearch[\\/]react[\\/]dist[\\/]esm[\\/]index\.js(\?.*)?$/;

/**
 * Returns the patched bundle. Throws when the code to patch is not there
 * exactly once: a new DocSearch version must be looked at, not patched blind.
 * @param {string} code
 */
export function fixErrorStatus(code) {
  const at = code.indexOf(BROKEN);
  if (at < 0 || code.indexOf(BROKEN, at + 1) >= 0) {
    throw new Error('site/scripts/docsearchFix.mjs: the search status code of @docsearch/react changed; check whether the error-screen fix is still needed and update or remove it');
  }
  return code.slice(0, at) + FIXED + code.slice(at + BROKEN.length);
}
