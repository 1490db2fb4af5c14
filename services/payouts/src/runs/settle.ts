import type { SqlDatabase } from '@beatmatch/platform';
import { postTransfers } from '../ledger/ledger';
import { payoutReturnedTransfer } from '../ledger/postings';
import { postingOf, type PayoutPorts, type PayoutRow } from './pay';

/**
 * Records what the fiat provider reports for submitted payouts, up to 500 at a time, in one
 * transaction: paid, or failed/returned — then the payout's transfer is reversed and the money is the
 * producer's available balance again. Answers how many were settled now.
 */
export async function settleSubmittedPayouts(ports: PayoutPorts): Promise<number> {
  const { db, schema: s } = ports;
  const { rows } = await db.query<PayoutRow>(
    `SELECT * FROM ${s}.payouts WHERE status = 'submitted' LIMIT 500`,
  );
  if (rows.length === 0) return 0;
  const statuses = await ports.fiat.statusesOf(rows.map((row) => row.payout_id));
  const settled = rows.flatMap((row) => {
    const status = statuses.get(row.payout_id);
    if (!status || status === 'pending') return [];
    return [{ row, final: status === 'paid' ? ('paid' as const) : ('returned' as const) }];
  });
  if (settled.length === 0) return 0;
  return recordSettlements(db, s, settled, ports.clock());
}

async function recordSettlements(
  db: SqlDatabase,
  s: string,
  settled: { row: PayoutRow; final: 'paid' | 'returned' }[],
  now: Date,
) {
  return db.transaction(async (tx) => {
    const moved = await tx.query<{ payout_id: string }>(
      `UPDATE ${s}.payouts p SET status = u.status, updated_at = $3
       FROM unnest($1::text[], $2::text[]) AS u (id, status)
       WHERE p.payout_id = u.id AND p.status = 'submitted' RETURNING p.payout_id`,
      [settled.map((x) => x.row.payout_id), settled.map((x) => x.final), now.toISOString()],
    );
    const recorded = new Set(moved.rows.map((row) => row.payout_id));
    const returned = settled.filter((x) => x.final === 'returned' && recorded.has(x.row.payout_id));
    await postTransfers(
      tx,
      returned.map((x) => payoutReturnedTransfer(postingOf(x.row, now))),
      s,
    );
    return recorded.size;
  });
}
