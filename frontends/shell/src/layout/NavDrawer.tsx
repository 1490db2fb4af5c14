import { Drawer } from 'antd';
import SideNavigation from './SideNavigation';

/** Below 901px the side menu opens as a drawer (loaded when first opened). */
export default function NavDrawer({ width, onClose }: { width: number; onClose: () => void }) {
  return (
    <Drawer
      placement="left"
      open
      onClose={onClose}
      size={width}
      styles={{ body: { padding: 0 } }}
      closable={false}
    >
      <SideNavigation collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
