import type { SqlDatabase, SqlExecutor } from '@beatmatch/platform';
import { planPayouts } from './plan';
import { payoutIdOf } from './schema';
import type { ProducerPayoutSettings } from '../settings/readModel';

export interface RunSummary {
  month: string;
  payouts: number;
  grossCents: number;
  feeCents: number;
}

interface Owed extends ProducerPayoutSettings {
  producer_id: string;
  owed: string;
}

/**
 * What each producer is owed for months up to `month`: their earnings balance, less the planned
 * payouts not yet sent (a sent payout is already out of the balance).
 */
const owedQuery = (s: string) => `
  WITH balances AS (
    SELECT substr(account, 10) AS producer_id, SUM(amount_cents) AS balance
    FROM ${s}.ledger_entries
    WHERE account LIKE 'earnings:%' AND month <= $1
    GROUP BY account
  ), planned AS (
    SELECT producer_id, SUM(gross_cents) AS planned FROM ${s}.payouts WHERE status = 'computed' GROUP BY producer_id
  )
  SELECT b.producer_id, (b.balance - COALESCE(p.planned, 0))::text AS owed,
         ps.address, ps.split, ps.method, ps.details
  FROM balances b
  LEFT JOIN planned p USING (producer_id)
  LEFT JOIN ${s}.payout_settings ps USING (producer_id)
  WHERE b.balance - COALESCE(p.planned, 0) > 0`;

export async function excludesPrepaidCards(db: SqlExecutor, s: string): Promise<boolean> {
  const { rows } = await db.query<{ exclude_prepaid_cards: boolean }>(
    `SELECT exclude_prepaid_cards FROM ${s}.run_settings`,
  );
  return rows[0]?.exclude_prepaid_cards ?? false;
}

async function insertPlans(
  tx: SqlExecutor,
  s: string,
  month: string,
  owed: Owed[],
  exclude: boolean,
  now: Date,
) {
  const rows: unknown[][] = [];
  for (const producer of owed) {
    const plan = planPayouts({
      owedCents: Number(producer.owed),
      wallet: producer.address ? { address: producer.address, split: producer.split ?? 0 } : null,
      method: producer.method,
      excludePrepaidCards: exclude,
    });
    const id = producer.producer_id;
    if (plan.token)
      rows.push([
        payoutIdOf(id, month, 'token'),
        id,
        'token',
        null,
        { address: producer.address },
        plan.token.grossCents,
        0,
      ]);
    if (plan.fiat)
      rows.push([
        payoutIdOf(id, month, 'fiat'),
        id,
        'fiat',
        plan.fiat.method,
        producer.details,
        plan.fiat.grossCents,
        plan.fiat.feeCents,
      ]);
  }
  if (rows.length === 0) return;
  const column = (index: number) => rows.map((row) => row[index]);
  await tx.query(
    `INSERT INTO ${s}.payouts (payout_id, producer_id, month, kind, method, destination, gross_cents, fee_cents, status, updated_at)
     SELECT p.id, p.producer, $1, p.kind, p.method, p.destination, p.gross, p.fee, 'computed', $2
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::bigint[], $9::bigint[])
       AS p (id, producer, kind, method, destination, gross, fee)
     ON CONFLICT DO NOTHING`,
    [
      month,
      now.toISOString(),
      column(0),
      column(1),
      column(2),
      column(3),
      column(4).map((d) => JSON.stringify(d)),
      column(5),
      column(6),
    ],
  );
}

/**
 * Closes `month` once: computes every producer's payouts for it in one transaction (a second call,
 * a retried activity or the second schedule of the month finds it closed and changes nothing).
 */
export async function closeMonth(db: SqlDatabase, s: string, month: string, now: Date): Promise<RunSummary> {
  await db.transaction(async (tx) => {
    const closing = await tx.query(
      `INSERT INTO ${s}.month_closings (month, closed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [month, now.toISOString()],
    );
    if (closing.rowCount === 0) return;
    const { rows } = await tx.query<Owed>(owedQuery(s), [month]);
    await insertPlans(tx, s, month, rows, await excludesPrepaidCards(tx, s), now);
  });
  return summaryOf(db, s, month);
}

export async function summaryOf(
  db: SqlExecutor,
  s: string,
  month: string,
  kind?: 'token' | 'fiat',
): Promise<RunSummary> {
  const { rows } = await db.query<{ payouts: string; gross: string | null; fee: string | null }>(
    `SELECT COUNT(*) AS payouts, SUM(gross_cents) AS gross, SUM(fee_cents) AS fee
     FROM ${s}.payouts WHERE month = $1 AND ($2::text IS NULL OR kind = $2)`,
    [month, kind ?? null],
  );
  const row = rows[0]!;
  return {
    month,
    payouts: Number(row.payouts),
    grossCents: Number(row.gross ?? 0),
    feeCents: Number(row.fee ?? 0),
  };
}
