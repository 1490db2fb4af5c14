import { Alert, Result, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { EntryCard } from './EntryCard';
import { useBattlePair } from './useBattlePair';
import { useBattles } from './useBattles';

const LABELS = ['Beat A', 'Beat B'] as const;

/**
 * /user/battleground: two anonymous entries side by side, the swipe player's feel: play each, then
 * choose one (← for A, → for B); the next pair comes at once. A pair is voted on once.
 */
export function BattlegroundPage() {
  const { battles, current, error } = useBattles();
  const pair = useBattlePair(current && current.phase !== 'closed' ? current.battleId : null);
  const canChoose = pair.heard[0] && pair.heard[1];
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') void pair.choose(0);
      if (event.key === 'ArrowRight') void pair.choose(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pair]);
  if (error) return <Alert type="error" title={error} showIcon />;
  if (!battles) return <Spin />;
  if (!current) return <Result status="info" title="No beat battle is open. Check back soon!" />;
  if (current.phase === 'closed') return <Result status="info" title="Voting for this battle has closed." />;
  const { answer } = pair;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {current.theme}
      </Typography.Title>
      {pair.error && <Alert type="error" title={pair.error} showIcon />}
      {!answer ? (
        <Spin />
      ) : answer.pair ? (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }} data-testid="battle-pair">
          {answer.pair.map((entry, side) => (
            <EntryCard
              key={entry.entryId}
              label={LABELS[side]!}
              audioUrl={entry.audioUrl}
              audio={pair.audios[side as 0 | 1]}
              playing={pair.playing === side}
              canChoose={canChoose}
              keyHint={side === 0 ? '←' : '→'}
              onToggle={() => pair.toggle(side as 0 | 1)}
              onChoose={() => void pair.choose(side as 0 | 1)}
            />
          ))}
        </div>
      ) : (
        <Result status="success" title={answer.message} />
      )}
      {answer && (
        <Typography.Text type="secondary">Your votes in this battle: {answer.votesCast}</Typography.Text>
      )}
    </Space>
  );
}
