import { useEffect, type RefObject } from 'react';

/** True when a key press is typing into a field, where "/" must stay a character. */
export function isEditing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName));
}

/**
 * The search shortcuts, as DocSearch defines them: Ctrl+K or Cmd+K toggles
 * the modal, "/" opens it unless the reader is typing in a field, Escape
 * closes it, and a letter typed on the focused button opens it with that letter.
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
      const toggle = e.key?.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey);
      const slash = e.key === '/' && !isOpen && !isEditing(e.target);
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
