import { z } from 'zod';
import { declareCall } from './call';

/** The split slider's range and default (producer-side spec §5 Payout, §9). */
export const PAYOUT_SPLIT = { min: 10, max: 100, default: 10 } as const;

/** A producer's payout settings ($BEAT wallet and split), producer-side spec §7 `get_address`. */
export const payoutAddressAnswer = z.object({
  /** null: none saved yet (the spec's empty state: badge 'Not Active', an empty field). */
  address: z.string().nullable(),
  /** Percent of payouts in $BEAT. */
  split: z.number().int().min(PAYOUT_SPLIT.min).max(PAYOUT_SPLIT.max),
});

/** payouts' calls (producer-side spec §7). */
export const payoutsCalls = {
  get_address: declareCall({
    service: 'payouts',
    path: '/address',
    method: 'post',
    summary: "The caller's payout settings: wallet address (null until saved) and $BEAT split",
    access: 'user',
    answer: payoutAddressAnswer,
  }),
} as const;
