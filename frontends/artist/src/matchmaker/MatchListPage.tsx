import { DeleteOutlined, EditOutlined, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Modal, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { RemoteTheme } from '@beatmatch/frontend-common';
import { FREE_VIEWABLE_MATCHES, type MatchListEntry, type MatchListResponse } from '@beatmatch/contracts';
import { LinkButton } from './LinkButton';
import { useAreaPaths } from './areaPaths';
import { BeatRowPlay } from './BeatRowPlay';
import { COMMIT_LABEL_HIDDEN, useMediaQuery } from './breakpoints';
import { matchmaker } from './client';
import { CommitDialog } from './CommitDialog';
import { matchCountText } from './filters';
import { LyricsPanel } from './LyricsPanel';
import { MatchmakerStyles } from './styles';
import { useErrorToasts } from './useErrorToasts';
import { useRowPlayer } from './useRowPlayer';

/** The session-storage cache of the Match List (spec §3 Match list entry). */
export const MATCH_LIST_CACHE_KEY = 'matchList';

function cache(entries: Array<Pick<MatchListEntry, 'beatId' | 'beatName'>>) {
  try {
    sessionStorage.setItem(
      MATCH_LIST_CACHE_KEY,
      JSON.stringify(entries.map(({ beatId, beatName }) => ({ beatId, beatName }))),
    );
  } catch {
    // Storage full or disabled: the cache is only a convenience.
  }
}

/**
 * The Match List (/matchList and /user/matchlist, artist-side spec §2, §4): '1 match' / 'N matches';
 * 'No Matches' with Find Beats; without Marketplace Pro a banner says only 20 matches can be viewed,
 * with Upgrade. Each row plays its beat (click again to stop), Commit opens the price dialog (its label
 * is hidden below 1075px), remove asks first, and the lyrics panel toggles 'Write Lyrics' / 'Hide Lyrics'.
 */
export function MatchListPage() {
  const paths = useAreaPaths();
  const { reportError, toasts, holder } = useErrorToasts();
  const [list, setList] = useState<MatchListResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [committing, setCommitting] = useState<MatchListEntry | null>(null);
  const [lyricsOpen, setLyricsOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const player = useRowPlayer(reportError);
  // Below 1075px the Commit button is its icon only (its accessible name stays).
  const commitIconOnly = useMediaQuery(COMMIT_LABEL_HIDDEN);

  const load = useCallback(async () => {
    try {
      const answer = await matchmaker().matchList();
      setList(answer);
      cache(answer.beat);
    } catch (error) {
      setFailed(true);
      reportError(error);
    }
  }, [reportError]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = (entry: MatchListEntry) => {
    void modal.confirm({
      title: `Are you sure you want to remove ${entry.beatName}?`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        setRemoving(entry.beatId);
        try {
          await matchmaker().removeMatch(entry.beatId);
          if (player.playingId === entry.beatId) player.stop();
          setList((current) => {
            if (!current) return current;
            const beat = current.beat.filter((row) => row.beatId !== entry.beatId);
            cache(beat);
            return { ...current, beat, total: Math.max(0, (current.total ?? current.beat.length) - 1) };
          });
        } catch (error) {
          reportError(error);
        } finally {
          setRemoving(null);
        }
      },
    });
  };

  const total = list ? (list.total ?? list.beat.length) : 0;
  let body;
  if (!list && !failed) {
    body = <Skeleton active avatar paragraph={{ rows: 3 }} style={{ padding: 24 }} />;
  } else if (!list || list.beat.length === 0) {
    body = (
      <Empty
        data-testid="matchlist-empty"
        image={<HeartOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />}
        description={<span style={{ fontSize: 16, fontWeight: 600 }}>No Matches</span>}
        style={{ padding: '48px 16px' }}
      >
        <LinkButton to={paths.matchmaker} type="primary">
          Find Beats
        </LinkButton>
      </Empty>
    );
  } else {
    body = (
      <ul className="mm-rows" aria-label="Your matches">
        {list.beat.map((entry) => {
          const lyricsShown = lyricsOpen === entry.beatId;
          return (
            <li key={entry.beatId} className="mm-row" data-testid="match-row">
              <div className="mm-row-main">
                <BeatRowPlay
                  entry={entry}
                  playing={player.playingId === entry.beatId}
                  onToggle={() => player.toggle(entry.beatId, entry.audioSrc)}
                />
                <div className="mm-row-actions">
                  <Button
                    type="primary"
                    icon={<ShoppingCartOutlined />}
                    disabled={!entry.available}
                    aria-label={`Commit to ${entry.beatName}`}
                    title={commitIconOnly ? 'Commit' : undefined}
                    data-testid="commit-button"
                    onClick={() => setCommitting(entry)}
                  >
                    {commitIconOnly ? null : 'Commit'}
                  </Button>
                  <Button
                    icon={<EditOutlined />}
                    aria-expanded={lyricsShown}
                    onClick={() => setLyricsOpen(lyricsShown ? null : entry.beatId)}
                  >
                    {lyricsShown ? 'Hide Lyrics' : 'Write Lyrics'}
                  </Button>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    loading={removing === entry.beatId}
                    aria-label={`Remove ${entry.beatName} from your Match List`}
                    onClick={() => remove(entry)}
                  />
                </div>
              </div>
              {lyricsShown ? (
                <LyricsPanel beatId={entry.beatId} beatName={entry.beatName} signUpPath={paths.signUp} />
              ) : null}
            </li>
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
        {list ? (
          <div className="mm-list-head">
            <Typography.Text strong style={{ fontSize: 16 }} data-testid="matchlist-count">
              {matchCountText(total)}
            </Typography.Text>
          </div>
        ) : null}
        {list && !list.activeSubscription ? (
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
        ) : null}
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
