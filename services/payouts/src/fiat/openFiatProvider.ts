import { z } from 'zod';
import { createStripeClient, type SqlDatabase } from '@beatmatch/platform';
import type { FiatPayoutProvider } from './port';
import { StripeConnectPayoutProvider } from './stripeConnectProvider';

export const fiatProviderConfig = {
  /** Who sends fiat payouts: 'local' (the embedded provider, the default) or 'stripe' (Stripe Connect). */
  PAYOUT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  /** Stripe's secret key (sk_test_... against stripe-mock); required with PAYOUT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** STRIPE_API_BASE, e.g. stripe-mock's address; Stripe's own API when unset. */
  STRIPE_API_BASE: z.url().optional(),
};
export type FiatProviderConfig = z.infer<z.ZodObject<typeof fiatProviderConfig>>;

export type FiatProviderFactory = (db: SqlDatabase, schema: string) => FiatPayoutProvider;

/** The fiat provider the configuration asks for; undefined for the local one (the service's default). */
export function fiatProviderOf(config: FiatProviderConfig): FiatProviderFactory | undefined {
  if (config.PAYOUT_PROVIDER === 'local') return undefined;
  if (!config.STRIPE_SECRET_KEY) throw new Error('PAYOUT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const stripe = createStripeClient({
    secretKey: config.STRIPE_SECRET_KEY,
    ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
  });
  return (db, schema) => new StripeConnectPayoutProvider(stripe, db, schema);
}
