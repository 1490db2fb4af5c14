import { DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { ADMIN_SIDE_MENU_ITEMS, SIDE_MENU_GROUP_OF, SIDE_MENU_ITEMS, type MenuItem } from './sideMenu';

export interface SideMenuProps {
  collapsed: boolean;
  onNavigate?: () => void;
  /** Icon mode: a group was chosen, so the column should open to show its pages. */
  onExpand?: () => void;
}

/**
 * The logged-in side menu: links and collapsible groups in plain elements (antd's Menu would be the
 * largest part of the private area's code). In the icon-only column a group's icon opens the menu.
 */
export function SideMenu({ collapsed, onNavigate, onExpand }: SideMenuProps) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const items = user?.roles?.includes('admin') ? ADMIN_SIDE_MENU_ITEMS : SIDE_MENU_ITEMS;
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(
    () => new Set([SIDE_MENU_GROUP_OF[pathname] ?? 'marketplace']),
  );
  const toggle = (key: string) =>
    setOpenGroups((current) => {
      const next = new Set(current);
      if (next.has(key) && !collapsed) next.delete(key);
      else next.add(key);
      return next;
    });

  const link = (item: MenuItem, nested = false) => (
    <Link
      to={item.to!}
      className={`side-menu-item${nested ? ' nested' : ''}${pathname === item.to ? ' selected' : ''}`}
      aria-current={pathname === item.to ? 'page' : undefined}
      aria-label={collapsed ? item.label : undefined}
      title={collapsed ? item.label : undefined}
      onClick={onNavigate}
    >
      {item.icon ? <span aria-hidden>{item.icon}</span> : null}
      {collapsed ? null : <span className="side-menu-label">{item.label}</span>}
    </Link>
  );

  return (
    <ul className={`side-menu${collapsed ? ' collapsed' : ''}`}>
      {items.map((item) => {
        if (!item.children) return <li key={item.key}>{link(item)}</li>;
        const open = openGroups.has(item.key) && !collapsed;
        const holdsCurrent = item.children.some((child) => child.to === pathname);
        return (
          <li key={item.key}>
            <button
              type="button"
              className={`side-menu-item${holdsCurrent ? ' holds-current' : ''}`}
              aria-expanded={open}
              aria-label={collapsed ? item.label : undefined}
              title={collapsed ? item.label : undefined}
              onClick={() => {
                toggle(item.key);
                if (collapsed) onExpand?.();
              }}
            >
              {item.icon ? <span aria-hidden>{item.icon}</span> : null}
              {collapsed ? null : (
                <>
                  <span className="side-menu-label">{item.label}</span>
                  <DownOutlined aria-hidden className={`side-menu-arrow${open ? ' open' : ''}`} />
                </>
              )}
            </button>
            {open ? (
              <ul className="side-menu-group">
                {item.children.map((child) => (
                  <li key={child.key}>{link(child, true)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
