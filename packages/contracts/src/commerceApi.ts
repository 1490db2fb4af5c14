import { z } from 'zod';
import { PACKAGE_TITLES, type PackageName } from './catalog';

/*
 * Commerce's API as the artist pages call it (artist-side spec §2 Cart / Purchases, §4 Cart, §5 service
 * fee, §7 calls): request bodies, the messages and the answer shapes. Money travels in dollars with 2
 * decimals and is stored and published in integer cents. services/commerce/README.md lists the routes.
 */

export const COMMERCE_MESSAGES = {
  beatRequired: 'Please choose a beat.',
  packageRequired: 'Please choose a package: First Date Package, Relationship Package or Marriage Package.',
  updateRequired: 'Please choose an update: add, upgrade, remove or reset.',
  beatNotFound: 'Beat not found.',
  packageUnavailable: 'This package is not offered for this beat.',
  alreadyInCart: 'This beat is already in your cart with another package.',
  notInCart: 'This beat is not in your cart.',
  uuidRequired: 'A device id (uuid) is required.',
  cartEmpty: 'Your Cart Empty',
  nothingToPay: 'Nothing in your cart can be bought.',
  ownBeat: 'You can not buy your own beat.',
  cardDeclined: 'Your card was declined.',
  testCardOnly: 'Use a test card number, e.g. 4242 4242 4242 4242.',
  sessionNotFound: 'Checkout session not found.',
  purchaseNotFound: 'Purchase not found.',
  downloadNotIncluded: 'This download is not part of the package you bought.',
  downloadRequired: 'Please choose a download: mp3, wav, stems or license.',
  typeRequired: "Please choose a type: 'artist' or 'producer'.",
  testProviderOnly: 'This call exists only with the test payment provider.',
  planRequired: 'Please choose a plan of this type.',
  alreadyLifetime: 'You are already a lifetime member.',
  purchaseRefunded: 'This purchase was refunded.',
  /** A visitor's checkout without an e-mail (log in, or check out as a guest with one). */
  loginOrEmail: 'Please log in, or enter your email to check out as a guest.',
} as const;

/** The spec's package titles ↔ the events' package names. */
export function packageFromTitle(title: unknown): PackageName | null {
  for (const [name, label] of Object.entries(PACKAGE_TITLES)) {
    if (title === label || title === name) return name as PackageName;
  }
  return null;
}

/**
 * The service fee (spec §5, §9): 0 when subscribed (paid artist plan or lifetime) or the total is 0;
 * otherwise 2 % of the total rounded half-up to the cent, capped at $2.00. Integer cents in and out.
 */
export const SERVICE_FEE_CAP_CENTS = 200;
export function serviceFeeCents(totalCents: number, subscribed: boolean): number {
  if (subscribed || totalCents <= 0) return 0;
  return Math.min(SERVICE_FEE_CAP_CENTS, Math.floor((totalCents * 2 + 50) / 100));
}

export const CART_UPDATES = ['add', 'upgrade', 'remove', 'reset'] as const;
const id = z.string().trim().min(1, COMMERCE_MESSAGES.beatRequired).max(100);
const uuid = z.string().trim().max(100).nullish();

export const getCartItemsRequestSchema = z.object({ uuid });
export const updateCartRequestSchema = z.object({
  beatId: z.union([id, z.array(z.string().max(100)).max(500)]).optional(),
  beatPackage: z.string().max(100).nullish(),
  update: z.enum(CART_UPDATES, { error: COMMERCE_MESSAGES.updateRequired }),
  uuid,
});
/**
 * Guest checkout's e-mail (visitors only; a signed-in buyer's is their account's): the spec's wording
 * for e-mail fields ('Please enter a valid email.'), stored lower-case.
 */
export const guestEmailSchema = z
  .string({ error: (issue) => (issue.input == null ? 'Email is required.' : 'Email must be text.') })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Please enter a valid email.' }))
  .transform((value) => value.toLowerCase());
export const checkoutRequestSchema = z.object({ uuid, email: guestEmailSchema.nullish() });
export const testPayRequestSchema = z.object({
  sessionId: z.string().trim().min(1, COMMERCE_MESSAGES.sessionNotFound).max(200),
  cardNumber: z.string().max(40),
});
export const DOWNLOADABLES = ['mp3', 'wav', 'stems', 'license'] as const;
export type Downloadable = (typeof DOWNLOADABLES)[number];
export const getDownloadableRequestSchema = z.object({
  downloadable: z.enum(DOWNLOADABLES, { error: COMMERCE_MESSAGES.downloadRequired }),
  beatId: id,
  urlId: z.string().trim().min(1, COMMERCE_MESSAGES.purchaseNotFound).max(100),
});
export const memberTypeSchema = z.enum(['artist', 'producer'], { error: COMMERCE_MESSAGES.typeRequired });
export const memberStatusRequestSchema = z.object({ type: memberTypeSchema });
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false')])
  .optional();
export const subscriptionCheckoutRequestSchema = z.object({
  type: memberTypeSchema,
  plan: z.string({ error: COMMERCE_MESSAGES.planRequired }).max(50),
  weekTrial: flag,
  ambassadorTrial: flag,
});
/** create_lifetime_checkout: `type` is the plan page it is bought from (where the buyer comes back to). */
export const lifetimeCheckoutRequestSchema = z.object({ type: memberTypeSchema });
export const licenceVerifyRequestSchema = z.object({
  purchaseId: z.string().trim().min(1, COMMERCE_MESSAGES.purchaseNotFound).max(100),
});

/** Dollars with 2 decimals (money travels so; it is stored and published in integer cents). */
const dollars = z.string().regex(/^\d+\.\d{2}$/);

export const cartItemViewSchema = z.object({
  beatId: z.string(),
  beatName: z.string(),
  beatPackage: z.string(),
  /** From commerce's projection of the catalog (never from the client). */
  beatPrice: dollars,
  producerName: z.string(),
  coverArtUrl: z.string().nullable(),
  /** false: deleted, made private or the package withdrawn — shown, not bought. */
  available: z.boolean(),
  notice: z.string().nullable(),
});
export type CartItemView = z.infer<typeof cartItemViewSchema>;

/** get_cart_items' answer. */
export const cartAnswerSchema = z.object({
  cart: z.array(cartItemViewSchema),
  total: dollars,
  serviceFee: dollars,
  checkoutTotal: dollars,
});
export type CartAnswer = z.infer<typeof cartAnswerSchema>;

/** update_to_cart's answer: what happened, and the cart as get_cart_items answers it. */
export const CART_UPDATE_OUTCOMES = ['added', 'upgraded', 'in cart', 'removed', 'reset'] as const;
export const cartUpdateAnswerSchema = cartAnswerSchema.extend({ message: z.enum(CART_UPDATE_OUTCOMES) });

/** beatmatch_checkout's answer: where to pay, the order and its amount (fee included). */
export const checkoutAnswerSchema = z.object({
  url: z.string(),
  orderId: z.string(),
  sessionId: z.string(),
  amount: dollars,
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/**
 * The local test provider's billing portal (embedded profile; Stripe has its Billing Portal): its
 * "page" is the plan page with this query, which the page shows as the portal (plan, next charge,
 * cancel, change card). `nextCharge` is the day of the next charge (YYYY-MM-DD) when the provider knows.
 */
export const TEST_PORTAL_QUERY = { session: 'portal_session', nextCharge: 'next_charge' } as const;

/** beatmatch_test_checkout_pay's answer: the page the card form goes on to. */
export const testPayAnswerSchema = z.object({ redirect_status: z.literal('succeeded'), url: z.string() });

/** What a provider's webhook answers (the provider only needs a 2xx); `outcome` names what it did. */
export const STRIPE_WEBHOOK_OUTCOMES = ['paid', 'failed', 'ignored'] as const;
export type StripeWebhookOutcome = (typeof STRIPE_WEBHOOK_OUTCOMES)[number];
export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(STRIPE_WEBHOOK_OUTCOMES),
});

export const purchaseViewSchema = z.object({
  purchaseId: z.string(),
  beatId: z.string(),
  beatName: z.string(),
  beatPackage: z.string(),
  pricePaid: dollars,
  producerName: z.string(),
  userId: z.string(),
  coverArtUrl: z.string().nullable(),
  signedDate: z.iso.datetime(),
  downloads: z.array(z.object({ downloadable: z.enum(DOWNLOADABLES), label: z.string() })),
  /** true when a refund reversed it (downloads is then empty); absent otherwise. */
  refunded: z.literal(true).optional(),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

/** retrieve_puchases' answer: the caller's purchases, newest first. */
export const purchasesAnswerSchema = z.object({ purchases: z.array(purchaseViewSchema) });

/** A short-lived signed URL: get_downloadable's answer; create_portal_session's (where to manage a plan). */
export const urlAnswerSchema = z.object({ url: z.string() });

/** The public page of the shell that tells whether a licence is genuine: `${LICENCE_VERIFY_PAGE}/<purchaseId>`. */
export const LICENCE_VERIFY_PAGE = '/license/verify';

/**
 * beatmatch_license_verify: a genuine licence's facts, or only `genuine: false` for an unknown id.
 * The licensee is the buyer's display name (null when the purchase kept none), never an e-mail.
 */
export const licenceVerifyAnswerSchema = z.discriminatedUnion('genuine', [
  z.object({ genuine: z.literal(false) }),
  z.object({
    genuine: z.literal(true),
    purchaseId: z.string(),
    beatName: z.string(),
    producerName: z.string(),
    beatPackage: z.string(),
    signedDate: z.iso.datetime(),
    licensee: z.string().nullable(),
  }),
]);
export type LicenceVerifyAnswer = z.infer<typeof licenceVerifyAnswerSchema>;

/** create_subscription_checkout's answer: where to pay for the plan, and the session. */
export const subscriptionCheckoutAnswerSchema = z.object({ url: z.string(), sessionId: z.string() });

/** create_lifetime_checkout's answer: where to pay, as create_subscription_checkout answers, and the price. */
export const lifetimeCheckoutAnswerSchema = subscriptionCheckoutAnswerSchema.extend({ amount: dollars });
export type LifetimeCheckoutAnswer = z.infer<typeof lifetimeCheckoutAnswerSchema>;

export const memberStatusAnswerSchema = z.object({
  subscribed: z.boolean(),
  lifer: z.boolean(),
  paypal: z.boolean(),
  plan: z.string().nullable(),
  /**
   * The plans of this type PayPal can bill (a PayPal plan id is configured; the embedded test provider:
   * all): the plan pages offer 'Pay with PayPal' on these. Not the member's state: the same for everyone.
   */
  paypalPlans: z.array(z.string()).optional(),
});
export type MemberStatusAnswer = z.infer<typeof memberStatusAnswerSchema>;

/** What each package lets the buyer download (spec §1: MP3; + WAV; + stems), always with the licence. */
export function downloadsOf(pkg: PackageName, hasStems: boolean): Downloadable[] {
  const files: Downloadable[] = ['mp3'];
  if (pkg !== 'firstDate') files.push('wav');
  if (pkg === 'marriage' && hasStems) files.push('stems');
  files.push('license');
  return files;
}
