import type { InlineProjection, RecordedEvent, SqlExecutor } from '@beatmatch/platform';
import type { BattleEvent } from './battle';

/**
 * The battles as the pages read them, written in each append's transaction (never behind the stream),
 * and the producers' beat battle uploads, projected from catalog.BeatPublished (uploads.ts).
 */
export const battleReadModelSchema = (s: string) => `
  CREATE TABLE IF NOT EXISTS ${s}.battles (
    battle_id uuid PRIMARY KEY,
    theme text NOT NULL,
    rules text NOT NULL,
    status text NOT NULL,
    opened_at timestamptz NOT NULL,
    submissions_close_at timestamptz NOT NULL,
    voting_closes_at timestamptz NOT NULL,
    closed_at timestamptz,
    winner_entry_id uuid
  );
  CREATE TABLE IF NOT EXISTS ${s}.battle_entries (
    entry_id uuid PRIMARY KEY,
    battle_id uuid NOT NULL,
    producer_id text NOT NULL,
    producer_name text NOT NULL,
    beat_id text NOT NULL,
    beat_name text NOT NULL,
    submitted_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS battle_entries_by_battle ON ${s}.battle_entries (battle_id, submitted_at);
  CREATE TABLE IF NOT EXISTS ${s}.battle_votes (
    battle_id uuid NOT NULL,
    winner_entry_id uuid NOT NULL,
    loser_entry_id uuid NOT NULL,
    voter_id text NOT NULL,
    device_id text,
    cast_at timestamptz NOT NULL
  );
  CREATE INDEX IF NOT EXISTS battle_votes_by_battle ON ${s}.battle_votes (battle_id, voter_id);
  CREATE TABLE IF NOT EXISTS ${s}.battle_uploads (
    beat_id text PRIMARY KEY,
    producer_id text NOT NULL,
    name text NOT NULL,
    mp3_key text NOT NULL,
    deleted boolean NOT NULL DEFAULT false
  );
`;

const battleIdOf = (recorded: RecordedEvent) =>
  recorded.streamName.slice(recorded.streamName.indexOf(':') + 1);

async function applyOne(tx: SqlExecutor, s: string, battleId: string, event: BattleEvent) {
  switch (event.type) {
    case 'BattleOpened': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${s}.battles (battle_id, theme, rules, status, opened_at, submissions_close_at, voting_closes_at)
         VALUES ($1, $2, $3, 'open', $4, $5, $6) ON CONFLICT DO NOTHING`,
        [battleId, d.theme, d.rules, d.openedAt, d.submissionsCloseAt, d.votingClosesAt],
      );
      return;
    }
    case 'EntrySubmitted': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${s}.battle_entries (entry_id, battle_id, producer_id, producer_name, beat_id, beat_name, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [d.entryId, battleId, d.producerId, d.producerName, d.beatId, d.beatName, d.submittedAt],
      );
      return;
    }
    case 'SubmissionsClosed':
      await tx.query(`UPDATE ${s}.battles SET status = 'voting' WHERE battle_id = $1 AND status = 'open'`, [
        battleId,
      ]);
      return;
    case 'VoteCast': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${s}.battle_votes (battle_id, winner_entry_id, loser_entry_id, voter_id, device_id, cast_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [battleId, d.winnerEntryId, d.loserEntryId, d.voterId, d.deviceId, d.castAt],
      );
      return;
    }
    case 'BattleClosed':
      await tx.query(
        `UPDATE ${s}.battles SET status = 'closed', closed_at = $2, winner_entry_id = $3 WHERE battle_id = $1`,
        [battleId, event.data.closedAt, event.data.winnerEntryId],
      );
      return;
    default:
      return;
  }
}

export function battleProjection(s: string): InlineProjection {
  return {
    name: 'matchmaker-battles',
    handles: ['BattleOpened', 'EntrySubmitted', 'SubmissionsClosed', 'VoteCast', 'BattleClosed'],
    async apply(tx: SqlExecutor, events: RecordedEvent[]) {
      for (const recorded of events)
        await applyOne(tx, s, battleIdOf(recorded), {
          type: recorded.type,
          data: recorded.data,
        } as BattleEvent);
    },
  };
}
