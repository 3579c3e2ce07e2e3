// Code blocks are compiled to HTML (site/markdown/code.go), copy button
// included, so nothing moves when the app starts. This module gives the
// button its behaviour: the Markdown component passes it every click.
import './codeblock.css';

/** How long the button shows its "copied" check mark. */
export const COPIED_MS = 2000;

/** The code of a block as a reader would type it: no UI text, no final newline. */
export function codeText(button: Element): string {
  const code = button.closest('.code-block')?.querySelector('pre code');
  return (code?.textContent ?? '').replace(/\n$/, '');
}

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // No Clipboard API (an insecure origin) or no permission: the older way, from a selection.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  focused?.focus({ preventScroll: true });
  if (!ok) throw new Error('copy refused');
}

const timers = new WeakMap<Element, number>();

/**
 * Copies the block of a clicked copy button and says so: a check mark on
 * the button, "Copied" (or the failure) in the live region. Returns false
 * when the click was not on a copy button.
 */
export function handleCopyClick(target: EventTarget | null, announce: (m: string) => void): boolean {
  const button = (target as Element | null)?.closest?.('.copy-button');
  if (!button) return false;
  writeClipboard(codeText(button)).then(() => {
    button.setAttribute('data-copied', '');
    window.clearTimeout(timers.get(button));
    timers.set(button, window.setTimeout(() => button.removeAttribute('data-copied'), COPIED_MS));
    announce('Copied');
  }, () => announce('Copying failed: select the code and copy it yourself'));
  return true;
}
