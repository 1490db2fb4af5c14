import { z } from 'zod';
import { memberTypeSchema } from './commerceApi';

/** What createPaypalSubscription answers in words (artist-side spec §7: "returns created"). */
export const PAYPAL_MESSAGES = {
  created: 'created',
  notAvailable: 'PayPal is not available for this plan.',
  notApproved: 'PayPal has not activated this subscription yet.',
  notFound: 'That PayPal subscription was not found.',
  providerDown: 'PayPal could not be reached. Please try again.',
} as const;

/**
 * createPaypalSubscription (spec §7: subId, type). Two steps: with `plan` (and no subId) commerce
 * creates the PayPal subscription and answers where to approve it ({ url, subId }); with `subId` (back
 * from PayPal's approval) it checks the subscription with PayPal and starts the plan ({ message: 'created' }).
 */
export const paypalSubscriptionRequestSchema = z.object({
  type: memberTypeSchema,
  subId: z.string().trim().min(1).max(64).optional(),
  plan: z.string().max(50).optional(),
});
export type PaypalSubscriptionRequest = z.infer<typeof paypalSubscriptionRequestSchema>;
export const paypalSubscriptionAnswerSchema = z.union([
  z.object({ url: z.string(), subId: z.string() }),
  z.object({ message: z.literal(PAYPAL_MESSAGES.created), plan: z.string() }),
]);
export type PaypalSubscriptionAnswer = z.infer<typeof paypalSubscriptionAnswerSchema>;

/** paypal_webhook's answer (PayPal only needs a 2xx): what the event did; `duplicate`: applied before. */
export const PAYPAL_WEBHOOK_OUTCOMES = [
  'started',
  'renewed',
  'failed',
  'cancelled',
  /** A plan's payment (a sale) refunded or reversed. */
  'refunded',
  'ignored',
  'duplicate',
] as const;
export type PaypalWebhookOutcome = (typeof PAYPAL_WEBHOOK_OUTCOMES)[number];
export const paypalWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(PAYPAL_WEBHOOK_OUTCOMES),
});
