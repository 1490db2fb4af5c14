import { producerEmailsSchema } from '../statements/producerEmails';

/**
 * The payouts of each closed month: one row per (producer, month, kind), its primary key; and the
 * producers' e-mails, which recording a payout reads to queue its statement.
 */
export const runsSchema = (s: string) => `
  ${producerEmailsSchema(s)}
  CREATE TABLE IF NOT EXISTS ${s}.month_closings (
    month char(7) PRIMARY KEY,
    closed_at timestamptz NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ${s}.payouts (
    payout_id text PRIMARY KEY,
    producer_id text NOT NULL,
    month char(7) NOT NULL,
    kind text NOT NULL CHECK (kind IN ('token', 'fiat')),
    method text,
    destination jsonb NOT NULL,
    gross_cents bigint NOT NULL CHECK (gross_cents > 0),
    fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
    status text NOT NULL,
    provider_ref text,
    tx_hash text,
    block_number bigint,
    updated_at timestamptz NOT NULL,
    UNIQUE (producer_id, month, kind)
  );
  CREATE INDEX IF NOT EXISTS payouts_by_producer ON ${s}.payouts (producer_id, month DESC);
  CREATE INDEX IF NOT EXISTS payouts_by_status ON ${s}.payouts (status, month);
  CREATE TABLE IF NOT EXISTS ${s}.run_settings (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    exclude_prepaid_cards boolean NOT NULL
  );`;

/** One payout's id: the idempotency key the providers and the treasury see. */
export const payoutIdOf = (producerId: string, month: string, kind: 'token' | 'fiat') =>
  `${kind}-${month}-${producerId}`;
