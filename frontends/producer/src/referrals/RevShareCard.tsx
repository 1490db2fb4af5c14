import { REV_SHARE_TIERS, revShareTier } from '@beatmatch/contracts';
import { Card, Progress, Table, Typography } from 'antd';

const rows = REV_SHARE_TIERS.map((tier) => ({
  key: tier.from,
  active:
    tier.to === null
      ? `${tier.from} or more`
      : tier.from === 0
        ? `below ${tier.to + 1}`
        : `${tier.from} to ${tier.to}`,
  share: `${tier.percent}%`,
  next: tier.nextLevelAt === null ? '-' : String(tier.nextLevelAt),
}));

/** Producer-side spec §4: the ambassador's tiers, theirs marked, and how far the next level is. */
export function RevShareCard({ active }: { active: number }) {
  const tier = revShareTier(active);
  return (
    <Card title="Rev Share">
      <Typography.Paragraph>
        You earn <strong>{tier.percent}%</strong> of your sub-affiliates&apos; subscription revenue.
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        rowClassName={(row) => (row.key === tier.from ? 'ant-table-row-selected' : '')}
        columns={[
          { title: 'Active sub-affiliates', dataIndex: 'active' },
          { title: 'Share', dataIndex: 'share' },
          { title: 'Next level at', dataIndex: 'next' },
        ]}
      />
      {tier.nextLevelAt === null ? (
        <Typography.Paragraph style={{ marginTop: 12 }}>You are at the top level.</Typography.Paragraph>
      ) : (
        <div style={{ marginTop: 12 }}>
          <Typography.Text>
            {active} of {tier.nextLevelAt} active sub-affiliates for the next level
          </Typography.Text>
          <Progress
            percent={Math.floor((active / tier.nextLevelAt) * 100)}
            aria-label="Progress to the next level"
          />
        </div>
      )}
    </Card>
  );
}
