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

// Two accessibility fixes for the same bundle (found by the axe check in
// e2e/accessibility.spec.ts):
// - The modal's backdrop is a div with role="button" and tabIndex 0 (a click
//   on it closes the modal). That role overrides the combobox role the
//   autocomplete gives the same div, and makes every control of the modal a
//   control nested in a button. Escape already closes the modal for the
//   keyboard; the backdrop keeps its mouse handler and loses the role.
// - The search field's aria-controls names one list per source, also the
//   sources without results, whose lists are never rendered: an ARIA
//   reference to elements that do not exist. Only sources with items are named.
const BACKDROP = 'role:"button",tabIndex:0,onMouseDown:function(e){e.target===e.currentTarget&&s()}';
const BACKDROP_FIXED = 'onMouseDown:function(e){e.target===e.currentTarget&&s()}';
const CONTROLS = '"aria-controls":n.getState().isOpen?n.getState().collections.map(';
const CONTROLS_FIXED = '"aria-controls":n.getState().isOpen?n.getState().collections.filter((function(e){return e.items.length>0})).map(';

/**
 * Returns the bundle with the backdrop role and the dangling aria-controls
 * fixed; throws when the code is not there as often as expected.
 * @param {string} code
 */
export function fixAccessibility(code) {
  return replaceExactly(replaceExactly(code, BACKDROP, BACKDROP_FIXED, 1), CONTROLS, CONTROLS_FIXED, 2);
}

/** Every DocSearch fix this site applies, in one pass. @param {string} code */
export function fixDocSearch(code) {
  return fixAccessibility(fixErrorStatus(code));
}

function replaceExactly(code, from, to, times) {
  const parts = code.split(from);
  if (parts.length - 1 !== times) {
    throw new Error(`site/scripts/docsearchFix.mjs: expected ${times} of ${JSON.stringify(from.slice(0, 40))}… in @docsearch/react, found ${parts.length - 1}; check whether the accessibility fix is still needed and update or remove it`);
  }
  return parts.join(to);
}
