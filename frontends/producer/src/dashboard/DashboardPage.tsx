import type { MonthStats, PioneerStatus, RecentCustomer } from '@beatmatch/contracts';
import { useSessionState } from '@beatmatch/frontend-common/sdk';
import { Alert, App, Button, Card, Col, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { errorText } from '../manage/manageApi';
import { StatsChart } from './StatsChart';
import { useDashboard, type DashboardData } from './useDashboard';

const PACKAGE_NAMES: Record<RecentCustomer['package'], string> = {
  firstDate: 'First Date',
  relationship: 'Relationship',
  marriage: 'Marriage',
};

function MonthCard({ title, stats }: { title: string; stats: MonthStats }) {
  return (
    <Card title={title} extra={<Typography.Text type="secondary">{stats.month}</Typography.Text>}>
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title="Sales" prefix="$" value={stats.sales} />
        </Col>
        <Col span={8}>
          <Statistic title="Plays" value={stats.plays} />
        </Col>
        <Col span={8}>
          <Statistic title="Matches" value={stats.matches} />
        </Col>
      </Row>
    </Card>
  );
}

function RecentCustomers({ customers }: { customers: RecentCustomer[] }) {
  return (
    <Card title="Recent Customers">
      <Table<RecentCustomer>
        rowKey="purchaseId"
        size="small"
        pagination={false}
        dataSource={customers}
        locale={{ emptyText: 'No customers yet' }}
        columns={[
          { title: 'Customer', dataIndex: 'customer' },
          { title: 'Beat', dataIndex: 'beatName' },
          {
            title: 'Package',
            dataIndex: 'package',
            render: (name: RecentCustomer['package']) => PACKAGE_NAMES[name],
          },
          { title: 'Amount', dataIndex: 'amount', render: (amount: string) => `$${amount}` },
          {
            title: 'Date',
            dataIndex: 'purchasedAt',
            render: (at: string) => new Date(at).toLocaleDateString('en-US'),
          },
        ]}
      />
    </Card>
  );
}

function PioneerBadge({ pioneer }: { pioneer: PioneerStatus }) {
  if (!pioneer.pioneer) return null;
  return (
    <Space>
      <Tag color={pioneer.lifetimeMember ? 'gold' : 'blue'}>Pioneer</Tag>
      <Typography.Text type="secondary">
        {`${pioneer.pioneerUploads} of your uploads helped reach ${pioneer.milestone.toLocaleString('en-US')} beats`}
      </Typography.Text>
    </Space>
  );
}

function Dashboard({ data, userId }: { data: DashboardData; userId: string | null }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        {userId && (
          <Button type="primary" href={`/lab/${encodeURIComponent(userId)}`}>
            View Your Store
          </Button>
        )}
        <PioneerBadge pioneer={data.pioneer} />
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <MonthCard title="Last Month Stats" stats={data.lastMonth} />
        </Col>
        <Col xs={24} md={12}>
          <MonthCard title="Current Month Stats" stats={data.currentMonth} />
        </Col>
      </Row>
      <StatsChart graph={data.graph} />
      <RecentCustomers customers={data.customers} />
    </Space>
  );
}

/** The producer dashboard (/user, artist-side spec §2): stats of the producer's own beats. */
export function DashboardPage() {
  const state = useDashboard();
  const session = useSessionState();
  const { message } = App.useApp();
  const failure = state.status === 'failed' ? errorText(state.error) : null;
  useEffect(() => {
    if (failure) void message.error(failure);
  }, [failure, message]);
  if (state.status === 'loading')
    return (
      <Spin description="Loading your dashboard">
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  if (state.status === 'failed') return <Alert type="error" showIcon title={failure} />;
  return <Dashboard data={state.data} userId={session.user?.userId ?? null} />;
}
