import { HeartOutlined, HistoryOutlined, LockOutlined, LoginOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { LinkButton, RemoteTheme } from '@beatmatch/frontend-common';
import { ApiError, isNotAuthenticated, useSessionState } from '@beatmatch/frontend-common/sdk';
import type { MatchListEntry } from '@beatmatch/contracts';
import { useAreaPaths, type AreaPaths } from './areaPaths';
import { matchmaker } from './client';
import { passCountText } from './filters';
import { BeatListRow, ListEmpty } from './ListParts';
import { MatchmakerStyles } from './styles';
import { useErrorToasts } from './useErrorToasts';
import { useRowPlayer } from './useRowPlayer';

type Access = 'loading' | 'login' | 'noAccess' | 'ready';

/**
 * Play History (/playHistory and /user/playhistory, artist-side spec §2): the beats passed on, 'N
 * passes' / '1 pass'. Logged out: 'Action Needed' with Login; without a plan: 'No Access' with
 * Subscribe Here; none: 'No Passed Beats'. 'Add to Match List' moves a beat to the Match List.
 */
export function PlayHistoryPage() {
  const paths = useAreaPaths();
  const { reportError, toasts, holder } = useErrorToasts();
  const { access, beats, remove } = usePlayHistory(reportError);
  const [adding, setAdding] = useState<string | null>(null);
  const player = useRowPlayer(reportError);

  const addToMatchList = async (entry: MatchListEntry) => {
    setAdding(entry.beatId);
    try {
      const { message } = await matchmaker().addToMatchList({
        beatId: entry.beatId,
        beatName: entry.beatName,
        freeTextSearch: false,
      });
      void toasts.success({ content: message, key: 'history-added' });
      if (player.playingId === entry.beatId) player.stop();
      remove(entry.beatId);
    } catch (error) {
      // The server's text in an error toast (spec §8).
      reportError(error);
    } finally {
      setAdding(null);
    }
  };

  let body;
  if (access === 'login' || access === 'noAccess') {
    body = <AccessResult access={access} paths={paths} />;
  } else if (access === 'loading') {
    body = <Skeleton active avatar paragraph={{ rows: 3 }} style={{ padding: 24 }} />;
  } else if (beats.length === 0) {
    body = (
      <ListEmpty
        testId="history-empty"
        icon={<HistoryOutlined style={{ color: '#7c3aed', fontSize: 64 }} aria-hidden />}
        title="No Passed Beats"
      />
    );
  } else {
    body = (
      <>
        <div className="mm-list-head">
          <Typography.Text strong style={{ fontSize: 16 }} data-testid="history-count">
            {passCountText(beats.length)}
          </Typography.Text>
        </div>
        <ul className="mm-rows" aria-label="Beats you passed on">
          {beats.map((entry) => (
            <HistoryRow
              key={entry.beatId}
              entry={entry}
              playing={player.playingId === entry.beatId}
              adding={adding === entry.beatId}
              onToggle={() => player.toggle(entry.beatId, entry.audioSrc)}
              onAdd={() => void addToMatchList(entry)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <RemoteTheme>
      <MatchmakerStyles />
      {holder}
      <div className="mm-list" data-testid="history-page">
        {body}
      </div>
    </RemoteTheme>
  );
}

/** The passed beats, once the session says who is asking; a visitor or a member without a plan gets no list. */
function usePlayHistory(reportError: (error: unknown) => void) {
  const [access, setAccess] = useState<Access>('loading');
  const [beats, setBeats] = useState<MatchListEntry[]>([]);
  const session = useSessionState();

  const load = useCallback(async () => {
    try {
      const answer = await matchmaker().playHistory();
      setBeats(answer.beats ?? []);
      setAccess('ready');
    } catch (error) {
      if (isNotAuthenticated(error)) {
        setAccess('login');
        reportError(error);
      } else if (error instanceof ApiError && error.status === 403) {
        setAccess('noAccess');
      } else {
        setAccess('ready');
        reportError(error);
      }
    }
  }, [reportError]);

  useEffect(() => {
    if (session.status === 'signedOut') setAccess('login');
    // A browser signed in before loads while its session is checked; the answer decides.
    else if (session.status !== 'unavailable') void load();
  }, [session.status, load]);

  const remove = (beatId: string) => setBeats((current) => current.filter((row) => row.beatId !== beatId));
  return { access, beats, remove };
}

/** Logged out: 'Action Needed' with Login; without a plan: 'No Access' with Subscribe Here. */
function AccessResult({ access, paths }: { access: 'login' | 'noAccess'; paths: AreaPaths }) {
  return access === 'login' ? (
    <Result
      icon={<LoginOutlined style={{ color: '#7c3aed' }} />}
      title="Action Needed"
      subTitle="Log in to see the beats you have passed on."
      extra={
        <LinkButton to={paths.login} type="primary">
          Login
        </LinkButton>
      }
    />
  ) : (
    <Result
      icon={<LockOutlined style={{ color: '#7c3aed' }} />}
      title="No Access"
      subTitle="Play history is for Marketplace Pro members."
      extra={
        <LinkButton to={paths.upgrade} type="primary">
          Subscribe Here
        </LinkButton>
      }
    />
  );
}

/** A passed beat with its play button and Add to Match List. */
function HistoryRow(props: {
  entry: MatchListEntry;
  playing: boolean;
  adding: boolean;
  onToggle(): void;
  onAdd(): void;
}) {
  const { entry, playing, adding, onToggle, onAdd } = props;
  return (
    <BeatListRow
      testId="history-row"
      entry={entry}
      playing={playing}
      onToggle={onToggle}
      actions={
        <Button
          icon={<HeartOutlined />}
          title="Add to Match List"
          disabled={!entry.available}
          loading={adding}
          aria-label={`Add ${entry.beatName} to Match List`}
          onClick={onAdd}
        >
          Add to Match List
        </Button>
      }
    />
  );
}
