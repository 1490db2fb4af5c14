import { MATCHMAKER_MESSAGES, type PlayerBeat } from '@beatmatch/contracts';
import { Alert, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { labPath } from './areaPaths';
import { CoverImage } from './CoverImage';
import { MATCHMAKER_LAUNCH } from './launch';
import { demoPreparingText, type DemoProgress } from './useDemoProgress';
import type { Player } from './usePlayer';
import type { Swipe } from './useSwipe';

/** What the player's card shows for its status: the beat, or why there is none. */
export function PlayerCard({
  player: { status, beat, failure, uploaded },
  swipe,
  upgradeLink,
  demoProgress = null,
}: {
  player: Player;
  swipe: Swipe;
  upgradeLink: ReactNode;
  /** The demo catalogue's progress while it is being made (a first start): said instead of "no beat". */
  demoProgress?: DemoProgress | null;
}) {
  if (status === 'notLive') {
    return (
      <Alert
        type="info"
        showIcon
        role="status"
        data-testid="player-not-live"
        title={`Launching on ${MATCHMAKER_LAUNCH.text}`}
        description={
          uploaded === null ? null : `${uploaded} ${uploaded === 1 ? 'beat' : 'beats'} uploaded so far`
        }
      />
    );
  }
  if (status === 'overlimit') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="player-overlimit"
        title={MATCHMAKER_MESSAGES.overlimitText}
        action={upgradeLink}
      />
    );
  }
  if (status === 'noBeat') {
    return (
      <Alert
        type="info"
        showIcon
        role="status"
        data-testid="player-no-beat"
        title={demoProgress ? demoPreparingText(demoProgress) : MATCHMAKER_MESSAGES.noBeat}
      />
    );
  }
  if (status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="player-error"
        title={failure ?? 'Error - please reload the page and try again.'}
      />
    );
  }
  if (status === 'loading' && !beat) {
    return (
      <div className="mm-cover" aria-hidden>
        <Skeleton.Image active style={{ width: '100%', height: '100%' }} />
      </div>
    );
  }
  return beat ? <BeatCard beat={beat} loading={status === 'loading'} swipe={swipe} /> : null;
}

/** The beat's cover (swiped left or right), its title, its producer and why it was chosen. */
function BeatCard({
  beat,
  loading,
  swipe: { dragOffset, handlers },
}: {
  beat: PlayerBeat;
  loading: boolean;
  swipe: Swipe;
}) {
  return (
    <>
      <div
        className="mm-cover mm-swipe"
        data-testid="player-cover"
        {...handlers}
        style={{
          transform: dragOffset ? `translateX(${dragOffset}px) rotate(${dragOffset / 25}deg)` : undefined,
        }}
      >
        <CoverImage url={beat.coverArtUrl} />
        {loading ? <span className="mm-pulse" role="status" aria-label="Loading the next beat" /> : null}
      </div>
      <div className="mm-titles">
        <Typography.Title level={2} className="mm-beat-name" data-testid="player-beat-name">
          {beat.beatName}
        </Typography.Title>
        <Link to={labPath(beat.userId)} className="mm-producer" data-testid="player-producer">
          {beat.producer}
        </Link>
        {beat.why ? (
          <Typography.Paragraph type="secondary" className="mm-why" data-testid="player-why">
            Why this beat: {beat.why}
          </Typography.Paragraph>
        ) : null}
      </div>
    </>
  );
}
