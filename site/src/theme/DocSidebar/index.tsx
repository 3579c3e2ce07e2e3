import { useState } from 'react';
import type { SidebarItem } from '../../lib/types';
import Collapsible from '../Collapsible';
import Link from '../Link';
import './sidebar.css';

function contains(item: SidebarItem, path: string): boolean {
  return item.href === path || (item.items ?? []).some((c) => contains(c, path));
}

function Category({ item, active }: { item: SidebarItem; active: string }) {
  // Categories start open on every page, so every link is in the prerendered
  // HTML; opening one never collapses another (no auto-collapse). The
  // sidebar itself cannot be hidden.
  const [open, setOpen] = useState(true);
  const current = contains(item, active);
  return (
    <li className={`sidebar-category${current ? ' sidebar-category-active' : ''}`}>
      <div className="sidebar-category-row">
        {item.href ? (
          <Link to={item.href} className={`sidebar-link${item.href === active ? ' active' : ''}`} aria-current={item.href === active ? 'page' : undefined}>{item.label}</Link>
        ) : (
          <span className="sidebar-link">{item.label}</span>
        )}
        <button type="button" className="sidebar-caret" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} sidebar category '${item.label}'`} onClick={() => setOpen(!open)} />
      </div>
      <Collapsible open={open}><Items items={item.items ?? []} active={active} /></Collapsible>
    </li>
  );
}

function Items({ items, active }: { items: SidebarItem[]; active: string }) {
  return (
    <ul className="sidebar-items">
      {items.map((it) => it.type === 'category' ? (
        <Category key={it.label} item={it} active={active} />
      ) : (
        <li key={it.href}>
          <Link to={it.href ?? '#'} className={`sidebar-link${it.href === active ? ' active' : ''}`} aria-current={it.href === active ? 'page' : undefined}>{it.label}</Link>
        </li>
      ))}
    </ul>
  );
}

export default function DocSidebar({ items, active }: { items: SidebarItem[]; active: string }) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <Items items={items} active={active} />
    </nav>
  );
}
