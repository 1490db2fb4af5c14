import type { PayoutMethod, PayoutMethodDetails } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';
import type { TokenTreasury } from '../token/port';
import type { FiatPayoutProvider } from '../fiat/port';
import { postTransfer } from '../ledger/ledger';
import { payoutReturnedTransfer, payoutTransfer, type PayoutPosting } from '../ledger/postings';

export interface PayoutPorts {
  db: SqlDatabase;
  schema: string;
  /** Absent until a treasury is configured: $BEAT payouts then wait, computed and owed. */
  treasury?: TokenTreasury;
  fiat: FiatPayoutProvider;
  clock: () => Date;
}

interface PayoutRow {
  payout_id: string;
  producer_id: string;
  month: string;
  kind: 'token' | 'fiat';
  method: PayoutMethod | null;
  destination: { address?: string } & Partial<PayoutMethodDetails>;
  gross_cents: string;
  fee_cents: string;
}

const postingOf = (row: PayoutRow, at: Date): PayoutPosting => ({
  payoutId: row.payout_id,
  producerId: row.producer_id,
  month: row.month,
  via: row.kind === 'token' ? 'beat' : row.method!,
  grossCents: Number(row.gross_cents),
  feeCents: Number(row.fee_cents),
  at: at.toISOString(),
});

/**
 * Sends one computed payout and records it: the provider's or treasury's call is idempotent per
 * payoutId, so a worker killed between sending and recording sends again and gets the first answer;
 * the row moves out of 'computed' and the ledger posts it in one transaction, at most once.
 */
export async function sendPayout(ports: PayoutPorts, payoutId: string): Promise<'sent' | 'done'> {
  const { db, schema: s } = ports;
  const { rows } = await db.query<PayoutRow>(
    `SELECT * FROM ${s}.payouts WHERE payout_id = $1 AND status = 'computed'`,
    [payoutId],
  );
  const row = rows[0];
  if (!row || (row.kind === 'token' && !ports.treasury)) return 'done';
  const gross = Number(row.gross_cents);
  const sent =
    row.kind === 'token'
      ? await ports
          .treasury!.transfer({ payoutId, to: row.destination.address!, amountCents: gross })
          .then((t) => ({
            // A reverted transfer moved nothing: the payout is returned and never leaves the balance.
            status: t.status === 'confirmed' ? 'paid' : 'returned',
            ref: null,
            txHash: t.txHash,
            block: t.blockNumber,
          }))
      : await ports.fiat
          .submit({
            payoutId,
            details: row.destination as PayoutMethodDetails,
            netCents: gross - Number(row.fee_cents),
          })
          .then((f) => ({ status: 'submitted', ref: f.providerRef, txHash: null, block: null }));
  const now = ports.clock();
  await db.transaction(async (tx) => {
    const moved = await tx.query(
      `UPDATE ${s}.payouts SET status = $2, provider_ref = $3, tx_hash = $4, block_number = $5, updated_at = $6
       WHERE payout_id = $1 AND status = 'computed'`,
      [payoutId, sent.status, sent.ref, sent.txHash, sent.block, now.toISOString()],
    );
    if (moved.rowCount === 1 && sent.status !== 'returned')
      await postTransfer(tx, payoutTransfer(postingOf(row, now)), s);
  });
  return 'sent';
}

/** The computed payouts of a month, of one kind or both. */
export async function computedPayouts(ports: PayoutPorts, month: string, kind?: 'token' | 'fiat') {
  const { rows } = await ports.db.query<{ payout_id: string }>(
    `SELECT payout_id FROM ${ports.schema}.payouts
     WHERE month = $1 AND status = 'computed' AND ($2::text IS NULL OR kind = $2) ORDER BY payout_id`,
    [month, kind ?? null],
  );
  return rows.map((row) => row.payout_id);
}

/**
 * Records what the fiat provider reports for submitted payouts: paid, or failed/returned — then the
 * payout's transfer is reversed and the money is the producer's available balance again.
 */
export async function settleSubmittedPayouts(ports: PayoutPorts): Promise<number> {
  const { db, schema: s } = ports;
  const { rows } = await db.query<PayoutRow>(
    `SELECT * FROM ${s}.payouts WHERE status = 'submitted' LIMIT 500`,
  );
  if (rows.length === 0) return 0;
  const statuses = await ports.fiat.statusesOf(rows.map((row) => row.payout_id));
  let settled = 0;
  for (const row of rows) {
    const status = statuses.get(row.payout_id);
    if (!status || status === 'pending') continue;
    const now = ports.clock();
    const final = status === 'paid' ? 'paid' : 'returned';
    await db.transaction(async (tx) => {
      const moved = await tx.query(
        `UPDATE ${s}.payouts SET status = $2, updated_at = $3 WHERE payout_id = $1 AND status = 'submitted'`,
        [row.payout_id, final, now.toISOString()],
      );
      if (moved.rowCount === 1 && final === 'returned')
        await postTransfer(tx, payoutReturnedTransfer(postingOf(row, now)), s);
    });
    settled++;
  }
  return settled;
}
