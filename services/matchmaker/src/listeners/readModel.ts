import type {
  InlineProjection,
  PendingEvent,
  RecordedEvent,
  SqlDatabase,
  SqlExecutor,
} from '@beatmatch/platform';
import { listenerOfStream, type ListenerEvent } from './listener';

type DeviceMerged = Extract<ListenerEvent, { type: 'DeviceMerged' }>;

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

/** Where the lists read the listeners' read model (and the beats, ../beats/projection.ts): `schema`. */
export interface ListenerTables {
  db: SqlDatabase;
  schema: string;
}

const HANDLED = [
  'BeatServed',
  'BeatPassed',
  'BeatMatched',
  'MatchRemoved',
  'LyricsSaved',
  'DeviceMerged',
  'DeviceHandedOver',
] as const;

/** The events `simple` writes in one statement: the column each sets, to its time or to null. */
const SET = {
  BeatServed: { column: 'served_at', value: 'at', also: '' },
  BeatPassed: { column: 'passed_at', value: 'at', also: '' },
  BeatMatched: { column: 'matched_at', value: 'at', also: ', passed_at = NULL' },
  MatchRemoved: { column: 'matched_at', value: null, also: '' },
} as const;

/**
 * The player's appends (a pass or match and the next beat served; a match removed) as statements that
 * join the event store's one-statement append: one upsert per event. Only for served / passed /
 * matched / match-removed events of distinct beats of one listener (one statement cannot change a row
 * twice); anything else goes through `apply` in a transaction.
 */
function appendStatements(s: string, events: PendingEvent[], param: (value: unknown) => string) {
  const beatIds = events.map((event) => (event.data as { beatId?: string }).beatId);
  if (
    new Set(beatIds).size !== events.length ||
    new Set(events.map((event) => event.streamName)).size !== 1 ||
    events.some((event) => !(event.type in SET))
  )
    return undefined;
  const listener = param(listenerOfStream(events[0]!.streamName));
  return events.map((event, i) => {
    const set = SET[event.type as keyof typeof SET];
    const at = set.value === 'at' ? (event.data as { at: string }).at : null;
    return `INSERT INTO ${s}.listener_beats (listener_id, beat_id, ${set.column})
      SELECT ${listener}, ${param(beatIds[i])}, ${param(at)}::timestamptz FROM appended
      ON CONFLICT (listener_id, beat_id) DO UPDATE SET ${set.column} = EXCLUDED.${set.column}${set.also}`;
  });
}

/** Sets one column of a listener's beat row (to a time, or to null). */
const upsert = (
  tx: SqlExecutor,
  s: string,
  row: { listener: string; beatId: string },
  column: string,
  at: string | null,
) =>
  tx.query(
    `INSERT INTO ${s}.listener_beats (listener_id, beat_id, ${column}) VALUES ($1, $2, $3)
     ON CONFLICT (listener_id, beat_id) DO UPDATE SET ${column} = EXCLUDED.${column}`,
    [row.listener, row.beatId, at],
  );

/** A device's activity joins the user's: the newest play, the first match, a pass only if unmatched. */
async function applyMerge(tx: SqlExecutor, s: string, listener: string, merged: DeviceMerged['data']) {
  for (const ref of merged.served)
    await tx.query(
      `INSERT INTO ${s}.listener_beats (listener_id, beat_id, served_at) VALUES ($1, $2, $3)
       ON CONFLICT (listener_id, beat_id) DO UPDATE
       SET served_at = GREATEST(${s}.listener_beats.served_at, EXCLUDED.served_at)`,
      [listener, ref.beatId, ref.at],
    );
  for (const ref of merged.matched)
    await tx.query(
      `INSERT INTO ${s}.listener_beats (listener_id, beat_id, matched_at) VALUES ($1, $2, $3)
       ON CONFLICT (listener_id, beat_id) DO UPDATE
       SET matched_at = COALESCE(${s}.listener_beats.matched_at, EXCLUDED.matched_at), passed_at = NULL`,
      [listener, ref.beatId, ref.at],
    );
  for (const ref of merged.passed)
    await tx.query(
      `INSERT INTO ${s}.listener_beats (listener_id, beat_id, passed_at) VALUES ($1, $2, $3)
       ON CONFLICT (listener_id, beat_id) DO UPDATE
       SET passed_at = CASE WHEN ${s}.listener_beats.matched_at IS NULL
         THEN COALESCE(${s}.listener_beats.passed_at, EXCLUDED.passed_at) END`,
      [listener, ref.beatId, ref.at],
    );
}

async function applyEvent(tx: SqlExecutor, s: string, recorded: RecordedEvent) {
  const listener = listenerOfStream(recorded.streamName);
  const event = { type: recorded.type, data: recorded.data } as ListenerEvent;
  switch (event.type) {
    case 'BeatServed':
      return upsert(tx, s, { listener, beatId: event.data.beatId }, 'served_at', event.data.at);
    case 'BeatPassed':
      return upsert(tx, s, { listener, beatId: event.data.beatId }, 'passed_at', event.data.at);
    case 'BeatMatched':
      await upsert(tx, s, { listener, beatId: event.data.beatId }, 'matched_at', event.data.at);
      return upsert(tx, s, { listener, beatId: event.data.beatId }, 'passed_at', null);
    case 'MatchRemoved':
      return upsert(tx, s, { listener, beatId: event.data.beatId }, 'matched_at', null);
    case 'LyricsSaved':
      return tx.query(
        `INSERT INTO ${s}.lyrics (listener_id, beat_id, lyrics, saved_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (listener_id, beat_id) DO UPDATE SET lyrics = EXCLUDED.lyrics, saved_at = EXCLUDED.saved_at`,
        [listener, event.data.beatId, event.data.lyrics, event.data.at],
      );
    case 'DeviceMerged':
      return applyMerge(tx, s, listener, event.data);
    case 'DeviceHandedOver':
      return tx.query(`DELETE FROM ${s}.listener_beats WHERE listener_id = $1`, [listener]);
  }
}

export function listenerProjection(s: string): InlineProjection {
  return {
    name: 'matchmaker.listeners',
    handles: HANDLED,
    statements: (events, param) => appendStatements(s, events, param),
    async apply(tx, events: RecordedEvent[]) {
      for (const recorded of events) await applyEvent(tx, s, recorded);
    },
  };
}
