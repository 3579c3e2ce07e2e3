import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useRouter } from '../../contexts/Router';
import { isExternal } from '../../lib/paths';
import { prefetch, prefetchWhenIdle } from '../../lib/prefetch';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** Returns true when a click should be left to the browser (new tab, download, …). */
export function isModifiedClick(e: MouseEvent | globalThis.MouseEvent): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.defaultPrevented;
}

/** An in-site link: client-side navigation; prefetch when visible (content only, at idle) and on hover, focus or touch (all of it). */
export default function Link({ to, children, onClick, ...rest }: Props) {
  const { navigate } = useRouter();
  const ref = useRef<HTMLAnchorElement>(null);
  const external = isExternal(to);

  useEffect(() => {
    const el = ref.current;
    if (external || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        prefetchWhenIdle(new URL(to, window.location.href).pathname);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [to, external]);

  if (external) {
    return <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>{children}</a>;
  }
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (isModifiedClick(e)) return;
    e.preventDefault();
    navigate(to);
  };
  const heading = () => prefetch(new URL(to, window.location.href).pathname);
  return (
    <a ref={ref} href={to} onClick={click} onMouseEnter={heading} onFocus={heading} onTouchStart={heading} {...rest}>
      {children}
    </a>
  );
}
