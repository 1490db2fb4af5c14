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
export type PaypalSubscriptionAnswer = { url: string; subId: string } | { message: 'created'; plan: string };
