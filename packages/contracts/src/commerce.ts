import { z } from 'zod';
import { contract, instant, type PayloadOf } from './contract';
import { ARTIST_PLANS, PRODUCER_PLANS } from './plans';

/*
 * Commerce's integration events (artist-side spec §2, §4, §6, §9). Catalog (upload caps, inactive
 * crate), matchmaker (play limit, 20 matches, history, paid searches) and identity (trial offer) act on
 * EntitlementsChanged; payouts and the dashboards on BeatPurchased. Until commerce publishes anything,
 * every user is on the free plans (FREE_ENTITLEMENTS).
 */

/** The bus topic commerce publishes on. */
export const COMMERCE_TOPIC = 'commerce';

export const entitlementsSchema = z.object({
  /** null: no paid artist plan (25 plays a day, 20 matches viewable, no history or paid searches). */
  artistPlan: z.enum(ARTIST_PLANS).nullable(),
  /** null: no producer plan (3 uploads, beats in the inactive crate). */
  producerPlan: z.enum(PRODUCER_PLANS).nullable(),
  /** Lifetime member ('The Deal of A Lifetime'): every benefit, no service fee. */
  lifer: z.boolean(),
  /** End of a running trial, if any. */
  trialEndsAt: instant.nullable(),
});
export type Entitlements = z.infer<typeof entitlementsSchema>;

export const FREE_ENTITLEMENTS: Entitlements = {
  artistPlan: null,
  producerPlan: null,
  lifer: false,
  trialEndsAt: null,
};

/** Upload caps by producer plan (spec: free 3; plans 100, 500, unlimited). */
export function uploadCap(entitlements: Entitlements): number {
  if (entitlements.lifer) return Number.POSITIVE_INFINITY;
  switch (entitlements.producerPlan) {
    case 'producer':
      return 100;
    case 'producer_professional':
      return 500;
    case 'producer_unlimited':
      return Number.POSITIVE_INFINITY;
    default:
      return 3;
  }
}

/** A producer with a plan (or lifetime membership) has active beats; without one they go to the inactive crate. */
export const hasProducerPlan = (e: Entitlements) => e.lifer || e.producerPlan !== null;
/** Any paid artist plan (or lifetime membership): unlimited plays and matches, play history. */
export const hasArtistPlan = (e: Entitlements) => e.lifer || e.artistPlan !== null;

export const entitlementsChangedV1 = contract(
  'commerce.EntitlementsChanged',
  1,
  entitlementsSchema.extend({ userId: z.string().min(1), changedAt: instant }),
);

export const beatPurchasedV1 = contract(
  'commerce.BeatPurchased',
  1,
  z.object({
    purchaseId: z.string().min(1),
    orderId: z.string().min(1),
    beatId: z.string().min(1),
    producerId: z.string().min(1),
    /** null until a guest buyer sets a password (the purchase is claimed by e-mail). */
    buyerId: z.string().nullable(),
    buyerEmail: z.string(),
    package: z.enum(['firstDate', 'relationship', 'marriage']),
    /** What the buyer paid for the beat, integer cents (the producer's share: 100 %). */
    amountCents: z.number().int().nonnegative(),
    /** The service fee charged on top, integer cents. */
    feeCents: z.number().int().nonnegative(),
    currency: z.literal('usd'),
    purchasedAt: instant,
  }),
);

/**
 * A purchase reversed by a refund (provider webhook): the producer is no longer owed its amount, the
 * fee share goes back to the buyer too; downloads of it are refused and its licence is void.
 */
export const purchaseRefundedV1 = contract(
  'commerce.PurchaseRefunded',
  1,
  z.object({
    purchaseId: z.string().min(1),
    orderId: z.string().min(1),
    beatId: z.string().min(1),
    producerId: z.string().min(1),
    buyerId: z.string().nullable(),
    /** The beat's price given back, integer cents (what BeatPurchased owed the producer). */
    amountCents: z.number().int().nonnegative(),
    /** The service fee share given back, integer cents. */
    feeCents: z.number().int().nonnegative(),
    currency: z.literal('usd'),
    refundedAt: instant,
  }),
);

/**
 * A guest's order was paid (verified webhook): its purchases belong to the e-mail given at checkout
 * until an account with that e-mail claims them (identity.GuestPurchasesClaimed). Identity mails the
 * buyer an account set-up link, or a note when the e-mail already has an account. Once per order.
 */
export const guestPurchaseCompletedV1 = contract(
  'commerce.GuestPurchaseCompleted',
  1,
  z.object({
    orderId: z.string().min(1),
    /** Lower-case, as validated at checkout. */
    email: z.string().min(3).max(254),
    purchaseIds: z.array(z.string().min(1)).min(1),
    beatNames: z.array(z.string()),
    /** What was charged, fee included, integer cents. */
    amountCents: z.number().int().nonnegative(),
    currency: z.literal('usd'),
    completedAt: instant,
  }),
);

export type GuestPurchaseCompletedPayload = PayloadOf<typeof guestPurchaseCompletedV1>;
export type EntitlementsChangedPayload = PayloadOf<typeof entitlementsChangedV1>;
export type PurchaseRefundedPayload = PayloadOf<typeof purchaseRefundedV1>;
export type BeatPurchasedPayload = PayloadOf<typeof beatPurchasedV1>;

export const commerceEventContracts = [
  entitlementsChangedV1,
  beatPurchasedV1,
  purchaseRefundedV1,
  guestPurchaseCompletedV1,
] as const;
