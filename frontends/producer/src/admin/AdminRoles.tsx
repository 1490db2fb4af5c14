import type { AdminRow } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Button, Card, Input, List, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';

/** Who holds the admin role; another admin grants or revokes it by e-mail (after a confirmation). */
export function AdminRoles({ onDone }: { onDone: () => void }) {
  const [admins, setAdmins] = useState<AdminRow[]>([]);
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<string>();
  useEffect(() => {
    beatmatchSdk()
      .api.call('admin_roles_list')
      .then((answer) => setAdmins(answer.admins))
      .catch((error: Error) => setResult(`Failed: ${error.message}`));
  }, []);
  const change = async (name: 'admin_roles_grant' | 'admin_roles_revoke', target: string) => {
    try {
      setAdmins((await beatmatchSdk().api.call(name, { email: target })).admins);
      setResult(name === 'admin_roles_grant' ? `${target} is an admin.` : `${target} is no longer an admin.`);
      setEmail('');
    } catch (error) {
      setResult(`Failed: ${(error as Error).message}`);
    }
    onDone();
  };
  return (
    <Card title="Admins" size="small">
      <List
        size="small"
        dataSource={admins}
        renderItem={(admin) => (
          <List.Item
            actions={[
              <Popconfirm
                key="revoke"
                title={`Take the admin role from ${admin.email}?`}
                okText="Yes, revoke"
                onConfirm={() => change('admin_roles_revoke', admin.email)}
              >
                <Button size="small">Revoke</Button>
              </Popconfirm>,
            ]}
          >
            {admin.email} — granted by {admin.grantedBy}, {new Date(admin.grantedAt).toLocaleString()}
          </List.Item>
        )}
      />
      <Space.Compact style={{ marginTop: 12 }}>
        <Input
          aria-label="Admin e-mail"
          placeholder="E-mail of the new admin"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Popconfirm
          title={`Give the admin role to ${email}?`}
          okText="Yes, grant"
          disabled={!email.trim()}
          onConfirm={() => change('admin_roles_grant', email.trim())}
        >
          <Button disabled={!email.trim()}>Grant</Button>
        </Popconfirm>
      </Space.Compact>
      {result ? (
        <Typography.Paragraph role="status" style={{ marginTop: 8 }}>
          {result}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
