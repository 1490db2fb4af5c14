import type { BeatFiles } from '@beatmatch/contracts';
import type { InlineProjection, RecordedEvent, SqlDatabase, SqlExecutor } from '@beatmatch/platform';
import type { Cover } from '../beats/beat';
import type { PackEvent } from './pack';
import type { ViewerEvent } from './viewer';

/**
 * The packs' read models, kept in the same transaction as the pack and viewer streams: `packs`, their
 * beats (joined with the catalog's `beats` for names, covers, privacy and files), who each private pack
 * is shared with, and the verified visitors' tokens (hashes only).
 */
export const packsReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.packs (
    pack_id text PRIMARY KEY,
    url_id text NOT NULL UNIQUE,
    producer_id text NOT NULL,
    producer_name text NOT NULL,
    name text NOT NULL,
    is_private boolean NOT NULL,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS packs_by_producer ON ${s}.packs (producer_id, created_at);
  CREATE TABLE IF NOT EXISTS ${s}.pack_beats (
    pack_id text NOT NULL,
    beat_id text NOT NULL,
    added_at timestamptz NOT NULL,
    PRIMARY KEY (pack_id, beat_id)
  );
  CREATE TABLE IF NOT EXISTS ${s}.pack_shares (
    pack_id text NOT NULL,
    email text NOT NULL,
    share_id text NOT NULL,
    download_mp3 boolean NOT NULL,
    download_stems boolean NOT NULL,
    deleted boolean NOT NULL DEFAULT false,
    shared_at timestamptz NOT NULL,
    PRIMARY KEY (pack_id, email)
  );
  CREATE INDEX IF NOT EXISTS pack_shares_by_email ON ${s}.pack_shares (email) WHERE NOT deleted;
  CREATE TABLE IF NOT EXISTS ${s}.pack_viewers (
    token_hash text PRIMARY KEY,
    email text NOT NULL,
    expires_at timestamptz NOT NULL
  );
`;

type Statement = [string, unknown[]];

function packStatement(s: string, packId: string, event: PackEvent): Statement {
  switch (event.type) {
    case 'PackCreated': {
      const { urlId, producerId, producerName, name, isPrivate, createdAt } = event.data;
      return [
        `INSERT INTO ${s}.packs (pack_id, url_id, producer_id, producer_name, name, is_private, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (pack_id) DO NOTHING`,
        [packId, urlId, producerId, producerName, name, isPrivate, createdAt],
      ];
    }
    case 'PackBeatAdded':
      return [
        `INSERT INTO ${s}.pack_beats (pack_id, beat_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [packId, event.data.beatId, event.data.addedAt],
      ];
    case 'PackBeatRemoved':
      return [`DELETE FROM ${s}.pack_beats WHERE pack_id = $1 AND beat_id = $2`, [packId, event.data.beatId]];
    case 'PackShared': {
      const { email, shareId, downloadMp3, downloadStems, sharedAt } = event.data;
      return [
        `INSERT INTO ${s}.pack_shares (pack_id, email, share_id, download_mp3, download_stems, shared_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (pack_id, email) DO UPDATE SET share_id = $3, download_mp3 = $4, download_stems = $5,
           deleted = false, shared_at = $6`,
        [packId, email, shareId, downloadMp3, downloadStems, sharedAt],
      ];
    }
    case 'PackShareRightsChanged': {
      const { email, downloadMp3, downloadStems } = event.data;
      return [
        `UPDATE ${s}.pack_shares SET download_mp3 = $3, download_stems = $4 WHERE pack_id = $1 AND email = $2`,
        [packId, email, downloadMp3, downloadStems],
      ];
    }
    case 'PackShareRemoved':
      return [
        `UPDATE ${s}.pack_shares SET deleted = true WHERE pack_id = $1 AND email = $2`,
        [packId, event.data.email],
      ];
  }
}

export function packsProjection(s: string): InlineProjection {
  return {
    name: 'catalog-packs',
    handles: [
      'PackCreated',
      'PackBeatAdded',
      'PackBeatRemoved',
      'PackShared',
      'PackShareRightsChanged',
      'PackShareRemoved',
      'PackViewerVerified',
    ],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        if (recorded.type === 'PackViewerVerified') {
          const { tokenHash, email, expiresAt } = recorded.data as Extract<
            ViewerEvent,
            { type: 'PackViewerVerified' }
          >['data'];
          await tx.query(
            `INSERT INTO ${s}.pack_viewers (token_hash, email, expires_at) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING`,
            [tokenHash, email, expiresAt],
          );
          continue;
        }
        const event = { type: recorded.type, data: recorded.data } as PackEvent;
        const [text, values] = packStatement(s, recorded.streamName.slice('pack:'.length), event);
        await tx.query(text, values);
      }
    },
  };
}

export interface PackRow {
  packId: string;
  urlId: string;
  producerId: string;
  producerName: string;
  name: string;
  isPrivate: boolean;
}

export interface PackBeatRow {
  beatId: string;
  name: string;
  isPrivate: boolean;
  cover: Cover | null;
  files: BeatFiles | null;
  prices: { firstDate: number; relationship: number; marriage: number | null };
}

export interface ShareRow {
  shareId: string;
  email: string;
  downloadMp3: boolean;
  downloadStems: boolean;
  deleted: boolean;
}

const PACK_COLUMNS = `p.pack_id AS "packId", p.url_id AS "urlId", p.producer_id AS "producerId",
  p.producer_name AS "producerName", p.name, p.is_private AS "isPrivate"`;
const BEAT_COLUMNS = `b.beat_id AS "beatId", b.name, b.is_private AS "isPrivate", b.cover, b.files,
  json_build_object('firstDate', b.first_date_cents, 'relationship', b.relationship_cents,
    'marriage', b.marriage_cents) AS prices`;
/** A beat a pack may show: published and not deleted (private ones only where `privateToo`). */
const visibleBeat = (privateToo: string) =>
  `b.status = 'published' AND NOT b.deleted AND (${privateToo} OR NOT b.is_private)`;

export class PackQueries {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  async packsOf(producerId: string): Promise<PackRow[]> {
    const { rows } = await this.db.query<PackRow>(
      `SELECT ${PACK_COLUMNS} FROM ${this.s}.packs p WHERE p.producer_id = $1 ORDER BY p.created_at, p.pack_id`,
      [producerId],
    );
    return rows;
  }

  async byId(packId: string): Promise<PackRow | null> {
    const { rows } = await this.db.query<PackRow>(
      `SELECT ${PACK_COLUMNS} FROM ${this.s}.packs p WHERE p.pack_id = $1`,
      [packId],
    );
    return rows[0] ?? null;
  }

  async byUrl(urlId: string): Promise<PackRow | null> {
    const { rows } = await this.db.query<PackRow>(
      `SELECT ${PACK_COLUMNS} FROM ${this.s}.packs p WHERE p.url_id = $1`,
      [urlId],
    );
    return rows[0] ?? null;
  }

  /** The beats a pack shows, in the order they were added (a private beat only in a private pack). */
  async beatsOf(packIds: string[]): Promise<Array<PackBeatRow & { packId: string }>> {
    if (packIds.length === 0) return [];
    const { rows } = await this.db.query<PackBeatRow & { packId: string }>(
      `SELECT pb.pack_id AS "packId", ${BEAT_COLUMNS}
       FROM ${this.s}.pack_beats pb
       JOIN ${this.s}.packs p ON p.pack_id = pb.pack_id
       JOIN ${this.s}.beats b ON b.beat_id = pb.beat_id
       WHERE pb.pack_id = ANY($1) AND ${visibleBeat('p.is_private')}
       ORDER BY pb.added_at, b.beat_id`,
      [packIds],
    );
    return rows;
  }

  /** The producer's beats whose name contains `input`, not in the pack yet (the Add a beat autocomplete). */
  async suggestions(pack: PackRow, input: string): Promise<PackBeatRow[]> {
    const pattern = `%${input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.db.query<PackBeatRow>(
      `SELECT ${BEAT_COLUMNS} FROM ${this.s}.beats b
       WHERE b.producer_id = $1 AND b.name ILIKE $2 AND ${visibleBeat(String(pack.isPrivate))}
         AND NOT EXISTS (SELECT 1 FROM ${this.s}.pack_beats pb WHERE pb.pack_id = $3 AND pb.beat_id = b.beat_id)
       ORDER BY b.name, b.beat_id LIMIT 10`,
      [pack.producerId, pattern, pack.packId],
    );
    return rows;
  }

  async sharesOf(packId: string): Promise<ShareRow[]> {
    const { rows } = await this.db.query<ShareRow>(
      `SELECT share_id AS "shareId", email, download_mp3 AS "downloadMp3",
         download_stems AS "downloadStems", deleted
       FROM ${this.s}.pack_shares WHERE pack_id = $1 ORDER BY shared_at, email`,
      [packId],
    );
    return rows;
  }

  async activeShare(packId: string, email: string): Promise<ShareRow | null> {
    const shares = await this.sharesOf(packId);
    return shares.find((share) => share.email === email && !share.deleted) ?? null;
  }

  /** The private packs shared with an address, oldest first. */
  async sharedWith(email: string): Promise<PackRow[]> {
    const { rows } = await this.db.query<PackRow>(
      `SELECT ${PACK_COLUMNS} FROM ${this.s}.packs p
       JOIN ${this.s}.pack_shares sh ON sh.pack_id = p.pack_id AND NOT sh.deleted
       WHERE sh.email = $1 AND p.is_private ORDER BY p.producer_name, p.created_at`,
      [email],
    );
    return rows;
  }

  /** The address a verified visitor's token stands for, while it lives. */
  async viewerEmail(tokenHash: string, now: Date): Promise<string | null> {
    const { rows } = await this.db.query<{ email: string }>(
      `SELECT email FROM ${this.s}.pack_viewers WHERE token_hash = $1 AND expires_at > $2`,
      [tokenHash, now.toISOString()],
    );
    return rows[0]?.email ?? null;
  }
}
