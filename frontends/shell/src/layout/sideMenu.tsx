import {
  BulbOutlined,
  CrownOutlined,
  DollarOutlined,
  FileTextOutlined,
  MailOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Role } from '@beatmatch/contracts';
import { USER_BASENAME, type MenuGroup, type PageInfo } from '@beatmatch/frontend-common';
import { userPages } from '../catalogue';

/** One side-menu entry: a page (with `to`) or a group of pages (with `children`). */
export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  to?: string;
  children?: MenuItem[];
}

/** The side menu's groups (artist-side spec §2); their entries come from the apps' page lists. */
const GROUPS: Record<MenuGroup, { label: string; icon: ReactNode; order: number }> = {
  marketplace: { label: 'Marketplace', icon: <ShopOutlined />, order: 20 },
  payouts: { label: 'Payouts', icon: <DollarOutlined />, order: 30 },
  subscriptions: { label: 'Subscriptions', icon: <CrownOutlined />, order: 40 },
};

const pathOf = (page: PageInfo) => (page.path ? `${USER_BASENAME}/${page.path}` : USER_BASENAME);

const entry = (page: PageInfo): MenuItem => ({
  key: pathOf(page),
  icon: page.menu?.group ? undefined : page.menu?.icon,
  label: page.menu?.label ?? page.title,
  to: pathOf(page),
});

/**
 * Builds the menu from page lists: top-level pages and groups by `order`, a group's pages too; a page
 * for a role (the admin page) only for a user holding it.
 */
export function buildSideMenu(
  pages: readonly PageInfo[],
  roles: readonly Role[] = [],
): {
  items: MenuItem[];
  groupOf: Record<string, MenuGroup>;
} {
  const inMenu = pages.filter((page) => page.menu && (!page.menu.role || roles.includes(page.menu.role)));
  const byOrder = (a: PageInfo, b: PageInfo) => a.menu!.order - b.menu!.order;
  const top: { order: number; item: MenuItem }[] = inMenu
    .filter((page) => !page.menu!.group)
    .map((page) => ({ order: page.menu!.order, item: entry(page) }));
  const groupOf: Record<string, MenuGroup> = {};
  for (const [group, { label, icon, order }] of Object.entries(GROUPS) as [
    MenuGroup,
    (typeof GROUPS)[MenuGroup],
  ][]) {
    const members = inMenu.filter((page) => page.menu!.group === group).sort(byOrder);
    if (!members.length) continue;
    for (const page of members) groupOf[pathOf(page)] = group;
    top.push({ order, item: { key: group, label, icon, children: members.map(entry) } });
  }
  return { items: top.sort((a, b) => a.order - b.order).map(({ item }) => item), groupOf };
}

const sideMenu = buildSideMenu(userPages);
export const SIDE_MENU_ITEMS: MenuItem[] = sideMenu.items;
export const SIDE_MENU_GROUP_OF: Record<string, MenuGroup> = sideMenu.groupOf;
/** An admin's menu: the same, with the admin page. */
export const ADMIN_SIDE_MENU_ITEMS: MenuItem[] = buildSideMenu(userPages, ['admin']).items;

/** The menu's footer links: pages inside the app shell, each with an icon for the icon-only column. */
export const SIDE_MENU_FOOTER_LINKS = [
  { to: '/user/contact', label: 'Contact', icon: <MailOutlined /> },
  { to: '/user/policies', label: 'Policies', icon: <FileTextOutlined /> },
  { to: '/user/faq', label: 'FAQ', icon: <QuestionCircleOutlined /> },
  { to: '/user/pioneers', label: 'Pioneers', icon: <RocketOutlined /> },
  { to: '/user/whatsNew', label: "What's New", icon: <BulbOutlined /> },
];

export const VERSION_LABEL = 'PHASE 4.7';
