// The navbar's search button. It stays tiny: the DocSearch modal, its styles
// and the search engine load only when the reader shows intent (hover,
// focus, touch, click or a shortcut), and open on Ctrl+K, Cmd+K or "/".
import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { takeEarlyKeys, useSearchShortcuts } from './shortcuts';
import { isEditing, typedWith } from '../../lib/searchKeys.js';
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './searchbar.css';

const importModal = () => import('./Modal');
// A modal that cannot load (offline, or a new deploy replaced the chunk)
// falls back to the search page, loaded in full as any failed page load is.
const Modal = lazy(() => importModal().catch(() => {
  window.location.assign('/search');
  return new Promise<never>(() => {});
}));

/**
 * The shortcut hint: ⌘ K on Apple systems, Ctrl K elsewhere (known only in
 * the browser). Screen readers get the shortcut from aria-keyshortcuts
 * instead: the button's name is its word, "Search" (no aria-label, which
 * would have to repeat every visible word of the button).
 */
function Keys() {
  const [mod, setMod] = useState<string | null>(null);
  useEffect(() => setMod(/Mac|iPhone|iPad|iPod/.test(navigator.platform) ? '⌘' : 'Ctrl'), []);
  return (
    <span className="DocSearch-Button-Keys" aria-hidden="true">
      {mod && <><kbd className="DocSearch-Button-Key">{mod}</kbd><kbd className="DocSearch-Button-Key">K</kbd></>}
    </span>
  );
}

/** Calls onShown as the modal's code has loaded and it is in the page. */
function Shown({ onShown }: { onShown: () => void }) {
  useLayoutEffect(onShown, [onShown]);
  return null;
}

/**
 * Keeps what is typed for the search box while the modal's code loads (the
 * first search of a visit, on a slow network or machine): the box does not
 * exist yet, and the letters would be lost. The listener is in place from
 * the render that opens search (a layout effect: before the next key), and
 * leaves the keys alone once the modal is there (shown, set as it appears).
 */
function useTypedWhileLoading(open: boolean, shown: RefObject<boolean>, type: (f: (text: string) => string) => void) {
  useLayoutEffect(() => {
    if (!open) return;
    const since = performance.now(); // the key that opened search is not typing
    const onKey = (e: KeyboardEvent) => {
      if (shown.current || e.timeStamp < since || isEditing(e.target) || typedWith(e, '') === null) return;
      e.preventDefault();
      type((text) => typedWith(e, text) ?? text);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, shown, type]);
}

export default function SearchBar() {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>();

  const shown = useRef(false);

  const onOpen = useCallback(() => {
    void importModal();
    setOpen(true);
  }, []);
  const onClose = useCallback(() => {
    setOpen(false);
    shown.current = false;
    setInitialQuery(undefined);
    button.current?.focus();
  }, []);
  const onShown = useCallback(() => { shown.current = true; }, []);
  const type = useCallback((f: (text: string) => string) => setInitialQuery((q) => f(q ?? '') || undefined), []);
  useTypedWhileLoading(open, shown, type);
  // Typing while the button has focus opens the modal with that character.
  const onInput = useCallback((e: KeyboardEvent) => {
    setInitialQuery(e.key);
    onOpen();
  }, [onOpen]);

  useSearchShortcuts({ isOpen: open, onOpen, onClose, onInput, button });

  // A shortcut pressed before hydration, recorded by the head script: open
  // search now, with what the reader typed after it.
  useEffect(() => {
    const early = takeEarlyKeys();
    if (!early?.open) return;
    setInitialQuery(early.typed || undefined);
    onOpen();
  }, [onOpen]);

  const warm = () => void importModal().then((m) => m.warm(window.location.pathname), () => {});
  return (
    <>
      <button ref={button} type="button" className="DocSearch DocSearch-Button" aria-keyshortcuts="Control+K Meta+K /"
        onClick={onOpen} onMouseEnter={warm} onFocus={warm} onTouchStart={warm}>
        <span className="DocSearch-Button-Container">
          <svg className="DocSearch-Search-Icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="m14 14 4 4M8.5 15a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z" />
          </svg>
          <span className="DocSearch-Button-Placeholder">Search</span>
        </span>
        <Keys />
      </button>
      {open && createPortal(
        <Suspense fallback={null}><Modal initialQuery={initialQuery} onClose={onClose} /><Shown onShown={onShown} /></Suspense>,
        document.body,
      )}
    </>
  );
}
