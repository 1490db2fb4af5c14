import { MATCHMAKER_MESSAGES, type BeatPlayResponse, type PlayerBeat } from '@beatmatch/contracts';
import { ApiError } from '@beatmatch/frontend-common/sdk';
import { useCallback, useState } from 'react';

export type PlayerStatus = 'loading' | 'ready' | 'noBeat' | 'overlimit' | 'failed' | 'notLive';

const isOverlimit = (error: unknown) =>
  error instanceof ApiError &&
  (error.message === MATCHMAKER_MESSAGES.overlimit || error.code === 'overlimit_plays');

/**
 * The beat on the card and the player's status: each load shows the next beat, "no beat", the play
 * limit or the error (spec §8). `halt` stops playback whenever there is no beat to play.
 */
export function usePlayerFeed(reportError: (error: unknown) => void, halt: () => void) {
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [beat, setBeat] = useState<PlayerBeat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const show = useCallback(
    (answer: BeatPlayResponse) => {
      if ('beatId' in answer) {
        setBeat(answer);
        setStatus('ready');
      } else {
        setBeat(null);
        setStatus('noBeat');
        halt();
      }
    },
    [halt],
  );

  const fail = useCallback(
    (error: unknown) => {
      halt();
      if (isOverlimit(error)) {
        setBeat(null);
        setStatus('overlimit');
        return;
      }
      // Other player errors show their text as is (spec §8).
      setStatus((current) => (current === 'loading' ? 'failed' : current));
      setFailure(error instanceof ApiError ? error.message : null);
      reportError(error);
    },
    [reportError, halt],
  );

  const load = useCallback(
    async (next: () => Promise<BeatPlayResponse>) => {
      setStatus('loading');
      setFailure(null);
      try {
        show(await next());
      } catch (error) {
        fail(error);
      }
    },
    [show, fail],
  );

  const showNotLive = useCallback(() => setStatus('notLive'), []);

  return { status, beat, failure, load, fail, showNotLive };
}

export type PlayerFeed = ReturnType<typeof usePlayerFeed>;
