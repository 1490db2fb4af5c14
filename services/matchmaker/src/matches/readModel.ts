import { UNAVAILABLE_REASONS, type MatchListEntry } from '@beatmatch/contracts';
import { BEAT_COLUMNS, isPlayable, toPoolBeat, type BeatRow, type PoolBeat } from '../beats/beat';
import type { ListenerId } from '../listeners/listener';
import type { ListenerTables } from '../listeners/readModel';
import { snippetUrl } from '../player/playerBeat';

const dollars = (cents: number | null) => (cents === null ? '-' : (cents / 100).toFixed(2));

function unavailableReason(beat: PoolBeat) {
  if (beat.deleted) return UNAVAILABLE_REASONS.deleted;
  if (beat.isPrivate || beat.snippetKey === null) return UNAVAILABLE_REASONS.private;
  return beat.crate === 'active' ? null : UNAVAILABLE_REASONS.inactive;
}

/** A Match List / Play History row: the beat as it is now, and when it was matched or passed. */
export function matchListEntry(beat: PoolBeat, at: Date | string): MatchListEntry {
  return {
    beatId: beat.beatId,
    beatName: beat.name,
    producer: beat.producerName,
    producerName: beat.producerName,
    userId: beat.producerId,
    coverArtUrl: beat.coverArtUrl,
    audioSrc: snippetUrl(beat.beatId),
    firstDatePackage: dollars(beat.prices.firstDate),
    relationshipPackage: dollars(beat.prices.relationship),
    marriagePackage: dollars(beat.prices.marriage),
    available: isPlayable(beat),
    unavailableReason: unavailableReason(beat),
    at: new Date(at).toISOString(),
  };
}

/** The listener's matches, newest first; at most `limit` of them (null: all). */
export async function matchesOf(
  { db, schema: s }: ListenerTables,
  listener: ListenerId,
  limit: number | null,
): Promise<MatchListEntry[]> {
  const { rows } = await db.query<BeatRow & { matched_at: Date }>(
    `SELECT ${BEAT_COLUMNS}, lb.matched_at FROM ${s}.listener_beats lb JOIN ${s}.beats b ON b.beat_id = lb.beat_id
      WHERE lb.listener_id = $1 AND lb.matched_at IS NOT NULL
      ORDER BY lb.matched_at DESC, b.beat_id ${limit === null ? '' : `LIMIT ${limit}`}`,
    [listener],
  );
  return rows.map((row) => matchListEntry(toPoolBeat(row), row.matched_at));
}

export async function matchCountOf({ db, schema: s }: ListenerTables, listener: ListenerId): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${s}.listener_beats WHERE listener_id = $1 AND matched_at IS NOT NULL`,
    [listener],
  );
  return Number(rows[0]?.n ?? 0);
}
