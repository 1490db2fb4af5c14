import type { MatchListEntry } from '@beatmatch/contracts';
import { BEAT_COLUMNS, toPoolBeat, type BeatRow } from '../beats/beat';
import type { ListenerId } from '../listeners/listener';
import type { ListenerTables } from '../listeners/readModel';
import { matchListEntry } from '../matches/readModel';

/** How many passed beats Play History shows. */
const HISTORY_LENGTH = 500;

/** The beats the listener passed and has not matched since, newest first. */
export async function passedBeatsOf(
  { db, schema: s }: ListenerTables,
  listener: ListenerId,
): Promise<MatchListEntry[]> {
  const { rows } = await db.query<BeatRow & { passed_at: Date }>(
    `SELECT ${BEAT_COLUMNS}, lb.passed_at FROM ${s}.listener_beats lb JOIN ${s}.beats b ON b.beat_id = lb.beat_id
      WHERE lb.listener_id = $1 AND lb.passed_at IS NOT NULL AND lb.matched_at IS NULL
      ORDER BY lb.passed_at DESC, b.beat_id LIMIT ${HISTORY_LENGTH}`,
    [listener],
  );
  return rows.map((row) => matchListEntry(toPoolBeat(row), row.passed_at));
}
