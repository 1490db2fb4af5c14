import { HeartOutlined } from '@ant-design/icons';
import { Alert, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { LinkButton, RemoteTheme } from '@beatmatch/frontend-common';
import { callAddress, useSessionState } from '@beatmatch/frontend-common/sdk';
import { FREE_VIEWABLE_MATCHES, type MatchListEntry, type MatchListResponse } from '@beatmatch/contracts';
import { useAreaPaths, type AreaPaths } from './areaPaths';
import { COMMIT_LABEL_HIDDEN, useMediaQuery } from './breakpoints';
import { CommitDialog } from './CommitDialog';
import { matchCountText } from './filters';
import { ListEmpty } from './ListParts';
import { MatchRow } from './MatchRow';
import { MatchmakerStyles } from './styles';
import { useErrorToasts } from './useErrorToasts';
import { useMatchList } from './useMatchList';
import { useRowPlayer } from './useRowPlayer';

export { MATCH_LIST_CACHE_KEY } from './useMatchList';

/**
 * What a row plays: a signed-in listener hears the whole beat they matched ("Listen to the full beats
 * you've matched with", spec §2), a visitor the snippet the list names.
 */
export const matchAudioSource = (entry: MatchListEntry, signedIn: boolean) =>
  signedIn ? callAddress('beatmatch_matchlist_full_beat', { beatId: entry.beatId }) : entry.audioSrc;

/**
 * The Match List (/matchList and /user/matchlist, artist-side spec §2, §4): '1 match' / 'N matches';
 * 'No Matches' with Find Beats; without Marketplace Pro a banner says only 20 matches can be viewed,
 * with Upgrade. Each row plays its beat (click again to stop), Commit opens the price dialog (its label
 * is hidden below 1075px), remove asks first, and the lyrics panel toggles 'Write Lyrics' / 'Hide Lyrics'.
 */
export function MatchListPage() {
  const paths = useAreaPaths();
  const { reportError, toasts, holder } = useErrorToasts();
  const player = useRowPlayer(reportError);
  const signedIn = useSessionState().status === 'signedIn';
  const { list, failed, removing, remove, modalHolder } = useMatchList(reportError, (beatId) => {
    if (player.playingId === beatId) player.stop();
  });
  const [committing, setCommitting] = useState<MatchListEntry | null>(null);
  const [lyricsOpen, setLyricsOpen] = useState<string | null>(null);
  // Below 1075px the Commit button is its icon only (its accessible name stays).
  const commitIconOnly = useMediaQuery(COMMIT_LABEL_HIDDEN);

  let body;
  if (!list && !failed) {
    body = <Skeleton active avatar paragraph={{ rows: 3 }} style={{ padding: 24 }} />;
  } else if (!list || list.beat.length === 0) {
    body = (
      <ListEmpty
        testId="matchlist-empty"
        icon={<HeartOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />}
        title="No Matches"
      >
        <LinkButton to={paths.matchmaker} type="primary">
          Find Beats
        </LinkButton>
      </ListEmpty>
    );
  } else {
    body = (
      <ul className="mm-rows" aria-label="Your matches">
        {list.beat.map((entry) => {
          const lyricsShown = lyricsOpen === entry.beatId;
          return (
            <MatchRow
              key={entry.beatId}
              entry={entry}
              playing={player.playingId === entry.beatId}
              lyricsShown={lyricsShown}
              removing={removing === entry.beatId}
              commitIconOnly={commitIconOnly}
              signUpPath={paths.signUp}
              onToggle={() => player.toggle(entry.beatId, matchAudioSource(entry, signedIn))}
              onCommit={() => setCommitting(entry)}
              onToggleLyrics={() => setLyricsOpen(lyricsShown ? null : entry.beatId)}
              onRemove={() => remove(entry)}
            />
          );
        })}
      </ul>
    );
  }

  return (
    <RemoteTheme>
      <MatchmakerStyles />
      {holder}
      {modalHolder}
      <div className="mm-list" data-testid="matchlist-page">
        {list ? <MatchListHead list={list} paths={paths} /> : null}
        {body}
      </div>
      <CommitDialog
        entry={committing}
        onClose={() => setCommitting(null)}
        onError={reportError}
        onAdded={(text) => void toasts.success({ content: text, key: 'matchlist-cart' })}
      />
    </RemoteTheme>
  );
}

/** The count line, and without Marketplace Pro the banner saying how many matches can be viewed. */
function MatchListHead({ list, paths }: { list: MatchListResponse; paths: AreaPaths }) {
  return (
    <>
      <div className="mm-list-head">
        <Typography.Text strong style={{ fontSize: 16 }} data-testid="matchlist-count">
          {matchCountText(list.total ?? list.beat.length)}
        </Typography.Text>
      </div>
      {list.activeSubscription ? null : (
        <Alert
          type="info"
          showIcon
          style={{ margin: '0 16px 8px' }}
          data-testid="matchlist-limit"
          title={`Only ${FREE_VIEWABLE_MATCHES} matches can be viewed without Marketplace Pro.`}
          action={
            <LinkButton to={paths.upgrade} type="primary" size="small">
              Upgrade
            </LinkButton>
          }
        />
      )}
    </>
  );
}
