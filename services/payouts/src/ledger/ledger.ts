import type { SqlExecutor } from '@beatmatch/platform';

/*
 * The earnings ledger: double-entry, append-only, integer cents (issue 22 item 1; pgledger's shape).
 * A transfer is a set of entries on named accounts whose amounts sum to zero; its id is the source
 * fact (a purchase, a refund, a payout), so the same fact is posted once however often it arrives.
 * Nothing is updated or deleted: a refund or a returned payout is a transfer of its own.
 */

export const PAYOUTS_SCHEMA = 'payouts';

/** The ledger's accounts. A producer's earnings account is what the platform owes them. */
export const accounts = {
  /** Money taken from buyers (the counter side of every sale and refund). */
  buyers: 'buyers',
  /** The service fee (commission: none, spec §9: the fee is the platform's only income from a sale). */
  platformFees: 'platform:fees',
  earnings: (producerId: string) => `earnings:${producerId}`,
  paid: (producerId: string) => `paid:${producerId}`,
  provider: (method: string) => `provider:${method}`,
} as const;

export interface Entry {
  account: string;
  /** Signed cents: positive credits the account. */
  amountCents: number;
}

export interface Transfer {
  /** The source fact, e.g. `sale:<purchaseId>`: posting it twice posts it once. */
  transferId: string;
  kind: 'sale' | 'refund' | 'payout' | 'payoutReturned' | 'referralReward';
  /** The month (UTC, YYYY-MM) the transfer counts in: a sale's, a refund's or the paid month. */
  month: string;
  occurredAt: string;
  entries: Entry[];
}

export const ledgerSchema = (s: string) => `
  CREATE SCHEMA IF NOT EXISTS ${s};
  CREATE TABLE IF NOT EXISTS ${s}.ledger_transfers (
    transfer_id text PRIMARY KEY,
    kind text NOT NULL,
    month char(7) NOT NULL,
    occurred_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.ledger_entries (
    transfer_id text NOT NULL REFERENCES ${s}.ledger_transfers (transfer_id),
    account text NOT NULL,
    month char(7) NOT NULL,
    amount_cents bigint NOT NULL,
    PRIMARY KEY (transfer_id, account)
  );
  CREATE INDEX IF NOT EXISTS ledger_entries_by_account ON ${s}.ledger_entries (account, month);`;

export class UnbalancedTransferError extends Error {
  constructor(transfer: Transfer) {
    super(`transfer ${transfer.transferId} does not balance`);
    this.name = 'UnbalancedTransferError';
  }
}

/** The UTC month of an instant, YYYY-MM. */
export const monthOf = (instant: string | Date) => new Date(instant).toISOString().slice(0, 7);

/** Whether the transfer's entries sum to zero, each an integer number of cents. */
export const balances = (entries: readonly Entry[]) =>
  entries.every((entry) => Number.isSafeInteger(entry.amountCents)) &&
  entries.reduce((sum, entry) => sum + entry.amountCents, 0) === 0;

/** The entries a transfer writes: one per account (merged), none of zero (a free beat credits nobody). */
function entryRows(transfer: Transfer): [string, number][] {
  const merged = new Map<string, number>();
  for (const entry of transfer.entries)
    merged.set(entry.account, (merged.get(entry.account) ?? 0) + entry.amountCents);
  return [...merged].filter(([, amount]) => amount !== 0);
}

/**
 * Posts transfers inside the caller's transaction, in two statements however many there are (a
 * consumer catching up posts a batch); answers the ids posted now — those posted before are skipped.
 * Every transfer is checked to balance before anything is written.
 */
export async function postTransfers(
  tx: SqlExecutor,
  transfers: readonly Transfer[],
  schema = PAYOUTS_SCHEMA,
): Promise<Set<string>> {
  for (const transfer of transfers)
    if (!balances(transfer.entries)) throw new UnbalancedTransferError(transfer);
  if (transfers.length === 0) return new Set();
  const claimed = await tx.query<{ transfer_id: string }>(
    `INSERT INTO ${schema}.ledger_transfers (transfer_id, kind, month, occurred_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[])
     ON CONFLICT DO NOTHING RETURNING transfer_id`,
    [
      transfers.map((t) => t.transferId),
      transfers.map((t) => t.kind),
      transfers.map((t) => t.month),
      transfers.map((t) => t.occurredAt),
    ],
  );
  const posted = new Set(claimed.rows.map((row) => row.transfer_id));
  const rows = transfers
    .filter((transfer) => posted.has(transfer.transferId))
    .flatMap((transfer) => entryRows(transfer).map(([account, amount]) => ({ transfer, account, amount })));
  if (rows.length > 0)
    await tx.query(
      `INSERT INTO ${schema}.ledger_entries (transfer_id, account, month, amount_cents)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])`,
      [
        rows.map((row) => row.transfer.transferId),
        rows.map((row) => row.account),
        rows.map((row) => row.transfer.month),
        rows.map((row) => row.amount),
      ],
    );
  return posted;
}

/** Posts one transfer inside the caller's transaction; answers false when it was posted before. */
export async function postTransfer(tx: SqlExecutor, transfer: Transfer, schema = PAYOUTS_SCHEMA) {
  return (await postTransfers(tx, [transfer], schema)).size === 1;
}
