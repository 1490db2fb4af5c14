import { createHash } from 'node:crypto';
import type { createStripeClient, SqlDatabase } from '@beatmatch/platform';
import type { PayoutMethodDetails } from '@beatmatch/contracts';
import type { FiatPayoutProvider, FiatPayoutRequest, FiatPayoutStatus, OnboardingReturn } from './port';

type StripeClient = ReturnType<typeof createStripeClient>;
type AchDetails = Extract<PayoutMethodDetails, { method: 'ach' }>;

/** Stripe payout statuses (pending, in_transit, paid, failed, canceled) as the port reports them. */
const STATUS_OF: Record<string, FiatPayoutStatus> = {
  paid: 'paid',
  failed: 'returned',
  canceled: 'failed',
};

/**
 * Fiat payouts on Stripe Connect: each destination bank account is a Custom connected account of the
 * platform (created once, kept in `stripe_connected_accounts`); a payout is a transfer of the net
 * amount to it followed by a payout from it to the bank, both with idempotency keys derived from the
 * payoutId, and its Stripe payout id is kept so `statusesOf` can ask Stripe; `onboardingUrl` sends the
 * producer to Stripe's hosted onboarding of that account. Stripe pays out to US bank accounts only here
 * (ACH): the other methods are refused without calling Stripe and reported 'failed', which returns the
 * money to the producer's balance.
 */
export class StripeConnectPayoutProvider implements FiatPayoutProvider {
  constructor(
    private readonly stripe: StripeClient,
    private readonly db: SqlDatabase,
    private readonly schema: string,
  ) {}

  static schemaSql = (s: string) => `
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.stripe_connected_accounts (
      destination_key text PRIMARY KEY,
      account_id text NOT NULL
    );
    CREATE TABLE IF NOT EXISTS ${s}.stripe_payouts (
      payout_id text PRIMARY KEY,
      account_id text,
      stripe_payout_id text,
      refused_method text
    );`;

  /**
   * Stripe's hosted onboarding (an account link) for the connected account that will receive this
   * bank account's payouts — the same account `submit` pays, created now if it is new — where Stripe
   * collects the identity details it needs before it pays out. Methods Stripe does not pay: none.
   */
  async onboardingUrl(details: PayoutMethodDetails, back: OnboardingReturn) {
    if (details.method !== 'ach') return null;
    const link = await this.stripe.accountLinks.create({
      account: await this.accountFor(details),
      type: 'account_onboarding',
      refresh_url: back.refreshUrl,
      return_url: back.returnUrl,
    });
    return link.url;
  }

  async submit(request: FiatPayoutRequest) {
    const known = await this.payoutRow(request.payoutId);
    if (known) return { providerRef: refOf(known), status: 'pending' as const };
    const { details, payoutId } = request;
    if (details.method !== 'ach') {
      await this.record(payoutId, { refused_method: details.method });
      return { providerRef: `refused:${details.method}`, status: 'failed' as const };
    }
    const accountId = await this.accountFor(details);
    await this.stripe.transfers.create(
      {
        amount: request.netCents,
        currency: 'usd',
        destination: accountId,
        transfer_group: payoutId,
        metadata: { payoutId },
      },
      { idempotencyKey: `payout-transfer-${payoutId}` },
    );
    const payout = await this.stripe.payouts.create(
      { amount: request.netCents, currency: 'usd', metadata: { payoutId } },
      { stripeAccount: accountId, idempotencyKey: `payout-${payoutId}` },
    );
    await this.record(payoutId, { account_id: accountId, stripe_payout_id: payout.id });
    return { providerRef: payout.id, status: STATUS_OF[payout.status] ?? 'pending' };
  }

  async statusesOf(payoutIds: readonly string[]) {
    const { rows } = await this.db.query<PayoutRow>(
      `SELECT * FROM ${this.schema}.stripe_payouts WHERE payout_id = ANY($1::text[])`,
      [payoutIds],
    );
    const statuses = await Promise.all(
      rows.map(async (row): Promise<[string, FiatPayoutStatus]> => {
        if (!row.stripe_payout_id || !row.account_id) return [row.payout_id, 'failed'];
        const payout = await this.stripe.payouts.retrieve(
          row.stripe_payout_id,
          {},
          { stripeAccount: row.account_id },
        );
        return [row.payout_id, STATUS_OF[payout.status] ?? 'pending'];
      }),
    );
    return new Map(statuses);
  }

  /** The connected account paying out to this bank account, created on its first payout. */
  private async accountFor(details: AchDetails): Promise<string> {
    const destinationKey = createHash('sha256')
      .update(`ach:${details.routingNumber}:${details.accountNumber}`)
      .digest('hex');
    const table = `${this.schema}.stripe_connected_accounts`;
    const known = await this.db.query<{ account_id: string }>(
      `SELECT account_id FROM ${table} WHERE destination_key = $1`,
      [destinationKey],
    );
    if (known.rows[0]) return known.rows[0].account_id;
    const idempotencyKey = `payout-account-${destinationKey}`;
    const bankAccount = await this.stripe.tokens.create(
      {
        bank_account: {
          country: 'US',
          currency: 'usd',
          account_holder_name: details.accountHolder,
          account_holder_type: 'individual',
          routing_number: details.routingNumber,
          account_number: details.accountNumber,
        },
      },
      { idempotencyKey: `${idempotencyKey}-bank` },
    );
    const account = await this.stripe.accounts.create(
      {
        type: 'custom',
        country: 'US',
        capabilities: { transfers: { requested: true } },
        external_account: bankAccount.id,
      },
      { idempotencyKey },
    );
    await this.db.query(
      `INSERT INTO ${table} (destination_key, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [destinationKey, account.id],
    );
    return account.id;
  }

  private async payoutRow(payoutId: string) {
    const { rows } = await this.db.query<PayoutRow>(
      `SELECT * FROM ${this.schema}.stripe_payouts WHERE payout_id = $1`,
      [payoutId],
    );
    return rows[0];
  }

  private async record(payoutId: string, row: Partial<Omit<PayoutRow, 'payout_id'>>) {
    await this.db.query(
      `INSERT INTO ${this.schema}.stripe_payouts (payout_id, account_id, stripe_payout_id, refused_method)
       VALUES ($1, $2, $3, $4) ON CONFLICT (payout_id) DO NOTHING`,
      [payoutId, row.account_id ?? null, row.stripe_payout_id ?? null, row.refused_method ?? null],
    );
  }
}

interface PayoutRow {
  payout_id: string;
  account_id: string | null;
  stripe_payout_id: string | null;
  refused_method: string | null;
}

const refOf = (row: PayoutRow) => row.stripe_payout_id ?? `refused:${row.refused_method}`;
