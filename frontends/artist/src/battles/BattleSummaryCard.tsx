import { LinkButton } from '@beatmatch/frontend-common';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PHASE_LABELS, when, type BattleListing } from './useBattles';

/** One battle at a glance: theme, phase, dates, entries and votes, the winner once closed. */
export function BattleSummaryCard({ battle, actions }: { battle: BattleListing; actions?: ReactNode }) {
  return (
    <Card
      title={battle.theme}
      extra={<Tag color={battle.phase === 'closed' ? 'default' : 'green'}>{PHASE_LABELS[battle.phase]}</Tag>}
      data-testid="battle-summary"
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Entries close">{when(battle.submissionsCloseAt)}</Descriptions.Item>
        <Descriptions.Item label="Voting closes">{when(battle.votingClosesAt)}</Descriptions.Item>
        <Descriptions.Item label="Entries">{battle.entries}</Descriptions.Item>
        <Descriptions.Item label="Votes">{battle.votes}</Descriptions.Item>
        {battle.myEntry && (
          <Descriptions.Item label="Your entry">{battle.myEntry.beatName}</Descriptions.Item>
        )}
        {battle.winner && (
          <Descriptions.Item label="Winner">
            <Typography.Text strong data-testid="battle-winner">
              {battle.winner.beatName} by {battle.winner.producerName}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space wrap style={{ marginTop: 12 }}>
        {battle.phase !== 'closed' && (
          <LinkButton to="/user/battleground">Vote in the Battleground</LinkButton>
        )}
        {battle.phase === 'open' && !battle.myEntry && (
          <LinkButton to="/user/submission">Submit a beat</LinkButton>
        )}
        <LinkButton to={`/user/leaderboard?battle=${battle.battleId}`}>Leaderboard</LinkButton>
        <LinkButton to="/user/rules">Rules</LinkButton>
        {actions}
      </Space>
    </Card>
  );
}
