// What a search shortcut is, for the app's SearchBar (shortcuts.ts) and for
// the head script's early listener, which records shortcuts pressed before
// the app has hydrated (headScript.mjs, issue #38): one rule for both.
// Plain ES5 functions: the head script inlines them with toString().

/**
 * True when a key press is typing into a field, where "/" must stay a character.
 * @param {EventTarget | null} target
 * @returns {boolean}
 */
export function isEditing(target) {
  var el = /** @type {HTMLElement | null} */ (target);
  return !!el && (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA');
}

/**
 * The shortcut a key press is, as DocSearch defines them: 'toggle' for
 * Ctrl+K or Cmd+K anywhere, 'slash' for "/" outside a field, '' for none.
 * @param {KeyboardEvent} e
 * @returns {'toggle' | 'slash' | ''}
 */
export function shortcutOf(e) {
  if ((e.key || '').toLowerCase() === 'k' && (e.metaKey || e.ctrlKey)) return 'toggle';
  if (e.key === '/' && !isEditing(e.target)) return 'slash';
  return '';
}

/**
 * What a search box that is still to come holds after a key press, from
 * what it held: Backspace takes the last character away, a character typed
 * without Ctrl or Cmd is added; null for any other key, which is not typing.
 * @param {KeyboardEvent} e
 * @param {string} text
 * @returns {string | null}
 */
export function typedWith(e, text) {
  if (e.key === 'Backspace') return text.slice(0, -1);
  if (e.key && e.key.length === 1 && !e.ctrlKey && !e.metaKey) return text + e.key;
  return null;
}
