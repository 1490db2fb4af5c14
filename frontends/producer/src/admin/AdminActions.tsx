import type { AdminAction } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Button, Card, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';

const columns = [
  { title: 'When', dataIndex: 'at', render: (at: string) => new Date(at).toLocaleString() },
  { title: 'Who', dataIndex: 'by' },
  { title: 'What', dataIndex: 'action' },
  {
    title: 'Outcome',
    dataIndex: 'outcome',
    render: (outcome: string, row: AdminAction) => `${outcome} (${row.status})`,
  },
  { title: 'Detail', dataIndex: 'detail' },
];

/** Every admin action (who, what, when, outcome), newest first; reloaded after each action here. */
export function AdminActions({ version }: { version: number }) {
  const [actions, setActions] = useState<AdminAction[]>();
  const load = useCallback(() => {
    beatmatchSdk()
      .api.call('admin_actions')
      .then((answer) => setActions(answer.actions))
      .catch(() => setActions([]));
  }, []);
  useEffect(load, [load, version]);
  return (
    <Card title="Admin actions" size="small" extra={<Button onClick={load}>Refresh</Button>}>
      <Table
        size="small"
        rowKey={(row) => `${row.at}-${row.by}-${row.action}`}
        loading={!actions}
        dataSource={actions ?? []}
        columns={columns}
        pagination={{ pageSize: 20 }}
      />
    </Card>
  );
}
