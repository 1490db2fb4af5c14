import { z } from 'zod';

/*
 * Payout facts (producer-side spec §3 payment methods, §9): the five fiat methods with their minimums
 * and fees, the payout days and the split. Services compute with them; pages show them.
 */

/** The fiat payout methods, in the spec's order. */
export const PAYOUT_METHODS = ['ach', 'wire', 'check', 'paypal', 'prepaidCard'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export interface PayoutMethodTerms {
  /** The spec's name of the method. */
  label: string;
  /** The smallest payout sent, in cents; a smaller balance carries over to the next month. */
  minimumCents: number;
  /** The method's fee as the spec words it. */
  feeText: string;
}

export const PAYOUT_METHOD_TERMS: Record<PayoutMethod, PayoutMethodTerms> = {
  ach: { label: 'Direct Deposit/ACH', minimumCents: 200, feeText: '$1.00' },
  wire: { label: 'Wire Transfer', minimumCents: 5000, feeText: '$15.00' },
  check: { label: 'Check', minimumCents: 1000, feeText: '$1.99' },
  paypal: { label: 'PayPal', minimumCents: 200, feeText: '2% of the amount plus $1.00, capped at $2.00' },
  prepaidCard: { label: 'Prepaid Debit Card', minimumCents: 0, feeText: 'none' },
};

const FLAT_FEE_CENTS: Record<Exclude<PayoutMethod, 'paypal'>, number> = {
  ach: 100,
  wire: 1500,
  check: 199,
  prepaidCard: 0,
};
const PAYPAL_FEE = { percent: 2, baseCents: 100, capCents: 200 } as const;

/** The method's fee on a payout of `grossCents` (PayPal's 2 % rounded half up to the cent). */
export function payoutFeeCents(method: PayoutMethod, grossCents: number): number {
  if (method !== 'paypal') return FLAT_FEE_CENTS[method];
  const percentCents = Math.floor((grossCents * PAYPAL_FEE.percent + 50) / 100);
  return Math.min(percentCents + PAYPAL_FEE.baseCents, PAYPAL_FEE.capCents);
}

/** Whether a balance is large enough to be sent by this method (a payout is never of nothing). */
export const meetsPayoutMinimum = (method: PayoutMethod, grossCents: number) =>
  grossCents > 0 && grossCents >= PAYOUT_METHOD_TERMS[method].minimumCents;

/** Day of the month each kind of payout is sent for the prior month (spec §9). */
export const PAYOUT_DAYS = { token: 1, fiat: 15 } as const;
export type PayoutKind = keyof typeof PAYOUT_DAYS;

/** What each method needs to send money (the onboarding form). */
const holder = z.string().trim().min(1, 'Please enter the account holder.').max(120);
export const payoutMethodDetailsSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('ach'),
    accountHolder: holder,
    routingNumber: z.string().regex(/^\d{9}$/, 'A routing number has 9 digits.'),
    accountNumber: z.string().regex(/^\d{4,17}$/, 'An account number has 4 to 17 digits.'),
  }),
  z.object({
    method: z.literal('wire'),
    accountHolder: holder,
    bankName: z.string().trim().min(1, 'Please enter the bank name.').max(120),
    swift: z
      .string()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'A SWIFT/BIC code has 8 or 11 characters.'),
    iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'Please enter a valid IBAN.'),
  }),
  z.object({
    method: z.literal('check'),
    payee: holder,
    mailingAddress: z.string().trim().min(10, 'Please enter the full mailing address.').max(300),
  }),
  z.object({ method: z.literal('paypal'), email: z.email('Please enter a valid e-mail.').max(254) }),
  z.object({
    method: z.literal('prepaidCard'),
    email: z.email('Please enter a valid e-mail.').max(254),
  }),
]);
export type PayoutMethodDetails = z.infer<typeof payoutMethodDetailsSchema>;
