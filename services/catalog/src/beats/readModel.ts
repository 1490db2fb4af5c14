import type { BeatDna, BeatFiles, Crate } from '@beatmatch/contracts';
import type { InlineProjection, RecordedEvent, SqlDatabase, SqlExecutor } from '@beatmatch/platform';
import {
  CATALOGUE_KINDS,
  type BeatDrafted,
  type BeatEvent,
  type BeatStatus,
  type Cover,
  type UploadKind,
} from './beat';
import { dropFingerprintSql } from '../fingerprints';

const CATALOGUE_KINDS_SQL = `(${CATALOGUE_KINDS.map((kind) => `'${kind}'`).join(', ')})`;

/**
 * The catalog's read models, kept in the same transaction as the beat streams (inline projection):
 * `beats` answers Manage Beats (per producer, prices in cents, cover version, status and failure
 * reason) and counts uploads for the caps (a beat's fingerprint, ../fingerprints, is dropped when it is
 * deleted or its upload fails); `beat_stats` holds matches/passes/purchases from the
 * matchmaker's and commerce's events (../integration/subscriptions.ts).
 */
export const catalogReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.beats (
    beat_id text PRIMARY KEY,
    producer_id text NOT NULL,
    producer_name text NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    is_private boolean NOT NULL,
    first_date_cents integer NOT NULL,
    relationship_cents integer NOT NULL,
    marriage_cents integer,
    crate text NOT NULL,
    demo boolean NOT NULL,
    status text NOT NULL,
    failure_reason text,
    files jsonb,
    cover jsonb,
    dna jsonb,
    deleted boolean NOT NULL DEFAULT false,
    drafted_at timestamptz NOT NULL,
    published_at timestamptz,
    updated_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS beats_by_producer ON ${s}.beats (producer_id, drafted_at) WHERE NOT deleted;
  CREATE TABLE IF NOT EXISTS ${s}.beat_stats (
    beat_id text PRIMARY KEY,
    matches integer NOT NULL DEFAULT 0,
    passes integer NOT NULL DEFAULT 0,
    purchases integer NOT NULL DEFAULT 0
  );
`;

/** The `beats` row's columns an event sets (`$2`… are its values; `$1` is the beat id). */
function rowChange(event: BeatEvent): { columns: string; values: unknown[] } | null {
  switch (event.type) {
    case 'BeatFilesReceived': {
      const { name, files, cover } = event.data;
      const values = [name, JSON.stringify(files), cover ? JSON.stringify(cover) : null];
      return { columns: `status = 'filesReceived', name = $2, files = $3, cover = $4`, values };
    }
    case 'BeatAnalysisStarted':
      return { columns: `status = 'analysing'`, values: [] };
    case 'BeatPublished': {
      const values = [JSON.stringify(event.data.dna), event.data.publishedAt];
      return { columns: `status = 'published', dna = $2, published_at = $3`, values };
    }
    case 'BeatUploadFailed':
      return { columns: `status = 'failed', failure_reason = $2`, values: [event.data.reason] };
    case 'BeatRenamed':
      return { columns: `name = $2`, values: [event.data.name] };
    case 'BeatRepriced': {
      const { firstDate, relationship, marriage } = event.data.prices;
      const columns = `first_date_cents = $2, relationship_cents = $3, marriage_cents = $4`;
      return { columns, values: [firstDate, relationship, marriage] };
    }
    case 'BeatCoverChanged':
      return { columns: `cover = $2`, values: [JSON.stringify(event.data.cover)] };
    case 'BeatPrivacyChanged':
      return { columns: `is_private = $2`, values: [event.data.isPrivate] };
    case 'BeatCrateChanged':
      return { columns: `crate = $2`, values: [event.data.crate] };
    case 'BeatDeleted':
      return { columns: `deleted = true`, values: [] };
    default:
      return null;
  }
}

async function insertDraft(tx: SqlExecutor, s: string, beatId: string, draft: BeatDrafted['data']) {
  await tx.query(
    `INSERT INTO ${s}.beats (beat_id, producer_id, producer_name, name, kind, is_private,
       first_date_cents, relationship_cents, marriage_cents, crate, demo, status, drafted_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'draft', $12, now())
     ON CONFLICT (beat_id) DO NOTHING`,
    [
      beatId,
      draft.producerId,
      draft.producerName,
      draft.name,
      draft.kind,
      draft.kind === 'private',
      draft.prices.firstDate,
      draft.prices.relationship,
      draft.prices.marriage,
      draft.crate,
      draft.demo,
      draft.draftedAt,
    ],
  );
}

/**
 * A deleted beat no longer blocks uploads of the same audio, and a failed upload's fingerprint can
 * never block anyone: both go with it (src/fingerprints).
 */
const DROPS_FINGERPRINT = new Set<BeatEvent['type']>(['BeatUploadFailed', 'BeatDeleted']);

export function catalogProjection(s: string): InlineProjection {
  return {
    name: 'catalog-beats',
    handles: [
      'BeatDrafted',
      'BeatFilesReceived',
      'BeatAnalysisStarted',
      'BeatPublished',
      'BeatUploadFailed',
      'BeatRenamed',
      'BeatRepriced',
      'BeatCoverChanged',
      'BeatPrivacyChanged',
      'BeatCrateChanged',
      'BeatDeleted',
    ],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events) {
        const event = { type: recorded.type, data: recorded.data } as BeatEvent;
        const beatId = recorded.streamName.slice('beat:'.length);
        if (event.type === 'BeatDrafted') await insertDraft(tx, s, beatId, event.data);
        const change = rowChange(event);
        if (change)
          await tx.query(`UPDATE ${s}.beats SET ${change.columns}, updated_at = now() WHERE beat_id = $1`, [
            beatId,
            ...change.values,
          ]);
        if (DROPS_FINGERPRINT.has(event.type))
          for (const statement of dropFingerprintSql(s)) await tx.query(statement, [beatId]);
      }
    },
  };
}

export interface BeatRow {
  beatId: string;
  producerId: string;
  producerName: string;
  name: string;
  kind: UploadKind;
  isPrivate: boolean;
  prices: { firstDate: number; relationship: number; marriage: number | null };
  crate: Crate;
  demo: boolean;
  status: BeatStatus;
  failureReason: string | null;
  files: BeatFiles | null;
  cover: Cover | null;
  draftedAt: string;
  publishedAt: string | null;
  stats: { matches: number; passes: number; purchases: number };
}

interface RawRow {
  beat_id: string;
  producer_id: string;
  producer_name: string;
  name: string;
  kind: UploadKind;
  is_private: boolean;
  first_date_cents: number;
  relationship_cents: number;
  marriage_cents: number | null;
  crate: Crate;
  demo: boolean;
  status: BeatStatus;
  failure_reason: string | null;
  files: BeatFiles | null;
  cover: Cover | null;
  drafted_at: Date | string;
  published_at: Date | string | null;
  matches: number | null;
  passes: number | null;
  purchases: number | null;
}

const toRow = (row: RawRow): BeatRow => ({
  beatId: row.beat_id,
  producerId: row.producer_id,
  producerName: row.producer_name,
  name: row.name,
  kind: row.kind,
  isPrivate: row.is_private,
  prices: {
    firstDate: Number(row.first_date_cents),
    relationship: Number(row.relationship_cents),
    marriage: row.marriage_cents === null ? null : Number(row.marriage_cents),
  },
  crate: row.crate,
  demo: row.demo,
  status: row.status,
  failureReason: row.failure_reason,
  files: row.files,
  cover: row.cover,
  draftedAt: new Date(row.drafted_at).toISOString(),
  publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
  stats: {
    matches: Number(row.matches ?? 0),
    passes: Number(row.passes ?? 0),
    purchases: Number(row.purchases ?? 0),
  },
});

/** Drafts younger than this count against the upload cap (an abandoned wizard frees its slot later). */
export const DRAFT_HOLDS_SLOT_MS = 60 * 60_000;

export class CatalogQueries {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  private select(where: string) {
    return `SELECT b.*, st.matches, st.passes, st.purchases FROM ${this.s}.beats b
            LEFT JOIN ${this.s}.beat_stats st ON st.beat_id = b.beat_id WHERE ${where}`;
  }

  /** A producer's catalogue beats past the draft stage (Manage Beats), newest first. */
  async beatsOf(producerId: string): Promise<BeatRow[]> {
    const { rows } = await this.db.query<RawRow>(
      this.select(
        `b.producer_id = $1 AND NOT b.deleted AND b.status <> 'draft' AND b.kind IN ${CATALOGUE_KINDS_SQL}`,
      ) + ' ORDER BY b.drafted_at DESC, b.beat_id',
      [producerId],
    );
    return rows.map(toRow);
  }

  /** Every beat of a producer that is not deleted (drafts included). */
  async allBeatsOf(producerId: string): Promise<BeatRow[]> {
    const { rows } = await this.db.query<RawRow>(
      this.select(`b.producer_id = $1 AND NOT b.deleted`) + ' ORDER BY b.drafted_at, b.beat_id',
      [producerId],
    );
    return rows.map(toRow);
  }

  /** Beats whose files were received and whose analysis has not finished (the upload workflow resumes them). */
  async pendingAnalysis(): Promise<string[]> {
    const { rows } = await this.db.query<{ beat_id: string }>(
      `SELECT beat_id FROM ${this.s}.beats
        WHERE status IN ('filesReceived', 'analysing') AND NOT deleted ORDER BY drafted_at, beat_id`,
    );
    return rows.map((row) => row.beat_id);
  }

  /** How many beats the catalogue holds (drafts and deleted ones included), and how many are demo beats. */
  async beatCounts(): Promise<{ all: number; demo: number }> {
    const { rows } = await this.db.query<{ total: string | number; demo: string | number }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE demo) AS demo FROM ${this.s}.beats`,
    );
    return { all: Number(rows[0]?.total ?? 0), demo: Number(rows[0]?.demo ?? 0) };
  }

  async beat(beatId: string): Promise<BeatRow | null> {
    const { rows } = await this.db.query<RawRow>(this.select(`b.beat_id = $1 AND NOT b.deleted`), [beatId]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /**
   * Uploads that count against the cap: not deleted, not failed, not demo. At create_reference drafts
   * count while they may still be finished (younger than DRAFT_HOLDS_SLOT_MS); at finalize
   * (`finalizedOnly`) only other finished uploads count, so drafts racing each other cannot lock
   * every one of them out.
   */
  async uploadCount(
    producerId: string,
    now: Date,
    options: { exceptBeatId?: string; finalizedOnly?: boolean } = {},
  ): Promise<number> {
    const since = options.finalizedOnly ? now : new Date(now.getTime() - DRAFT_HOLDS_SLOT_MS);
    const { rows } = await this.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ${this.s}.beats
        WHERE producer_id = $1 AND NOT deleted AND NOT demo AND status <> 'failed'
          AND kind IN ${CATALOGUE_KINDS_SQL}
          AND (status <> 'draft' OR ($4 = false AND drafted_at > $2)) AND beat_id <> $3`,
      [producerId, since.toISOString(), options.exceptBeatId ?? '', options.finalizedOnly ?? false],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The prices of the producer's most recent upload (the wizard's defaults), or null. */
  async lastUploadedPrices(producerId: string) {
    const { rows } = await this.db.query<RawRow>(
      this.select(`b.producer_id = $1 AND NOT b.deleted AND b.status <> 'draft' AND NOT b.is_private`) +
        ' ORDER BY b.drafted_at DESC LIMIT 1',
      [producerId],
    );
    return rows[0] ? toRow(rows[0]).prices : null;
  }

  async dnaOf(beatId: string): Promise<BeatDna | null> {
    const { rows } = await this.db.query<{ dna: BeatDna | null }>(
      `SELECT dna FROM ${this.s}.beats WHERE beat_id = $1 AND NOT deleted`,
      [beatId],
    );
    return rows[0]?.dna ?? null;
  }
}
