import type { BattlePhase, BattleSummary } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';
import { pairKey, phaseAt, type BattleVote } from './battle';

interface BattleRow {
  battle_id: string;
  theme: string;
  rules: string;
  status: BattlePhase;
  opened_at: Date;
  submissions_close_at: Date;
  voting_closes_at: Date;
  closed_at: Date | null;
  entries: string;
  votes: string;
  winner_beat_name: string | null;
  winner_producer_name: string | null;
}

export interface EntryRow {
  entry_id: string;
  producer_id: string;
  producer_name: string;
  beat_id: string;
  beat_name: string;
}

const SUMMARY = (s: string) => `
  SELECT b.*, w.beat_name AS winner_beat_name, w.producer_name AS winner_producer_name,
    (SELECT count(*) FROM ${s}.battle_entries e WHERE e.battle_id = b.battle_id) AS entries,
    (SELECT count(*) FROM ${s}.battle_votes v WHERE v.battle_id = b.battle_id) AS votes
  FROM ${s}.battles b LEFT JOIN ${s}.battle_entries w ON w.entry_id = b.winner_entry_id`;

function toSummary(row: BattleRow, now: Date): BattleSummary {
  const iso = (value: Date) => new Date(value).toISOString();
  const submissionsCloseAt = iso(row.submissions_close_at);
  const votingClosesAt = iso(row.voting_closes_at);
  return {
    battleId: row.battle_id,
    theme: row.theme,
    rules: row.rules,
    phase: phaseAt({ status: row.status, submissionsCloseAt, votingClosesAt }, now),
    openedAt: iso(row.opened_at),
    submissionsCloseAt,
    votingClosesAt,
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    entries: Number(row.entries),
    votes: Number(row.votes),
    winner:
      row.winner_beat_name === null
        ? null
        : { beatName: row.winner_beat_name, producerName: row.winner_producer_name ?? '' },
  };
}

/** What the battle pages read (readModel.ts writes it). */
export class BattleQueries {
  constructor(
    private readonly db: SqlDatabase,
    private readonly s: string,
  ) {}

  async list(now: Date): Promise<BattleSummary[]> {
    const { rows } = await this.db.query<BattleRow>(`${SUMMARY(this.s)} ORDER BY b.opened_at DESC LIMIT 100`);
    return rows.map((row) => toSummary(row, now));
  }

  async summary(battleId: string, now: Date): Promise<BattleSummary | null> {
    const { rows } = await this.db.query<BattleRow>(`${SUMMARY(this.s)} WHERE b.battle_id = $1`, [battleId]);
    return rows[0] ? toSummary(rows[0], now) : null;
  }

  async entries(battleId: string): Promise<EntryRow[]> {
    const { rows } = await this.db.query<EntryRow>(
      `SELECT entry_id, producer_id, producer_name, beat_id, beat_name FROM ${this.s}.battle_entries
       WHERE battle_id = $1 ORDER BY submitted_at, entry_id`,
      [battleId],
    );
    return rows;
  }

  /** The caller's entries in these battles, by battle. */
  async entriesOf(producerId: string): Promise<Map<string, string>> {
    const { rows } = await this.db.query<{ battle_id: string; beat_name: string }>(
      `SELECT battle_id, beat_name FROM ${this.s}.battle_entries WHERE producer_id = $1`,
      [producerId],
    );
    return new Map(rows.map((row) => [row.battle_id, row.beat_name]));
  }

  async votes(battleId: string): Promise<BattleVote[]> {
    const { rows } = await this.db.query<{ winner_entry_id: string; loser_entry_id: string }>(
      `SELECT winner_entry_id, loser_entry_id FROM ${this.s}.battle_votes WHERE battle_id = $1`,
      [battleId],
    );
    return rows.map((row) => ({ winnerEntryId: row.winner_entry_id, loserEntryId: row.loser_entry_id }));
  }

  /** The pairs this account, or this device, has voted on (pairKey). */
  async votedPairs(battleId: string, voterId: string, deviceId: string | null): Promise<Set<string>> {
    const { rows } = await this.db.query<{ winner_entry_id: string; loser_entry_id: string }>(
      `SELECT winner_entry_id, loser_entry_id FROM ${this.s}.battle_votes
       WHERE battle_id = $1 AND (voter_id = $2 OR device_id = $3)`,
      [battleId, voterId, deviceId],
    );
    return new Set(rows.map((row) => pairKey(row.winner_entry_id, row.loser_entry_id)));
  }

  /** A producer's beat battle upload, as the catalog published it. */
  async upload(beatId: string) {
    const { rows } = await this.db.query<{ producer_id: string; name: string; mp3_key: string }>(
      `SELECT producer_id, name, mp3_key FROM ${this.s}.battle_uploads WHERE beat_id = $1 AND NOT deleted`,
      [beatId],
    );
    return rows[0] ?? null;
  }

  /** The MP3 of an entry in a battle (null: no such entry). */
  async entryAudioKey(battleId: string, entryId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ mp3_key: string }>(
      `SELECT u.mp3_key FROM ${this.s}.battle_entries e JOIN ${this.s}.battle_uploads u ON u.beat_id = e.beat_id
       WHERE e.battle_id = $1 AND e.entry_id = $2`,
      [battleId, entryId],
    );
    return rows[0]?.mp3_key ?? null;
  }
}
