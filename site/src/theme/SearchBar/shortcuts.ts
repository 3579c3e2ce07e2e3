import { useEffect, type RefObject } from 'react';
import { shortcutOf } from '../../lib/searchKeys.js';
import { EARLY_KEYS_GLOBAL } from '../../lib/storageKeys.js';

/** What the head script's early listener recorded before the app hydrated (headScript.mjs, earlyKeys). */
export interface EarlyKeys { open: boolean; typed: string; stop: () => void }

/**
 * Takes over from the early listener: stops it, so each key is handled once,
 * and returns what it recorded (once; undefined when there was none).
 */
export function takeEarlyKeys(): EarlyKeys | undefined {
  const w = window as unknown as Record<string, EarlyKeys | undefined>;
  const early = w[EARLY_KEYS_GLOBAL];
  delete w[EARLY_KEYS_GLOBAL];
  early?.stop();
  return early;
}

/**
 * The search shortcuts, as DocSearch defines them: Ctrl+K or Cmd+K toggles
 * the modal, "/" opens it unless the reader is typing in a field, Escape
 * closes it, and a letter typed on the focused button opens it with that letter.
 * Which keys are shortcuts is searchKeys.js's rule, the head script's too.
 * (DocSearch's own hook lives in the same module as its modal; importing it
 * would put the whole modal in every page's first download.)
 */
export function useSearchShortcuts(opts: {
  isOpen: boolean; onOpen: () => void; onClose: () => void; onInput: (e: KeyboardEvent) => void;
  button: RefObject<HTMLButtonElement | null>;
}) {
  const { isOpen, onOpen, onClose, onInput, button } = opts;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const kind = shortcutOf(e);
      const toggle = kind === 'toggle';
      const slash = kind === 'slash' && !isOpen;
      if (toggle || slash || (e.key === 'Escape' && isOpen)) {
        e.preventDefault();
        if (isOpen) onClose();
        else if (!document.body.classList.contains('DocSearch--active')) onOpen();
        return;
      }
      if (button.current === document.activeElement && /^[a-zA-Z0-9]$/.test(e.key) && !e.metaKey && !e.ctrlKey && !e.altKey) onInput(e);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, button]);
}
