import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import { listenerOfStream, type ListenerEvent } from './listener';

/**
 * The listeners' read model, written in the same transaction as their events (never behind): per
 * listener and beat, when it was last served, passed and matched; and the lyrics of signed-in users.
 */
export const listenerReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.listener_beats (
    listener_id text NOT NULL,
    beat_id text NOT NULL,
    served_at timestamptz,
    passed_at timestamptz,
    matched_at timestamptz,
    PRIMARY KEY (listener_id, beat_id)
  );
  CREATE INDEX IF NOT EXISTS listener_matches ON ${s}.listener_beats (listener_id, matched_at DESC)
    WHERE matched_at IS NOT NULL;
  CREATE TABLE IF NOT EXISTS ${s}.lyrics (
    listener_id text NOT NULL,
    beat_id text NOT NULL,
    lyrics text NOT NULL,
    saved_at timestamptz NOT NULL,
    PRIMARY KEY (listener_id, beat_id)
  );`;

const HANDLED = [
  'BeatServed',
  'BeatPassed',
  'BeatMatched',
  'MatchRemoved',
  'LyricsSaved',
  'DeviceMerged',
  'DeviceHandedOver',
] as const;

export function listenerProjection(s: string): InlineProjection {
  const upsert = (tx: SqlExecutor, listener: string, beatId: string, column: string, at: string | null) =>
    tx.query(
      `INSERT INTO ${s}.listener_beats (listener_id, beat_id, ${column}) VALUES ($1, $2, $3)
       ON CONFLICT (listener_id, beat_id) DO UPDATE SET ${column} = EXCLUDED.${column}`,
      [listener, beatId, at],
    );
  return {
    name: 'matchmaker.listeners',
    handles: HANDLED,
    async apply(tx, events: RecordedEvent[]) {
      for (const recorded of events) {
        const listener = listenerOfStream(recorded.streamName);
        const event = { type: recorded.type, data: recorded.data } as ListenerEvent;
        switch (event.type) {
          case 'BeatServed':
            await upsert(tx, listener, event.data.beatId, 'served_at', event.data.at);
            break;
          case 'BeatPassed':
            await upsert(tx, listener, event.data.beatId, 'passed_at', event.data.at);
            break;
          case 'BeatMatched':
            await upsert(tx, listener, event.data.beatId, 'matched_at', event.data.at);
            await upsert(tx, listener, event.data.beatId, 'passed_at', null);
            break;
          case 'MatchRemoved':
            await upsert(tx, listener, event.data.beatId, 'matched_at', null);
            break;
          case 'LyricsSaved':
            await tx.query(
              `INSERT INTO ${s}.lyrics (listener_id, beat_id, lyrics, saved_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (listener_id, beat_id) DO UPDATE SET lyrics = EXCLUDED.lyrics, saved_at = EXCLUDED.saved_at`,
              [listener, event.data.beatId, event.data.lyrics, event.data.at],
            );
            break;
          case 'DeviceMerged':
            for (const ref of event.data.served)
              await tx.query(
                `INSERT INTO ${s}.listener_beats (listener_id, beat_id, served_at) VALUES ($1, $2, $3)
                 ON CONFLICT (listener_id, beat_id) DO UPDATE
                 SET served_at = GREATEST(${s}.listener_beats.served_at, EXCLUDED.served_at)`,
                [listener, ref.beatId, ref.at],
              );
            for (const ref of event.data.matched)
              await tx.query(
                `INSERT INTO ${s}.listener_beats (listener_id, beat_id, matched_at) VALUES ($1, $2, $3)
                 ON CONFLICT (listener_id, beat_id) DO UPDATE
                 SET matched_at = COALESCE(${s}.listener_beats.matched_at, EXCLUDED.matched_at), passed_at = NULL`,
                [listener, ref.beatId, ref.at],
              );
            for (const ref of event.data.passed)
              await tx.query(
                `INSERT INTO ${s}.listener_beats (listener_id, beat_id, passed_at) VALUES ($1, $2, $3)
                 ON CONFLICT (listener_id, beat_id) DO UPDATE
                 SET passed_at = CASE WHEN ${s}.listener_beats.matched_at IS NULL
                   THEN COALESCE(${s}.listener_beats.passed_at, EXCLUDED.passed_at) END`,
                [listener, ref.beatId, ref.at],
              );
            break;
          case 'DeviceHandedOver':
            await tx.query(`DELETE FROM ${s}.listener_beats WHERE listener_id = $1`, [listener]);
            break;
        }
      }
    },
  };
}
