import { ADMIN_ONLY_MESSAGE } from '@beatmatch/contracts';
import { useSessionState } from '@beatmatch/frontend-common/sdk';
import { Result, Space } from 'antd';
import { useState } from 'react';
import { AdminActions } from './AdminActions';
import { AdminRoles } from './AdminRoles';
import { AmbassadorsCard } from './referrals/AmbassadorsCard';
import { MaintenanceJobs } from './MaintenanceJobs';

/**
 * /user/admin (issue 26): the maintenance buttons, the admins, and the log of admin actions. Every
 * call here is an admin call, refused (403) by the services to anyone without the role, and the menu
 * shows the entry only to admins; someone else who opens the address is told so, and nothing is called.
 */
export function AdminPage() {
  const { user } = useSessionState();
  if (!user?.roles?.includes('admin'))
    return <Result status="403" title="Admin" subTitle={ADMIN_ONLY_MESSAGE} />;
  return <AdminTools />;
}

function AdminTools() {
  const [version, setVersion] = useState(0);
  // The gateway records an action once its answer is sent: reload the log just after.
  const acted = () => setTimeout(() => setVersion((current) => current + 1), 300);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <h2 style={{ margin: 0 }}>Admin</h2>
      <MaintenanceJobs onDone={acted} />
      <AdminRoles onDone={acted} />
      <AmbassadorsCard onDone={acted} />
      <AdminActions version={version} />
    </Space>
  );
}
