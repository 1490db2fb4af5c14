import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Button, Collapse, Input, List, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';

type Ambassadors = CallAnswer<'referral_ambassadors'>;
type Change = 'referral_ambassador_grant' | 'referral_ambassador_revoke';

/** The ambassador role (issue 23 item 4): the queue of applications, the ambassadors, grant and revoke. */
function Ambassadors({ onDone }: { onDone: () => void }) {
  const [list, setList] = useState<Ambassadors>({ ambassadors: [], applications: [] });
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<string>();
  useEffect(() => {
    beatmatchSdk()
      .api.call('referral_ambassadors')
      .then(setList)
      .catch((error: Error) => setResult(`Failed: ${error.message}`));
  }, []);
  const change = async (name: Change, target: string) => {
    try {
      setList(await beatmatchSdk().api.call(name, { email: target }));
      const granted = name === 'referral_ambassador_grant';
      setResult(granted ? `${target} is an ambassador.` : `${target} is no longer an ambassador.`);
      setEmail('');
    } catch (error) {
      setResult(`Failed: ${(error as Error).message}`);
    }
    onDone();
  };
  const confirmed = (name: Change, target: string, label: string) => (
    <Popconfirm
      key={name}
      title={
        name === 'referral_ambassador_grant'
          ? `Make ${target} an ambassador?`
          : `Take the ambassador role from ${target}?`
      }
      okText="Yes"
      disabled={!target}
      onConfirm={() => change(name, target)}
    >
      <Button size="small" disabled={!target}>
        {label}
      </Button>
    </Popconfirm>
  );
  return (
    <>
      <Typography.Title level={5}>Applications</Typography.Title>
      <List
        size="small"
        locale={{ emptyText: 'No applications waiting.' }}
        dataSource={list.applications}
        renderItem={(row) => (
          <List.Item actions={[confirmed('referral_ambassador_grant', row.email, 'Grant')]}>
            <List.Item.Meta title={`${row.userName} (${row.email})`} description={row.message} />
            {new Date(row.appliedAt).toLocaleDateString()}
          </List.Item>
        )}
      />
      <Typography.Title level={5}>Ambassadors</Typography.Title>
      <List
        size="small"
        locale={{ emptyText: 'No ambassadors yet.' }}
        dataSource={list.ambassadors}
        renderItem={(row) => (
          <List.Item actions={[confirmed('referral_ambassador_revoke', row.email, 'Revoke')]}>
            {row.userName} ({row.email}) — since {new Date(row.since).toLocaleDateString()}
          </List.Item>
        )}
      />
      <Space.Compact style={{ marginTop: 12 }}>
        <Input
          aria-label="Ambassador e-mail"
          placeholder="E-mail of the new ambassador"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {confirmed('referral_ambassador_grant', email.trim(), 'Grant')}
      </Space.Compact>
      {result ? (
        <Typography.Paragraph role="status" style={{ marginTop: 8 }}>
          {result}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

/** Folded until opened: the page's other tools load without it. */
export function AmbassadorsCard({ onDone }: { onDone: () => void }) {
  return (
    <Collapse
      size="small"
      items={[{ key: 'ambassadors', label: 'Ambassadors', children: <Ambassadors onDone={onDone} /> }]}
    />
  );
}
