import { planTitle } from '@beatmatch/contracts';
import { beatmatchSdk, useSessionState } from '@beatmatch/frontend-common/sdk';
import { Button, Card, Descriptions, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BioCard } from './BioCard';
import { NewsMailCard } from './NewsMailCard';
import { PictureCard } from './PictureCard';
import { SocialsCard } from './SocialsCard';

/** The account basics: username, e-mail and the producer plan, with where to manage it. */
function AccountCard() {
  const navigate = useNavigate();
  const { user } = useSessionState();
  const [plan, setPlan] = useState<string>();
  useEffect(() => {
    beatmatchSdk()
      .commerce.memberActiveStatus('producer')
      .then((status) =>
        setPlan(status.lifer ? 'Lifetime member' : (planTitle('producer', status.plan) ?? 'No subscription')),
      )
      .catch(() => setPlan('Unknown'));
  }, []);
  return (
    <Card title="Account" size="small">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Username">{user?.userName}</Descriptions.Item>
        <Descriptions.Item label="Email">{user?.email}</Descriptions.Item>
        <Descriptions.Item label="Plan">{plan ?? '…'}</Descriptions.Item>
      </Descriptions>
      <Button onClick={() => navigate('/user/subscriptions')}>Manage Plan</Button>
    </Card>
  );
}

/** Account settings (/user/account, producer-side spec §2 Account settings: profile). */
export function AccountSettings() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
      <h2 style={{ margin: 0 }}>My Profile</h2>
      <PictureCard />
      <BioCard />
      <SocialsCard />
      <AccountCard />
      <NewsMailCard />
    </Space>
  );
}
