import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from '@beatmatch/platform';
import type { FiatPayoutProvider, FiatPayoutRequest, FiatPayoutStatus } from './port';

/**
 * The embedded profile's payout provider: accepts the five methods, keeps its payouts in its own table
 * (so a restart forgets nothing) and settles each one `settleAfterMs` after submission, as the real
 * ones report asynchronously. Like a bank rejecting an unknown account, an ACH account number or an
 * IBAN ending in 0000 comes back 'returned'.
 */
export class LocalPayoutProvider implements FiatPayoutProvider {
  constructor(
    private readonly db: SqlDatabase,
    private readonly schema: string,
    private readonly clock: () => Date,
    private readonly settleAfterMs = 5_000,
  ) {}

  static schemaSql = (s: string) => `
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.local_provider_payouts (
      payout_id text PRIMARY KEY,
      provider_ref text NOT NULL,
      method text NOT NULL,
      net_cents bigint NOT NULL,
      outcome text NOT NULL,
      settles_at timestamptz NOT NULL
    );`;

  /** Our own onboarding page collects all the local provider needs. */
  async onboardingUrl() {
    return null;
  }

  async submit(request: FiatPayoutRequest) {
    const outcome: FiatPayoutStatus = bounces(request) ? 'returned' : 'paid';
    const settlesAt = new Date(this.clock().getTime() + this.settleAfterMs).toISOString();
    await this.db.query(
      `INSERT INTO ${this.schema}.local_provider_payouts (payout_id, provider_ref, method, net_cents, outcome, settles_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payout_id) DO NOTHING`,
      [
        request.payoutId,
        `local_${randomUUID()}`,
        request.details.method,
        request.netCents,
        outcome,
        settlesAt,
      ],
    );
    const { rows } = await this.db.query<{ provider_ref: string }>(
      `SELECT provider_ref FROM ${this.schema}.local_provider_payouts WHERE payout_id = $1`,
      [request.payoutId],
    );
    return { providerRef: rows[0]!.provider_ref, status: 'pending' as const };
  }

  async statusesOf(payoutIds: readonly string[]) {
    const { rows } = await this.db.query<{ payout_id: string; status: FiatPayoutStatus }>(
      `SELECT payout_id, CASE WHEN settles_at <= $2 THEN outcome ELSE 'pending' END AS status
       FROM ${this.schema}.local_provider_payouts WHERE payout_id = ANY($1::text[])`,
      [payoutIds, this.clock().toISOString()],
    );
    return new Map(rows.map((row) => [row.payout_id, row.status]));
  }
}

function bounces({ details }: FiatPayoutRequest): boolean {
  if (details.method === 'ach') return details.accountNumber.endsWith('0000');
  if (details.method === 'wire') return details.iban.endsWith('0000');
  return false;
}
