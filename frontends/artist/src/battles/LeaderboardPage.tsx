import type { CallAnswer } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { Alert, Empty, Select, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PHASE_LABELS, useBattles } from './useBattles';

type Leaderboard = CallAnswer<'beat_battle_leaderboard'>;

/** /user/leaderboard: a battle's entries by Bradley–Terry rating, with their votes (?battle= picks one). */
export function LeaderboardPage() {
  const { battles, current, error } = useBattles();
  const [params, setParams] = useSearchParams();
  const battleId = params.get('battle') ?? current?.battleId ?? null;
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [boardError, setBoardError] = useState<string | null>(null);
  useEffect(() => {
    if (!battleId) return;
    beatmatchSdk()
      .api.call('beat_battle_leaderboard', { battleId })
      .then(setBoard, (failure: Error) => setBoardError(failure.message));
  }, [battleId]);
  if (error ?? boardError) return <Alert type="error" title={error ?? boardError} showIcon />;
  if (!battles) return <Spin />;
  if (!battleId) return <Empty description="No beat battle yet." />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Select
        aria-label="Battle"
        value={battleId}
        style={{ minWidth: 280 }}
        options={battles.map((battle) => ({ value: battle.battleId, label: battle.theme }))}
        onChange={(value: string) => setParams({ battle: value })}
      />
      {board && (
        <>
          <Typography.Text>
            {PHASE_LABELS[board.battle.phase]} · {board.battle.votes} votes
            {board.battle.winner &&
              ` · Winner: ${board.battle.winner.beatName} by ${board.battle.winner.producerName}`}
          </Typography.Text>
          <Table
            rowKey="rank"
            pagination={false}
            dataSource={board.entries}
            data-testid="leaderboard"
            columns={[
              { title: '#', dataIndex: 'rank' },
              { title: 'Beat', dataIndex: 'beatName' },
              { title: 'Producer', dataIndex: 'producerName' },
              { title: 'Rating', dataIndex: 'rating' },
              { title: 'Votes', dataIndex: 'votes' },
              { title: 'Wins', dataIndex: 'wins' },
            ]}
          />
        </>
      )}
    </Space>
  );
}
