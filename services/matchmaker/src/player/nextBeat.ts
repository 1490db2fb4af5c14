import { MATCHMAKER_MESSAGES, type BeatPlayResponse } from '@beatmatch/contracts';
import { ConcurrencyError, HttpProblem, type CallInput } from '@beatmatch/platform';
import { beatRef, type PoolBeat } from '../beats/beat';
import { findBeat } from '../beats/findBeat';
import type { BeatPool } from '../beats/pool';
import { choose, isOverLimit, overLimitError, serve } from '../listeners/businessLogic';
import { evolve, listenerDay } from '../listeners/listener';
import type { CallingListener, Listeners } from '../listeners/listeners';
import type { Filters, Selector } from '../listeners/selection';
import type { KnownState } from '../listeners/states';
import { playerBeat } from './playerBeat';
import { playLimit } from './playLimit';

export interface NextBeatDeps {
  listeners: Listeners;
  pool: BeatPool;
  selector: Selector;
}

type BeatPlayRequest = CallInput<'beatmatch_beat_play'>;
/** The pass or match the listener gave the beat they were played, recorded before the next is chosen. */
type Choice = { beat: PoolBeat; choice: 'pass' | 'match' };

/** How often a call is decided again when its append lost to another (ConcurrencyError). */
const ATTEMPTS = 4;

/**
 * `_beat_play`: the listener's state (the player's copy from its last call, else one read of the
 * stream), the choice over the in-memory pool, then the choice (if any) and the served beat in one
 * append at the state's version — a copy that is behind (another replica or path appended) fails that
 * append, and the call is decided again on a fresh read; an answer that appends nothing (over the
 * limit, no beat) is only given from a fresh read. Over the day's limit, the choice is still recorded
 * and the answer is 'overlimit plays'.
 */
export async function nextBeat(
  deps: NextBeatDeps,
  { listener, userId }: CallingListener,
  request: BeatPlayRequest,
): Promise<BeatPlayResponse> {
  const chosen = await choiceOf(deps.pool, request, userId);
  const call: Call = {
    limit: await playLimit(deps.pool, userId),
    filters: { genre: request.genre, musicalKey: request.musicalKey, tempo: request.tempo },
    chosen,
    timeZone: request.timeZone,
  };
  for (let attempt = 1; ; attempt++) {
    const known = await deps.listeners.current(listener);
    try {
      const answer = await decideNext(deps, listener, known, call);
      if (answer) return answer;
      // Nothing may be appended to check the copy against: decide again on the stream itself.
      deps.listeners.forget(listener);
      attempt--;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      deps.listeners.forget(listener);
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * The beat `choiceType` is about: `beatId` is then required, and may no longer be playable, but a
 * private beat is only its producer's to choose.
 */
async function choiceOf(
  pool: BeatPool,
  request: BeatPlayRequest,
  userId: string | undefined,
): Promise<Choice | undefined> {
  if (!request.choiceType) return undefined;
  if (!request.beatId) throw new HttpProblem(400, MATCHMAKER_MESSAGES.beatRequired, 'validation');
  return { beat: await findBeat(pool, request.beatId, false, userId), choice: request.choiceType };
}

interface Call {
  limit: number | null;
  filters: Filters;
  chosen: Choice | undefined;
  timeZone: string | null | undefined;
}

/**
 * One decision on `known`: records the choice and serves the next beat in one append. Undefined when
 * there is nothing to serve but `known` is the player's copy, which only a fresh read may answer.
 */
async function decideNext(
  deps: NextBeatDeps,
  listener: CallingListener['listener'],
  known: KnownState & { fresh: boolean },
  { limit, filters, chosen, timeZone }: Call,
): Promise<BeatPlayResponse | undefined> {
  const { state } = known;
  const metadata = { now: deps.listeners.clock() };
  const day = listenerDay(metadata.now, timeZone);
  const choice = chosen
    ? choose({ type: 'Choose', data: { beat: beatRef(chosen.beat), choice: chosen.choice }, metadata }, state)
    : [];
  const overLimit = isOverLimit(state, day, limit);
  const pick = overLimit ? null : await deps.selector.next(state, filters, chosen);
  if (!pick) {
    if (!known.fresh) return undefined;
    await deps.listeners.appendAt(listener, known, choice);
    if (overLimit) throw overLimitError();
    return { message: MATCHMAKER_MESSAGES.noBeat };
  }
  const served = serve(
    { type: 'Serve', data: { beat: beatRef(pick.beat), day, limit }, metadata },
    choice.reduce(evolve, state),
  );
  await deps.listeners.appendAt(listener, known, [...choice, ...served]);
  return playerBeat(pick.beat, pick.why);
}
