import { CaretRightFilled, CloseOutlined, HeartFilled, PauseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { Player } from './usePlayer';

/** Pass, play-pause and Match, and the hint below them. */
export function PlayerControls({ player }: { player: Player }) {
  const { beat, inert, choose, togglePlay } = player;
  const { playing, started } = player.playback;
  return (
    <>
      <div className="mm-controls" role="group" aria-label="Player controls">
        <Tooltip title={started ? 'Pass (←)' : 'Press play first'}>
          <Button
            shape="circle"
            size="large"
            className="mm-pass"
            icon={<CloseOutlined />}
            aria-label="Pass"
            aria-disabled={inert}
            data-testid="player-pass"
            onClick={() => void choose('pass')}
          />
        </Tooltip>
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
        <Tooltip title={started ? 'Match (→)' : 'Press play first'}>
          <Button
            shape="circle"
            size="large"
            className="mm-match"
            icon={<HeartFilled />}
            aria-label="Match"
            aria-disabled={inert}
            data-testid="player-match"
            onClick={() => void choose('match')}
          />
        </Tooltip>
      </div>
      <p className="mm-hint">
        {started
          ? 'Swipe or use ← Pass and → Match; Space plays and pauses.'
          : 'Press play to listen, then choose Pass or Match.'}
      </p>
    </>
  );
}
