// Keeps keyboard focus inside a modal (the mobile drawer, the search modal).

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The elements Tab reaches inside el, in document order: shown, enabled, not taken out of the Tab order. */
export function tabStops(el: HTMLElement): HTMLElement[] {
  return [...el.querySelectorAll<HTMLElement>(focusable)]
    .filter((e) => e.tabIndex >= 0 && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden');
}

/**
 * For a Tab key press: past the last stop of container focus goes to the
 * first, before the first to the last, and from outside it comes back in.
 * Returns true when it moved focus (and took the key press).
 */
export function trapTab(container: HTMLElement, e: { key: string; shiftKey: boolean; preventDefault(): void }): boolean {
  if (e.key !== 'Tab') return false;
  const stops = tabStops(container);
  if (stops.length === 0) return false;
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const at = document.activeElement;
  const outside = !container.contains(at);
  if (!(outside || (e.shiftKey ? at === first : at === last))) return false;
  e.preventDefault();
  (e.shiftKey ? last : first).focus();
  return true;
}
