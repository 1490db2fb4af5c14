import { MATCHMAKER_MESSAGES } from '@beatmatch/contracts';
import type { PoolBeat } from '../beats/beat';
import type { BeatPool } from '../beats/pool';
import type { CallingListener, Listeners } from '../listeners/listeners';
import { loadBeat } from './loadBeat';

/** A `?beat=` link follows the swipe player's crate rule (issue 29 item 5). */
describe('loadBeat', () => {
  const inactive = {
    beatId: 'b-inactive',
    producerId: 'p1',
    isPrivate: false,
    deleted: false,
    snippetKey: 'beats/b-inactive/snippet.mp3',
    crate: 'inactive',
  } as PoolBeat;
  const served: unknown[] = [];
  const deps = {
    pool: {
      get: async (beatId: string) => (beatId === inactive.beatId ? inactive : null),
    } as unknown as BeatPool,
    listeners: {
      clock: () => new Date('2026-11-25T12:00:00Z'),
      run: async (...command: unknown[]) => void served.push(command),
    } as unknown as Listeners,
  };

  it('answers an inactive beat like a missing one, and counts no play', async () => {
    await expect(
      loadBeat(
        deps,
        { listener: 'l1', userId: null } as unknown as CallingListener,
        {
          beatId: inactive.beatId,
          timeZone: 'UTC',
        } as never,
      ),
    ).rejects.toMatchObject({ status: 404, message: MATCHMAKER_MESSAGES.beatNotFound });
    expect(served).toEqual([]);
  });
});
