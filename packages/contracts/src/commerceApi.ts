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

export interface CartItemView {
  beatId: string;
  beatName: string;
  beatPackage: string;
  /** Dollars, 2 decimals, from commerce's projection of the catalog (never from the client). */
  beatPrice: string;
  producerName: string;
  coverArtUrl: string | null;
  /** false: deleted, made private or the package withdrawn — shown, not bought. */
  available: boolean;
  notice: string | null;
}

export interface CartAnswer {
  cart: CartItemView[];
  total: string;
  serviceFee: string;
  checkoutTotal: string;
}

export interface CheckoutAnswer {
  url: string;
  orderId: string;
  sessionId: string;
  amount: string;
}

export interface PurchaseView {
  purchaseId: string;
  beatId: string;
  beatName: string;
  beatPackage: string;
  pricePaid: string;
  producerName: string;
  userId: string;
  coverArtUrl: string | null;
  signedDate: string;
  downloads: { downloadable: Downloadable; label: string }[];
  /** true when a refund reversed it (downloads is then empty); absent otherwise. */
  refunded?: true;
}

/** The public page of the shell that tells whether a licence is genuine: `${LICENCE_VERIFY_PAGE}/<purchaseId>`. */
export const LICENCE_VERIFY_PAGE = '/license/verify';

/**
 * beatmatch_license_verify: a genuine licence's facts, or only `genuine: false` for an unknown id.
 * The licensee is the buyer's display name (null when the purchase kept none), never an e-mail.
 */
export type LicenceVerifyAnswer =
  | { genuine: false }
  | {
      genuine: true;
      purchaseId: string;
      beatName: string;
      producerName: string;
      beatPackage: string;
      signedDate: string;
      licensee: string | null;
    };

/** create_lifetime_checkout's answer: where to pay, as create_subscription_checkout answers, and the price. */
export interface LifetimeCheckoutAnswer {
  url: string;
  sessionId: string;
  /** Dollars, 2 decimals. */
  amount: string;
}

export interface MemberStatusAnswer {
  subscribed: boolean;
  lifer: boolean;
  paypal: boolean;
  plan: string | null;
  /**
   * The plans of this type PayPal can bill (a PayPal plan id is configured; the embedded test provider:
   * all): the plan pages offer 'Pay with PayPal' on these. Not the member's state: the same for everyone.
   */
  paypalPlans?: string[];
}

/** What each package lets the buyer download (spec §1: MP3; + WAV; + stems), always with the licence. */
export function downloadsOf(pkg: PackageName, hasStems: boolean): Downloadable[] {
  const files: Downloadable[] = ['mp3'];
  if (pkg !== 'firstDate') files.push('wav');
  if (pkg === 'marriage' && hasStems) files.push('stems');
  files.push('license');
  return files;
}
