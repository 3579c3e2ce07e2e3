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

// Accessibility fixes for the same bundle (found by the axe check and the
// keyboard tests in e2e/accessibility.spec.ts):
// - The modal's backdrop is a div with role="button" and tabIndex 0 (a click
//   on it closes the modal): every control of the modal was a control nested
//   in a button. Escape closes the modal for the keyboard; the backdrop keeps
//   its mouse handler and loses the role.
// - The same div also took the autocomplete's ARIA 1.1 combobox props, so the
//   modal sat inside a combobox. The modal becomes a modal dialog named
//   "Search", and the search field the combobox (ARIA 1.2: role and
//   aria-expanded on the field itself, which already has the rest).
// - Each result list was rendered without its source, so every list had the
//   id "docsearch-list" while the field's aria-controls named
//   "docsearch-hits0-list", …: references to nothing. The lists get their
//   source's id, and aria-controls names only sources that have results
//   (lists without results are not rendered).
const A11Y_FIXES = [
  ['m({ref:F},re({"aria-expanded":!0}),{className:', 'm({ref:F},{className:', 1],
  ['role:"button",tabIndex:0,onMouseDown:function(e){e.target===e.currentTarget&&s()}', 'onMouseDown:function(e){e.target===e.currentTarget&&s()}', 1],
  ['e.createElement("div",{className:"DocSearch-Modal",ref:U}', 'e.createElement("div",{className:"DocSearch-Modal",ref:U,role:"dialog","aria-modal":"true","aria-label":"Search"}', 1],
  ['It({"aria-autocomplete":"both",', 'It({role:"combobox","aria-expanded":n.getState().isOpen,"aria-autocomplete":"both",', 1],
  ['e.createElement("ul",t.getListProps(),', 'e.createElement("ul",t.getListProps({source:t.collection.source}),', 1],
  ['"aria-controls":n.getState().isOpen?n.getState().collections.map(', '"aria-controls":n.getState().isOpen?n.getState().collections.filter((function(e){return e.items.length>0})).map(', 2],
];

/**
 * Returns the bundle with the modal's ARIA fixed (above); throws when any
 * code to patch is not there as often as expected.
 * @param {string} code
 */
export function fixAccessibility(code) {
  return A11Y_FIXES.reduce((c, [from, to, times]) => replaceExactly(c, from, to, times), code);
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
