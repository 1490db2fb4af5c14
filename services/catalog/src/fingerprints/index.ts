import { bestOffset, isFingerprintMatch, FINGERPRINT_VERSION, type Fingerprint } from '@beatmatch/audio';
import type { SqlDatabase } from '@beatmatch/platform';

/**
 * The stolen-beat guard's index (the upload workflow's fingerprint step): one row per fingerprinted
 * beat with its producer, and its landmark hashes (packages/audio fingerprint) with their times, looked
 * up by hash. Derived from the stored audio, not from events: a lost or outdated (version) index is
 * rebuilt by fingerprinting the stored WAVs again. The beats projection (../beats/readModel.ts) drops a
 * beat's rows when the beat is deleted or its upload fails, and a lookup only counts beats that are
 * published and not deleted in `beats`.
 */
export const fingerprintSchemaSql = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.fingerprints (
    beat_id text PRIMARY KEY,
    producer_id text NOT NULL,
    version integer NOT NULL,
    hash_count integer NOT NULL,
    seconds real NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS ${s}.fingerprint_hashes (
    hash integer NOT NULL,
    beat_id text NOT NULL,
    t integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS fingerprint_hashes_by_hash ON ${s}.fingerprint_hashes (hash);
  CREATE INDEX IF NOT EXISTS fingerprint_hashes_by_beat ON ${s}.fingerprint_hashes (beat_id);
`;

/** Drops a beat's fingerprint (inside the beats projection's transaction). */
export const dropFingerprintSql = (s: string) => [
  `DELETE FROM ${s}.fingerprint_hashes WHERE beat_id = $1`,
  `DELETE FROM ${s}.fingerprints WHERE beat_id = $1`,
];

export interface FingerprintMatch {
  beatId: string;
  producerId: string;
  /** Hashes agreeing on one time offset, and their share of the shorter fingerprint. */
  aligned: number;
  share: number;
}

export class FingerprintIndex {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  /** Stores (or replaces: a retried activity writes the same rows again) a beat's fingerprint. */
  async store(beatId: string, producerId: string, fingerprint: Fingerprint): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const statement of dropFingerprintSql(this.s)) await tx.query(statement, [beatId]);
      await tx.query(
        `INSERT INTO ${this.s}.fingerprints (beat_id, producer_id, version, hash_count, seconds)
         VALUES ($1, $2, $3, $4, $5)`,
        [beatId, producerId, fingerprint.version, fingerprint.hashes.length, fingerprint.seconds],
      );
      await tx.query(
        `INSERT INTO ${this.s}.fingerprint_hashes (hash, beat_id, t)
         SELECT q.hash, $1, q.t FROM unnest($2::int[], $3::int[]) AS q(hash, t)`,
        [beatId, Array.from(fingerprint.hashes), Array.from(fingerprint.times)],
      );
    });
  }

  /**
   * The published, not deleted beat of ANOTHER producer that this fingerprint matches best (the rule of
   * packages/audio compareFingerprints: enough hashes agreeing on one time offset), or null. The
   * producer's own beats never count (re-uploads are theirs to make).
   */
  async findMatch(
    beatId: string,
    producerId: string,
    fingerprint: Fingerprint,
  ): Promise<FingerprintMatch | null> {
    if (fingerprint.hashes.length === 0) return null;
    const { rows } = await this.db.query<{
      beat_id: string;
      producer_id: string;
      hash_count: number;
      delta: number;
      n: number;
    }>(
      `SELECT h.beat_id, f.producer_id, f.hash_count, h.t - q.t AS delta, count(*)::int AS n
         FROM unnest($1::int[], $2::int[]) AS q(hash, t)
         JOIN ${this.s}.fingerprint_hashes h ON h.hash = q.hash
         JOIN ${this.s}.fingerprints f ON f.beat_id = h.beat_id
         JOIN ${this.s}.beats b ON b.beat_id = h.beat_id
        WHERE f.producer_id <> $3 AND b.producer_id <> $3 AND h.beat_id <> $4 AND f.version = $5
          AND b.status = 'published' AND NOT b.deleted
        GROUP BY h.beat_id, f.producer_id, f.hash_count, delta
       HAVING count(*) >= 2`,
      [
        Array.from(fingerprint.hashes),
        Array.from(fingerprint.times),
        producerId,
        beatId,
        FINGERPRINT_VERSION,
      ],
    );
    const candidates = new Map<
      string,
      { producerId: string; hashCount: number; counts: Map<number, number> }
    >();
    for (const row of rows) {
      let candidate = candidates.get(row.beat_id);
      if (!candidate) {
        candidate = { producerId: row.producer_id, hashCount: Number(row.hash_count), counts: new Map() };
        candidates.set(row.beat_id, candidate);
      }
      candidate.counts.set(Number(row.delta), Number(row.n));
    }
    let best: FingerprintMatch | null = null;
    for (const [candidateId, candidate] of candidates) {
      const { aligned } = bestOffset(candidate.counts);
      if (!isFingerprintMatch(aligned, fingerprint.hashes.length, candidate.hashCount)) continue;
      const share = aligned / Math.max(1, Math.min(fingerprint.hashes.length, candidate.hashCount));
      if (!best || share > best.share)
        best = { beatId: candidateId, producerId: candidate.producerId, aligned, share };
    }
    return best;
  }
}
