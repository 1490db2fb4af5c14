import type { SqlDatabase } from '@beatmatch/platform';
import type { Hex } from 'viem';

/**
 * The treasury's journal: every transaction it signs (the token's deployment and each transfer),
 * written with its nonce and its signed bytes BEFORE it is sent. After a crash the journal says what
 * may be on chain: a pending row is reconciled by its hash and nonce, and the same signed bytes are
 * sent again if nothing took its nonce (treasury.ts). On the development chain, which keeps nothing
 * on disk, replaying the journal in nonce order rebuilds the chain as it was.
 */
export type JournalStatus = 'pending' | 'confirmed' | 'failed';

export interface JournalEntry {
  chainId: number;
  sender: Hex;
  nonce: number;
  kind: 'deploy' | 'transfer';
  /** Transfers: the payout (one transfer per payout, ever). */
  payoutId: string | null;
  /** Transfers: the producer's wallet; deployment: the token's address (known before sending). */
  recipient: Hex;
  amountCents: number | null;
  tokenUnits: bigint | null;
  rawTx: Hex;
  txHash: Hex;
  status: JournalStatus;
  blockNumber: number | null;
}

export type NewJournalEntry = Omit<JournalEntry, 'status' | 'blockNumber'>;

export const tokenJournalSchema = (schema: string) => `
CREATE SCHEMA IF NOT EXISTS ${schema};
CREATE TABLE IF NOT EXISTS ${schema}.token_transactions (
  chain_id bigint NOT NULL,
  sender text NOT NULL,
  nonce bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deploy', 'transfer')),
  payout_id text UNIQUE,
  recipient text NOT NULL,
  amount_cents bigint,
  token_units numeric(78, 0),
  raw_tx text NOT NULL,
  tx_hash text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'failed')),
  block_number bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  recorded_at timestamptz,
  PRIMARY KEY (chain_id, sender, nonce),
  CHECK ((kind = 'transfer') = (payout_id IS NOT NULL))
);`;

interface Row {
  chain_id: string;
  sender: string;
  nonce: string;
  kind: 'deploy' | 'transfer';
  payout_id: string | null;
  recipient: string;
  amount_cents: string | null;
  token_units: string | null;
  raw_tx: string;
  tx_hash: string;
  status: JournalStatus;
  block_number: string | null;
}

const COLUMNS =
  'chain_id, sender, nonce, kind, payout_id, recipient, amount_cents, token_units, raw_tx, tx_hash, status, block_number';

export class TokenJournal {
  private readonly table: string;

  constructor(
    private readonly db: SqlDatabase,
    private readonly schema: string,
    private readonly chainId: number,
    private readonly sender: Hex,
  ) {
    this.table = `${schema}.token_transactions`;
  }

  async migrate(): Promise<void> {
    await this.db.exec(tokenJournalSchema(this.schema));
  }

  /** Records an intent; false when its payout or its nonce is already in the journal (nothing written). */
  async recordIntent(entry: NewJournalEntry): Promise<boolean> {
    const result = await this.db.query(
      `INSERT INTO ${this.table} (chain_id, sender, nonce, kind, payout_id, recipient, amount_cents, token_units, raw_tx, tx_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      [
        entry.chainId,
        entry.sender,
        entry.nonce,
        entry.kind,
        entry.payoutId,
        entry.recipient,
        entry.amountCents,
        entry.tokenUnits?.toString() ?? null,
        entry.rawTx,
        entry.txHash,
      ],
    );
    return result.rowCount === 1;
  }

  async recordOutcome(
    txHash: Hex,
    status: 'confirmed' | 'failed',
    blockNumber: number | null,
  ): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET status = $2, block_number = $3, recorded_at = now() WHERE tx_hash = $1`,
      [txHash, status, blockNumber],
    );
  }

  async ofPayouts(payoutIds: readonly string[]): Promise<JournalEntry[]> {
    if (!payoutIds.length) return [];
    const { rows } = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE payout_id = ANY($1::text[]) ORDER BY nonce`,
      [payoutIds],
    );
    return rows.map(entryOf);
  }

  /** This sender's transactions on this chain, in nonce order (`pending` only: those to reconcile). */
  async ofSender(only?: 'pending'): Promise<JournalEntry[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE chain_id = $1 AND sender = $2 ${only ? "AND status = 'pending'" : ''}
       ORDER BY nonce`,
      [this.chainId, this.sender],
    );
    return rows.map(entryOf);
  }

  async latestDeployment(): Promise<JournalEntry | undefined> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE chain_id = $1 AND sender = $2 AND kind = 'deploy'
       ORDER BY nonce DESC LIMIT 1`,
      [this.chainId, this.sender],
    );
    return rows[0] && entryOf(rows[0]);
  }

  /**
   * What the treasury should hold of the token deployed at `token`: the supply its journaled deployment
   * minted less every confirmed transfer (a failed one moved nothing). Null when the journal did not
   * deploy that token (BEAT_TOKEN_ADDRESS): it never knew the starting balance.
   */
  async expectedBalance(token: Hex): Promise<bigint | null> {
    const { rows } = await this.db.query<{ minted: string | null; sent: string }>(
      `SELECT MAX(token_units) FILTER (WHERE kind = 'deploy' AND lower(recipient) = lower($3)) AS minted,
         COALESCE(SUM(token_units) FILTER (WHERE kind = 'transfer'), 0) AS sent
       FROM ${this.table} WHERE chain_id = $1 AND sender = $2 AND status = 'confirmed'`,
      [this.chainId, this.sender, token],
    );
    const { minted, sent } = rows[0]!;
    return minted === null ? null : BigInt(minted) - BigInt(sent);
  }

  /** The nonce after the journal's last one (-1 + 1 = 0 when it is empty). */
  async nextNonce(): Promise<number> {
    const { rows } = await this.db.query<{ next: string }>(
      `SELECT COALESCE(MAX(nonce) + 1, 0) AS next FROM ${this.table} WHERE chain_id = $1 AND sender = $2`,
      [this.chainId, this.sender],
    );
    return Number(rows[0]!.next);
  }
}

function entryOf(row: Row): JournalEntry {
  return {
    chainId: Number(row.chain_id),
    sender: row.sender as Hex,
    nonce: Number(row.nonce),
    kind: row.kind,
    payoutId: row.payout_id,
    recipient: row.recipient as Hex,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    tokenUnits: row.token_units === null ? null : BigInt(row.token_units),
    rawTx: row.raw_tx as Hex,
    txHash: row.tx_hash as Hex,
    status: row.status,
    blockNumber: row.block_number === null ? null : Number(row.block_number),
  };
}
