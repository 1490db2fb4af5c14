import type { PlayerBeat } from '@beatmatch/contracts';
import type { CallInput } from '@beatmatch/platform';
import { beatRef } from '../beats/beat';
import { findBeat } from '../beats/findBeat';
import type { BeatPool } from '../beats/pool';
import { listenerDay } from '../listeners/listener';
import type { CallingListener, Listeners } from '../listeners/listeners';
import { describe } from '../listeners/selection';
import { playerBeat } from './playerBeat';
import { playLimit } from './playLimit';

/**
 * `_load_beat_param`: the beat a shared link names (playable: findBeat keeps to the crate rule), served to the listener like a chosen one (it counts
 * towards the day's plays; over the limit it is 'overlimit plays').
 */
export async function loadBeat(
  deps: { listeners: Listeners; pool: BeatPool },
  { listener, userId }: CallingListener,
  request: CallInput<'beatmatch_load_beat_param'>,
): Promise<PlayerBeat> {
  const beat = await findBeat(deps.pool, request.beatId);
  const now = deps.listeners.clock();
  await deps.listeners.run(listener, {
    type: 'Serve',
    data: {
      beat: beatRef(beat),
      day: listenerDay(now, request.timeZone),
      limit: await playLimit(deps.pool, userId),
    },
    metadata: { now },
  });
  return playerBeat(beat, `the beat you opened: ${describe(beat)}`);
}
