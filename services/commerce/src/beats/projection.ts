import {
  beatCoverChangedV1,
  beatCrateChangedV1,
  beatDeletedV1,
  beatPricedV1,
  beatPrivacyChangedV1,
  beatPublishedV1,
  beatRenamedV1,
  type BeatFiles,
  type BeatPrices,
} from '@beatmatch/contracts';
import { on, type SqlExecutor } from '@beatmatch/platform';

/**
 * Commerce's own projection of the catalog's events (a service owns its data): what the cart prices
 * from, what checkout re-checks and what downloads read (the file keys). Prices are integer cents;
 * a deleted beat keeps its row (purchases still name it) with `deleted` set.
 */
export const beatsProjectionSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.beats (
    beat_id text PRIMARY KEY,
    producer_id text NOT NULL,
    producer_name text NOT NULL,
    name text NOT NULL,
    first_date_cents integer NOT NULL,
    relationship_cents integer NOT NULL,
    marriage_cents integer,
    is_private boolean NOT NULL,
    crate text NOT NULL,
    cover_art_url text,
    files jsonb NOT NULL,
    deleted boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL
  );`;

export interface CommerceBeat {
  beatId: string;
  producerId: string;
  producerName: string;
  name: string;
  prices: BeatPrices;
  isPrivate: boolean;
  crate: string;
  coverArtUrl: string | null;
  files: BeatFiles;
  deleted: boolean;
}

interface BeatRow {
  beat_id: string;
  producer_id: string;
  producer_name: string;
  name: string;
  first_date_cents: number;
  relationship_cents: number;
  marriage_cents: number | null;
  is_private: boolean;
  crate: string;
  cover_art_url: string | null;
  files: BeatFiles;
  deleted: boolean;
}

const toBeat = (row: BeatRow): CommerceBeat => ({
  beatId: row.beat_id,
  producerId: row.producer_id,
  producerName: row.producer_name,
  name: row.name,
  prices: {
    firstDate: row.first_date_cents,
    relationship: row.relationship_cents,
    marriage: row.marriage_cents,
  },
  isPrivate: row.is_private,
  crate: row.crate,
  coverArtUrl: row.cover_art_url,
  files: row.files,
  deleted: row.deleted,
});

/** Beats by id (missing ids are absent from the map). */
export async function beatsById(
  db: SqlExecutor,
  s: string,
  ids: string[],
): Promise<Map<string, CommerceBeat>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<BeatRow>(`SELECT * FROM ${s}.beats WHERE beat_id = ANY($1::text[])`, [ids]);
  return new Map(rows.map((row) => [row.beat_id, toBeat(row)]));
}

export function catalogHandlers(s: string) {
  const set = (tx: SqlExecutor, beatId: string, columns: string, values: unknown[]) =>
    tx
      .query(`UPDATE ${s}.beats SET ${columns}, updated_at = now() WHERE beat_id = $1`, [beatId, ...values])
      .then(() => undefined);
  return [
    on(beatPublishedV1, async (event, tx) => {
      const p = event.payload;
      await tx.query(
        `INSERT INTO ${s}.beats (beat_id, producer_id, producer_name, name, first_date_cents,
           relationship_cents, marriage_cents, is_private, crate, cover_art_url, files, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
         ON CONFLICT (beat_id) DO NOTHING`,
        [
          p.beatId,
          p.producerId,
          p.producerName,
          p.name,
          p.prices.firstDate,
          p.prices.relationship,
          p.prices.marriage,
          p.isPrivate,
          p.crate,
          p.coverArtUrl,
          JSON.stringify(p.files),
        ],
      );
    }),
    on(beatPricedV1, (event, tx) =>
      set(tx, event.payload.beatId, 'first_date_cents = $2, relationship_cents = $3, marriage_cents = $4', [
        event.payload.prices.firstDate,
        event.payload.prices.relationship,
        event.payload.prices.marriage,
      ]),
    ),
    on(beatRenamedV1, (event, tx) => set(tx, event.payload.beatId, 'name = $2', [event.payload.name])),
    on(beatCoverChangedV1, (event, tx) =>
      set(tx, event.payload.beatId, 'cover_art_url = $2', [event.payload.coverArtUrl]),
    ),
    on(beatPrivacyChangedV1, (event, tx) =>
      set(tx, event.payload.beatId, 'is_private = $2', [event.payload.isPrivate]),
    ),
    on(beatCrateChangedV1, (event, tx) => set(tx, event.payload.beatId, 'crate = $2', [event.payload.crate])),
    on(beatDeletedV1, (event, tx) => set(tx, event.payload.beatId, 'deleted = true', [])),
  ];
}
