import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { collapseDurationMs } from '../../lib/collapse';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Animates its content's height open and shut. The content stays in the
 * DOM (and in the prerendered HTML) when collapsed; it is only hidden.
 * Styles are set imperatively: a height transition needs a measured start
 * value committed before the end value, which a render cannot express.
 */
export default function Collapsible({ open, children }: { open: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current!;
    if (first.current) {
      first.current = false;
      if (!open) Object.assign(el.style, { height: '0px', overflow: 'hidden', visibility: 'hidden' });
      return;
    }
    const height = el.scrollHeight;
    el.style.transition = `height ${collapseDurationMs(height, reducedMotion())}ms ease-in-out`;
    Object.assign(el.style, { overflow: 'hidden', visibility: '', height: `${open ? 0 : height}px` });
    void el.offsetHeight; // commit the start height so the change animates
    el.style.height = `${open ? height : 0}px`;
    const done = () => {
      if (open) Object.assign(el.style, { height: '', overflow: '' });
      else el.style.visibility = 'hidden';
    };
    el.addEventListener('transitionend', done, { once: true });
    return () => el.removeEventListener('transitionend', done);
  }, [open]);
  return <div ref={ref} className="collapsible">{children}</div>;
}
