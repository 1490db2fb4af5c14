import type { PayoutMethod, PayoutMethodDetails } from '@beatmatch/contracts';
import type { SqlDatabase } from '@beatmatch/platform';
import type { TokenTreasury } from '../token/port';
import type { FiatPayoutProvider } from '../fiat/port';
import { postTransfers } from '../ledger/ledger';
import { payoutTransfer, type PayoutPosting } from '../ledger/postings';
import { queueStatements } from '../statements/statementMail';

export interface PayoutPorts {
  db: SqlDatabase;
  schema: string;
  /** Absent until a treasury is configured: $BEAT payouts then wait, computed and owed. */
  treasury?: TokenTreasury;
  fiat: FiatPayoutProvider;
  clock: () => Date;
}

export interface PayoutRow {
  payout_id: string;
  producer_id: string;
  month: string;
  kind: 'token' | 'fiat';
  method: PayoutMethod | null;
  destination: { address?: string } & Partial<PayoutMethodDetails>;
  gross_cents: string;
  fee_cents: string;
}

export const postingOf = (row: PayoutRow, at: Date): PayoutPosting => ({
  payoutId: row.payout_id,
  producerId: row.producer_id,
  month: row.month,
  via: row.kind === 'token' ? 'beat' : row.method!,
  grossCents: Number(row.gross_cents),
  feeCents: Number(row.fee_cents),
  at: at.toISOString(),
});

type Outcome = {
  payoutId: string;
  status: 'paid' | 'submitted' | 'returned';
  ref: string | null;
  txHash: string | null;
  block: number | null;
};

async function sendOne(ports: PayoutPorts, row: PayoutRow): Promise<Outcome> {
  const payoutId = row.payout_id;
  const gross = Number(row.gross_cents);
  if (row.kind === 'token') {
    const t = await ports.treasury!.transfer({ payoutId, to: row.destination.address!, amountCents: gross });
    // A reverted transfer moved nothing: the payout is returned and never leaves the balance.
    const status = t.status === 'confirmed' ? 'paid' : 'returned';
    return { payoutId, status, ref: null, txHash: t.txHash, block: t.blockNumber };
  }
  const details = row.destination as PayoutMethodDetails;
  const f = await ports.fiat.submit({ payoutId, details, netCents: gross - Number(row.fee_cents) });
  return { payoutId, status: 'submitted', ref: f.providerRef, txHash: null, block: null };
}

/**
 * Sends computed payouts and records them: each provider or treasury call is idempotent per
 * payoutId, so a worker killed before the batch is recorded sends again and gets the first answers;
 * then, in one transaction, the rows leave 'computed' and the ledger posts them — at most once.
 * `afterEach` runs after each send (an activity's heartbeat). Answers how many were recorded now.
 */
export async function sendPayouts(
  ports: PayoutPorts,
  payoutIds: readonly string[],
  afterEach: (payoutId: string) => void = () => undefined,
): Promise<number> {
  const { db, schema: s } = ports;
  const { rows } = await db.query<PayoutRow>(
    `SELECT * FROM ${s}.payouts WHERE payout_id = ANY($1::text[]) AND status = 'computed' ORDER BY payout_id`,
    [payoutIds],
  );
  const outcomes: Outcome[] = [];
  for (const row of rows.filter((r) => r.kind === 'fiat' || ports.treasury)) {
    outcomes.push(await sendOne(ports, row));
    afterEach(row.payout_id);
  }
  if (outcomes.length === 0) return 0;
  const now = ports.clock();
  return db.transaction(async (tx) => {
    const moved = await tx.query<{ payout_id: string }>(
      `UPDATE ${s}.payouts p SET status = u.status, provider_ref = u.ref, tx_hash = u.tx_hash,
         block_number = u.block, updated_at = $6
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[]) AS u (id, status, ref, tx_hash, block)
       WHERE p.payout_id = u.id AND p.status = 'computed' RETURNING p.payout_id`,
      [
        outcomes.map((o) => o.payoutId),
        outcomes.map((o) => o.status),
        outcomes.map((o) => o.ref),
        outcomes.map((o) => o.txHash),
        outcomes.map((o) => o.block),
        now.toISOString(),
      ],
    );
    const recorded = new Set(moved.rows.map((row) => row.payout_id));
    const returned = new Set(outcomes.filter((o) => o.status === 'returned').map((o) => o.payoutId));
    const posted = rows.filter((row) => recorded.has(row.payout_id) && !returned.has(row.payout_id));
    await postTransfers(
      tx,
      posted.map((row) => payoutTransfer(postingOf(row, now))),
      s,
    );
    await queueStatements(tx, s, [...recorded], now);
    return recorded.size;
  });
}

/** The computed payouts of a month (null: of every month), of one kind or both. */
export async function computedPayouts(ports: PayoutPorts, month: string | null, kind?: 'token' | 'fiat') {
  const { rows } = await ports.db.query<{ payout_id: string }>(
    `SELECT payout_id FROM ${ports.schema}.payouts
     WHERE ($1::text IS NULL OR month = $1) AND status = 'computed' AND ($2::text IS NULL OR kind = $2)
     ORDER BY payout_id`,
    [month, kind ?? null],
  );
  return rows.map((row) => row.payout_id);
}
