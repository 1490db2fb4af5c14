import type { ListenerId } from '../listeners/listener';
import type { ListenerTables } from '../listeners/readModel';

/** The lyrics the listener saved for a beat ('' when none). */
export async function lyricsOf({ db, schema: s }: ListenerTables, listener: ListenerId, beatId: string) {
  const { rows } = await db.query<{ lyrics: string }>(
    `SELECT lyrics FROM ${s}.lyrics WHERE listener_id = $1 AND beat_id = $2`,
    [listener, beatId],
  );
  return rows[0]?.lyrics ?? '';
}
