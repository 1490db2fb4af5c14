import { z } from 'zod';
import { declareCall } from './call';
import { PAYOUT_METHODS, payoutMethodDetailsSchema } from '../payouts';
import { urlAnswerSchema } from '../commerceApi';

/** The split slider's range and default (producer-side spec §5 Payout, §9). */
export const PAYOUT_SPLIT = { min: 10, max: 100, default: 10 } as const;

/** The hint under the wallet field (spec §5: it must handle custom ERC20 tokens). */
export const WALLET_ADDRESS_MESSAGES = {
  required: 'Please enter your wallet address.',
  invalid: 'This is not a valid wallet address. It must be an address that can handle custom ERC20 tokens.',
} as const;

/** A producer's payout settings ($BEAT wallet and split), producer-side spec §7 `get_address`. */
export const payoutAddressAnswer = z.object({
  /** null: none saved yet (the spec's empty state: badge 'Not Active', an empty field). */
  address: z.string().nullable(),
  /** Percent of payouts in $BEAT. */
  split: z.number().int().min(PAYOUT_SPLIT.min).max(PAYOUT_SPLIT.max),
});

const splitSchema = z
  .number({ error: `The split must be between ${PAYOUT_SPLIT.min} and ${PAYOUT_SPLIT.max} percent.` })
  .int(`The split must be between ${PAYOUT_SPLIT.min} and ${PAYOUT_SPLIT.max} percent.`)
  .min(PAYOUT_SPLIT.min, `The split must be between ${PAYOUT_SPLIT.min} and ${PAYOUT_SPLIT.max} percent.`)
  .max(PAYOUT_SPLIT.max, `The split must be between ${PAYOUT_SPLIT.min} and ${PAYOUT_SPLIT.max} percent.`);

/** The address is checked here for its shape; the service checks its EIP-55 checksum. */
const walletAddress = z
  .string({ error: WALLET_ADDRESS_MESSAGES.required })
  .trim()
  .min(1, WALLET_ADDRESS_MESSAGES.required)
  .regex(/^0x[0-9a-fA-F]{40}$/, WALLET_ADDRESS_MESSAGES.invalid);

export const saveAddressRequest = z.object({ address: walletAddress, split: splitSchema });
export const deleteAddressRequest = z.object({ address: z.string().max(100).optional() });

/** The chosen fiat method, shown back without the full account numbers. */
export const payoutMethodAnswer = z.object({
  method: z.enum(PAYOUT_METHODS).nullable(),
  /** e.g. 'ACH ••••6789', 'PayPal me@example.com'; null when none is chosen. */
  summary: z.string().nullable(),
});

/** Dollars with 2 decimals, as the API shows money (a balance may be negative after a refund). */
const dollars = z.string().regex(/^-?\d+\.\d{2}$/);
const month = z.string().regex(/^\d{4}-\d{2}$/);

export const walletAnswer = z.object({
  /** Earnings of closed months not yet paid out (negative after a refund of paid earnings). */
  available: dollars,
  /** Earnings of the running month (paid after it closes). */
  pending: dollars,
  /** Paid out so far (after fees). */
  paid: dollars,
  /** The next $BEAT (1st) and fiat (15th) payout dates, ISO dates. */
  nextTokenPayout: z.iso.date(),
  nextFiatPayout: z.iso.date(),
  months: z.array(z.object({ month, earned: dollars })),
});

export const PAYOUT_STATUSES = ['computed', 'submitted', 'paid', 'returned'] as const;

export const payoutRow = z.object({
  payoutId: z.string(),
  month,
  kind: z.enum(['token', 'fiat']),
  method: z.enum(PAYOUT_METHODS).nullable(),
  gross: dollars,
  fee: dollars,
  net: dollars,
  status: z.enum(PAYOUT_STATUSES),
  /** $BEAT: the transfer's transaction hash and block. */
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  /** $BEAT: the transfer on the configured block explorer; null without one (the page shows the hash). */
  explorerUrl: z.url().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});

/** The Payouts group's two framed pages (artist-side spec §7 `iframe_url`: type onboard or history). */
export const PAYOUT_FRAMES = ['onboard', 'history'] as const;
export const payoutFrameRequest = z.object({
  type: z.enum(PAYOUT_FRAMES, { error: 'The type must be onboard or history.' }),
});

export const runRequest = z.object({ month: month.optional() });
export const runAnswer = z.object({ month, payouts: z.number().int(), gross: dollars, fee: dollars });

/** 'Correct remaining tokens' without a chain: the distributed profile's $BEAT payouts wait for one. */
export const TOKEN_PAYOUTS_NOT_CONFIGURED =
  'Token payouts are not configured: set BEAT_CHAIN_RPC_URL and BEAT_TREASURY_KEY for the payouts service.';

const count = z.number().int().min(0);
/** 'Correct remaining tokens': the pending $BEAT transfers reconciled now, and the treasury against its journal. */
export const tokenCorrectionAnswer = z.object({
  /** Transfers that were pending: now confirmed, returned to their producer (reverted), or still waiting. */
  checked: count,
  confirmed: count,
  returned: count,
  waiting: count,
  /** $BEAT the treasury holds on chain, e.g. "9,940.00". */
  held: z.string(),
  /** The balance against the journal (minted − confirmed transfers); unknown: $BEAT deployed elsewhere. */
  journal: z.enum(['same', 'more', 'less', 'unknown']),
  /** $BEAT held more or less than the journal says ("0.00" when the same or unknown). */
  difference: z.string(),
});

/** payouts' calls (producer-side spec §7; the admin calls of the maintenance page). */
export const payoutsCalls = {
  get_address: declareCall({
    service: 'payouts',
    path: '/address',
    method: 'post',
    summary: "The caller's payout settings: wallet address (null until saved) and $BEAT split",
    access: 'user',
    answer: payoutAddressAnswer,
  }),
  save_address: declareCall({
    service: 'payouts',
    path: '/address/save',
    method: 'post',
    summary: 'Save the wallet address (EIP-55 checksummed) and the $BEAT split',
    access: 'user',
    request: saveAddressRequest,
    answer: z.object({ saved: z.literal(true), address: z.string(), split: z.number().int() }),
  }),
  delete_address: declareCall({
    service: 'payouts',
    path: '/address/delete',
    method: 'post',
    summary: 'Remove the wallet address (payouts go to the fiat method)',
    access: 'user',
    request: deleteAddressRequest,
    answer: z.object({ removed: z.boolean() }),
  }),
  get_payout_method: declareCall({
    service: 'payouts',
    path: '/method',
    method: 'post',
    summary: "The caller's fiat payout method (onboarding)",
    access: 'user',
    answer: payoutMethodAnswer,
  }),
  save_payout_method: declareCall({
    service: 'payouts',
    path: '/method/save',
    method: 'post',
    summary: 'Choose a fiat payout method and give what it needs',
    access: 'user',
    request: payoutMethodDetailsSchema,
    answer: payoutMethodAnswer,
  }),
  iframe_url: declareCall({
    service: 'payouts',
    path: '/frame-url',
    method: 'post',
    summary: 'The address of a Payouts page: onboard (fiat method onboarding) or history',
    access: 'user',
    request: payoutFrameRequest,
    answer: urlAnswerSchema,
  }),
  get_wallet: declareCall({
    service: 'payouts',
    path: '/wallet',
    method: 'post',
    summary: "The caller's balances (available, pending, paid) and next payout dates",
    access: 'user',
    answer: walletAnswer,
  }),
  payouts_history: declareCall({
    service: 'payouts',
    path: '/history',
    method: 'post',
    summary: "The caller's payouts, newest first ($BEAT and fiat)",
    access: 'user',
    answer: z.object({ payouts: z.array(payoutRow) }),
  }),
  populate_payouts: declareCall({
    service: 'payouts',
    path: '/admin/populate',
    method: 'post',
    summary: "Admin: close a month (default: the prior one) and compute each producer's payouts",
    access: 'admin',
    request: runRequest,
    answer: runAnswer,
  }),
  pay_payouts: declareCall({
    service: 'payouts',
    path: '/admin/pay',
    method: 'post',
    summary: "Admin: send a closed month's computed payouts",
    access: 'admin',
    request: runRequest,
    answer: runAnswer,
  }),
  correct_remaining_tokens: declareCall({
    service: 'payouts',
    path: '/admin/correct-tokens',
    method: 'post',
    summary:
      "Admin: reconcile the pending $BEAT transfers with the chain now and compare the treasury's balance with its journal",
    access: 'admin',
    answer: tokenCorrectionAnswer,
  }),
  payout_exclude_intercash: declareCall({
    service: 'payouts',
    path: '/admin/exclude-intercash',
    method: 'post',
    summary: 'Admin: leave prepaid-card payouts out of the runs (or back in)',
    access: 'admin',
    request: z.object({ exclude: z.boolean() }),
    answer: z.object({ exclude: z.boolean() }),
  }),
} as const;
