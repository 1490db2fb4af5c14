import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import type { DiscoveryMatch, MatchListEntry } from '@beatmatch/contracts';
import { CommitDialog } from '../../matchmaker/CommitDialog';
import { BeatListRow } from '../../matchmaker/ListParts';
import { useRowPlayer } from '../../matchmaker/useRowPlayer';

/** A match card as the list rows and the prices dialog read a beat (always playable: the pool's). */
export const asMatchListEntry = (match: DiscoveryMatch): MatchListEntry => ({
  ...match,
  available: true,
  unavailableReason: null,
  at: new Date(0).toISOString(),
});

/**
 * The beats a discovery search found, as match cards (text search, YouTube, Spotify, My Sound): each
 * plays its snippet on a click, says why it fits, and opens the prices dialog (Commit) that adds a
 * package to the cart through the commerce SDK.
 */
export function MatchResults(props: {
  beats: DiscoveryMatch[];
  /** Shown when the search found nothing. */
  emptyText: string;
  reportError(error: unknown): void;
  onAdded(text: string): void;
  testId?: string;
}) {
  const player = useRowPlayer(props.reportError);
  const [committing, setCommitting] = useState<MatchListEntry | null>(null);
  if (props.beats.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="match-results-empty">
        {props.emptyText}
      </Typography.Text>
    );
  return (
    <>
      <ul className="mm-rows" aria-label="Matching beats" data-testid={props.testId ?? 'match-results'}>
        {props.beats.map((match) => {
          const entry = asMatchListEntry(match);
          return (
            <BeatListRow
              key={match.beatId}
              testId="match-card"
              entry={entry}
              playing={player.playingId === match.beatId}
              onToggle={() => player.toggle(match.beatId, match.audioSrc)}
              actions={
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  aria-label={`Commit to ${match.beatName}`}
                  onClick={() => setCommitting(entry)}
                >
                  Commit
                </Button>
              }
            >
              <Typography.Text type="secondary" style={{ display: 'block', paddingTop: 4 }}>
                {match.why}
              </Typography.Text>
            </BeatListRow>
          );
        })}
      </ul>
      <CommitDialog
        entry={committing}
        onClose={() => setCommitting(null)}
        onError={props.reportError}
        onAdded={props.onAdded}
      />
    </>
  );
}
