import { PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { MatchListEntry } from '@beatmatch/contracts';
import { labPath } from './areaPaths';
import { NARROW, TITLE_OVERFLOW_WIDTH, useMediaQuery } from './breakpoints';
import { CoverImage } from './CoverImage';

/**
 * A list row's play control: cover, name and producer; the whole block toggles playback. On narrow
 * screens the name is cut at 120px with an ellipsis (spec §9); hovering shows it whole.
 */
export function BeatRowPlay({
  entry,
  playing,
  onToggle,
}: {
  entry: MatchListEntry;
  playing: boolean;
  onToggle(): void;
}) {
  const narrow = useMediaQuery(NARROW);
  return (
    <>
      <button
        type="button"
        className="mm-row-play"
        disabled={!entry.available}
        aria-pressed={playing}
        aria-label={`${playing ? 'Stop' : 'Play'} ${entry.beatName}`}
        onClick={onToggle}
      >
        <span style={{ position: 'relative', width: 56, height: 56, flex: 'none' }}>
          <span
            className="mm-cover"
            style={{ width: 56, borderRadius: 8, boxShadow: 'none', display: 'block' }}
          >
            <CoverImage url={entry.coverArtUrl} />
          </span>
          {entry.available ? (
            <span
              aria-hidden
              style={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {playing ? (
                <PauseCircleFilled style={{ fontSize: 28, color: '#fff' }} />
              ) : (
                <PlayCircleFilled style={{ fontSize: 28, color: 'rgba(255,255,255,0.9)' }} />
              )}
            </span>
          ) : null}
        </span>
        <span className="mm-row-text">
          <span
            className="mm-row-name"
            data-testid="row-beat-name"
            title={entry.beatName}
            style={narrow ? { maxWidth: TITLE_OVERFLOW_WIDTH } : undefined}
          >
            {entry.beatName}
          </span>
          {entry.available ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {entry.unavailableReason ?? 'This beat is not available.'}
            </Typography.Text>
          )}
        </span>
      </button>
      <Link to={labPath(entry.userId)} style={{ flex: 'none' }}>
        {entry.producerName || entry.producer}
      </Link>
    </>
  );
}
