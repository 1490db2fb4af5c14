import { LogoutOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { Logo } from './Logo';
import { SideMenu, type SideMenuProps } from './SideMenuList';
import { SIDE_MENU_FOOTER_LINKS, VERSION_LABEL } from './sideMenu';

/** The side column: logo, menu, logout and the footer links (loaded beside the page). */
export default function SideNavigation({ collapsed, onNavigate, onExpand }: SideMenuProps) {
  const navigate = useNavigate();
  const { logout } = useSession();
  return (
    <Flex vertical style={{ height: '100%' }}>
      <div style={{ padding: collapsed ? '16px 20px' : '16px 24px' }}>
        <Logo compact={collapsed} />
      </div>
      <nav aria-label="Side menu" style={{ flex: 1, overflowY: 'auto' }}>
        <SideMenu collapsed={collapsed} onNavigate={onNavigate} onExpand={onExpand} />
      </nav>
      <footer style={{ padding: collapsed ? '12px 8px' : '12px 24px', borderTop: '1px solid #f0f0f0' }}>
        <Button
          block
          aria-label="Logout"
          icon={<LogoutOutlined />}
          onClick={async () => {
            await logout();
            navigate('/login');
          }}
        >
          {collapsed ? null : 'Logout'}
        </Button>
        {collapsed ? (
          // Icon mode keeps every footer link, as an icon with its name as a tooltip and for screen readers.
          <Flex vertical align="center" gap={2} style={{ marginTop: 8 }}>
            {SIDE_MENU_FOOTER_LINKS.map((footerLink) => (
              <Link
                key={footerLink.to}
                to={footerLink.to}
                aria-label={footerLink.label}
                title={footerLink.label}
                className="footer-icon-link"
              >
                {footerLink.icon}
              </Link>
            ))}
          </Flex>
        ) : (
          <Flex wrap gap="4px 12px" style={{ marginTop: 12, fontSize: 12 }}>
            {SIDE_MENU_FOOTER_LINKS.filter((footerLink) => footerLink.to !== '/user/whatsNew').map(
              (footerLink) => (
                <Link key={footerLink.to} to={footerLink.to} style={{ color: '#595959' }}>
                  {footerLink.label}
                </Link>
              ),
            )}
          </Flex>
        )}
        <Flex gap={8} align="center" wrap style={{ marginTop: 8, fontSize: 12 }}>
          <span
            style={{
              color: 'rgba(0, 0, 0, 0.55)',
              fontSize: collapsed ? 9 : 11,
              letterSpacing: collapsed ? 0 : 1,
              whiteSpace: 'nowrap',
            }}
          >
            {VERSION_LABEL}
          </span>
          {collapsed ? null : <Link to="/user/whatsNew">What's New</Link>}
        </Flex>
      </footer>
    </Flex>
  );
}
