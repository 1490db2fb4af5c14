import { useSessionState } from '@beatmatch/frontend-common/sdk';
import { Alert, Empty, List, Space, Spin, Typography } from 'antd';
import { CloseBattleButton, OpenBattleForm } from './AdminBattleTools';
import { BattleSummaryCard } from './BattleSummaryCard';
import { useBattles } from './useBattles';

/** /user/beatBattle: the current battle, the past ones with their winners, and the admins' tools. */
export function BattlePage() {
  const { user } = useSessionState();
  const isAdmin = Boolean(user?.roles?.includes('admin'));
  const { battles, current, error, reload } = useBattles();
  if (error) return <Alert type="error" title={error} showIcon />;
  if (!battles) return <Spin />;
  const past = battles.slice(1);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph>
        Producers enter one beat each; listeners hear two entries at a time, without names, and pick the one
        they prefer. The best-rated beat wins.
      </Typography.Paragraph>
      {current ? (
        <BattleSummaryCard
          battle={current}
          actions={
            isAdmin &&
            current.phase !== 'closed' &&
            !current.closedAt && (
              <CloseBattleButton battleId={current.battleId} onClosed={() => void reload()} />
            )
          }
        />
      ) : (
        <Empty description="No beat battle yet. Check back soon!" />
      )}
      {isAdmin && <OpenBattleForm onOpened={() => void reload()} />}
      {past.length > 0 && (
        <List
          header="Past battles"
          dataSource={past}
          renderItem={(battle) => (
            <List.Item>
              <List.Item.Meta
                title={battle.theme}
                description={
                  battle.winner
                    ? `Winner: ${battle.winner.beatName} by ${battle.winner.producerName}`
                    : 'No winner'
                }
              />
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
