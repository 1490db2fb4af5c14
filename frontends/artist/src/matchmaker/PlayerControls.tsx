import { CaretRightFilled, CloseOutlined, HeartFilled, PauseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import type { Player } from './usePlayer';

/** Pass or Match, with its key in the tooltip once the beat has been played. */
function ChoiceButton(props: {
  player: Player;
  choice: 'pass' | 'match';
  label: string;
  keyHint: string;
  icon: ReactNode;
}) {
  const { player, choice, label, keyHint, icon } = props;
  return (
    <Tooltip title={player.playback.started ? `${label} (${keyHint})` : 'Press play first'}>
      <Button
        shape="circle"
        size="large"
        className={`mm-${choice}`}
        icon={icon}
        aria-label={label}
        aria-disabled={player.inert}
        data-testid={`player-${choice}`}
        onClick={() => void player.choose(choice)}
      />
    </Tooltip>
  );
}

/** Pass, play-pause and Match, and the hint below them. */
export function PlayerControls({ player }: { player: Player }) {
  const { beat, togglePlay } = player;
  const { playing, started } = player.playback;
  return (
    <>
      <div className="mm-controls" role="group" aria-label="Player controls">
        <ChoiceButton player={player} choice="pass" label="Pass" keyHint="←" icon={<CloseOutlined />} />
        <Button
          shape="circle"
          type="primary"
          className="mm-play"
          icon={playing ? <PauseOutlined /> : <CaretRightFilled />}
          aria-label={playing ? 'Pause' : 'Play'}
          aria-pressed={playing}
          disabled={!beat}
          data-testid="player-play"
          onClick={togglePlay}
        />
        <ChoiceButton player={player} choice="match" label="Match" keyHint="→" icon={<HeartFilled />} />
      </div>
      <p className="mm-hint">
        {started
          ? 'Swipe or use ← Pass and → Match; Space plays and pauses.'
          : 'Press play to listen, then choose Pass or Match.'}
      </p>
    </>
  );
}
