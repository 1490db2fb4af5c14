import { Alert, Card, Spin, Table, Typography } from 'antd';
import { loadRewardMonths, usePart, type RewardMonth } from './useReferralDashboard';

/** Said when the statement cannot be loaded. */
export const CANNOT_LOAD_REWARDS = 'Your referral rewards could not be loaded. Please refresh and try again.';

const columns = [
  {
    title: 'Month',
    dataIndex: 'month',
    render: (month: string, row: RewardMonth) => (row.final ? month : `${month} (so far)`),
  },
  { title: 'Active sub-affiliates', dataIndex: 'active' },
  { title: 'Affiliate reward', dataIndex: 'affiliate', render: (dollars: string) => `$${dollars}` },
  { title: 'Rev share', dataIndex: 'revShare', render: (dollars: string) => `$${dollars}` },
  { title: 'Total', dataIndex: 'total', render: (dollars: string) => <strong>${dollars}</strong> },
];

/**
 * Referral Rewards (/user/referralRewards): the month-by-month statement of what the referral run
 * credited (after a refund, the month shows what stays), and the running month so far. Credited
 * rewards are in the wallet and paid with the producer's payouts.
 */
export function ReferralRewards() {
  const months = usePart(loadRewardMonths);
  if (months.status === 'loading')
    return (
      <Spin tip="Loading your dashboard">
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  if (months.status === 'failed') return <Alert type="error" title={CANNOT_LOAD_REWARDS} />;
  return (
    <Card title="Referral Rewards">
      <Typography.Paragraph type="secondary">
        Rewards of a month are added to your wallet once the month is over and paid with your payouts.
      </Typography.Paragraph>
      <Table rowKey="month" size="small" pagination={false} dataSource={months.value} columns={columns} />
    </Card>
  );
}
