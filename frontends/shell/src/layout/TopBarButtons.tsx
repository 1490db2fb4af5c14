import { BellOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useSession } from '../session/SessionContext';
import type { TopBarPopup } from './topBarPopup';

// The popup and the menu (antd Popover, Dropdown) load on first use: a page view that never opens
// them does not download them.
const TopBarActions = lazy(() => import('./TopBarActions'));

function AvatarCircle() {
  const { user } = useSession();
  return (
    <span className="avatar-circle" aria-hidden>
      {user?.profilePicture ? <img src={user.profilePicture} alt="" /> : <UserOutlined />}
    </span>
  );
}

/** The two buttons as they look before first use; a click loads the real ones, opened. */
function PlainButtons({ onOpen }: { onOpen?: (popup: TopBarPopup) => void }) {
  return (
    <>
      <Button
        type="text"
        aria-label="Notifications"
        icon={<BellOutlined style={{ fontSize: 20 }} />}
        onClick={() => onOpen?.('notifications')}
      />
      <Button
        type="text"
        aria-label="Account menu"
        style={{ padding: 0 }}
        onClick={() => onOpen?.('account')}
      >
        <AvatarCircle />
      </Button>
    </>
  );
}

export function TopBarButtons() {
  const [firstOpened, setFirstOpened] = useState<TopBarPopup | null>(null);
  if (!firstOpened) return <PlainButtons onOpen={setFirstOpened} />;
  return (
    <Suspense fallback={<PlainButtons />}>
      <TopBarActions initiallyOpen={firstOpened} avatar={<AvatarCircle />} />
    </Suspense>
  );
}
