import { centsToDollars, type CallAnswer } from '@beatmatch/contracts';
import type { SqlExecutor } from '@beatmatch/platform';

type PayoutView = CallAnswer<'payouts_history'>['payouts'][number];

/** A transaction's page on a block explorer at `explorer` (a base address), if one is configured. */
export const transactionPage = (explorer: string | undefined, txHash: string | null) =>
  explorer && txHash ? `${explorer.replace(/\/+$/, '')}/tx/${txHash}` : null;

/** A producer's payouts, newest month first ($BEAT and fiat), for Payouts History and $BEAT Payouts. */
export async function payoutsOf(
  db: SqlExecutor,
  s: string,
  producerId: string,
  explorer?: string,
): Promise<PayoutView[]> {
  const { rows } = await db.query<{
    payout_id: string;
    month: string;
    kind: 'token' | 'fiat';
    method: PayoutView['method'];
    gross_cents: string;
    fee_cents: string;
    status: PayoutView['status'];
    tx_hash: string | null;
    block_number: string | null;
    updated_at: Date | string;
  }>(
    `SELECT payout_id, month, kind, method, gross_cents, fee_cents, status, tx_hash, block_number, updated_at
     FROM ${s}.payouts WHERE producer_id = $1 ORDER BY month DESC, kind`,
    [producerId],
  );
  return rows.map((row) => ({
    payoutId: row.payout_id,
    month: row.month,
    kind: row.kind,
    method: row.method,
    gross: centsToDollars(Number(row.gross_cents)),
    fee: centsToDollars(Number(row.fee_cents)),
    net: centsToDollars(Number(row.gross_cents) - Number(row.fee_cents)),
    status: row.status,
    txHash: row.tx_hash,
    explorerUrl: transactionPage(explorer, row.tx_hash),
    blockNumber: row.block_number === null ? null : Number(row.block_number),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}
