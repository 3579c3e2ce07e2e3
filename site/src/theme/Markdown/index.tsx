import type { MouseEvent, SyntheticEvent } from 'react';
import { useAnnounce } from '../../contexts/Announcer';
import { useRouter } from '../../contexts/Router';
import { prefetch } from '../../lib/prefetch';
import { handleCopyClick } from '../CodeBlock';
import { isModifiedClick } from '../Link';
import './markdown.css';

function internalAnchor(e: SyntheticEvent): HTMLAnchorElement | null {
  const a = (e.target as Element).closest?.('a');
  if (!a || a.target || a.hasAttribute('download') || a.origin !== window.location.origin) return null;
  return a;
}

/** Compiled page HTML; its internal links navigate client-side like <Link>, its code blocks' copy buttons copy. */
export default function Markdown({ html }: { html: string }) {
  const { navigate } = useRouter();
  const announce = useAnnounce();
  const onClick = (e: MouseEvent) => {
    if (handleCopyClick(e.target, announce)) return;
    const a = internalAnchor(e);
    if (!a || isModifiedClick(e)) return;
    if (a.pathname === window.location.pathname && a.hash) return; // same-page anchor: let the browser jump
    e.preventDefault();
    navigate(a.pathname + a.search + a.hash);
  };
  // The reader heads for a link: hover, keyboard focus or touch.
  const heading = (e: SyntheticEvent) => {
    const a = internalAnchor(e);
    if (a) prefetch(a.pathname);
  };
  return <div className="markdown" onClick={onClick} onMouseOver={heading} onFocus={heading} onTouchStart={heading} dangerouslySetInnerHTML={{ __html: html }} />;
}
