import { Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The public header's menu below 900px (loaded when first opened). */
export default function PublicDrawer({
  open,
  onClose,
  links,
  accountLinks,
}: {
  open: boolean;
  onClose: () => void;
  links: readonly { to: string; label: string }[];
  accountLinks: ReactNode;
}) {
  return (
    <Drawer title="Menu" placement="right" open={open} onClose={onClose} size={280}>
      <nav aria-label="Main">
        <Flex vertical gap={4} onClick={onClose}>
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="drawer-link">
              {link.label}
            </Link>
          ))}
          <div style={{ height: 8 }} />
          {accountLinks}
        </Flex>
      </nav>
    </Drawer>
  );
}
