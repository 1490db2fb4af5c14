import { z } from 'zod';
import { PAYPAL_WEBHOOK_HEADERS } from '@beatmatch/platform';
import { WEBHOOK_TOLERANCE_SECONDS } from './stripe';
import { MalformedEvent } from './stripeShape';

/**
 * The fields of a verified PayPal event that commerce reads (./paypal.ts), checked before anything
 * reads them: PayPal's signature says who sent it, not that it can be read. A verified event of
 * another shape is answered 400 with the reason logged — a 5xx would only make PayPal deliver it
 * again, for days. Fields not read are not checked.
 */
const id = z.string().min(1).max(255);
const time = z.iso.datetime({ offset: true });
/** PayPal's amounts are decimal strings ('8.00'). */
const amount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'a decimal amount, e.g. 8.00');
/** A reversal's amount may be negative ('-8.00'). */
const signedAmount = z.string().regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'a decimal amount, e.g. 8.00');
const takenBack = z.object({
  id: id.nullish(),
  sale_id: id.nullish(),
  amount: z.object({ total: signedAmount }),
});

const envelope = z.object({
  id,
  event_type: z.string().min(1).max(100),
  create_time: time.optional(),
  resource: z.record(z.string(), z.unknown()).nullish(),
});

const subscription = z.object({ id });

const resources: Record<string, z.ZodType> = {
  'BILLING.SUBSCRIPTION.ACTIVATED': subscription.extend({ plan_id: id.nullish() }),
  'PAYMENT.SALE.COMPLETED': z.object({
    id: id.nullish(),
    billing_agreement_id: id.nullish(),
    amount: z.object({ total: amount.optional() }).nullish(),
    create_time: time.nullish(),
  }),
  'PAYMENT.SALE.REFUNDED': takenBack,
  'PAYMENT.SALE.REVERSED': takenBack,
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': subscription,
  'BILLING.SUBSCRIPTION.CANCELLED': subscription,
  'BILLING.SUBSCRIPTION.EXPIRED': subscription,
};

/** Throws MalformedEvent unless the verified event has the shape commerce reads. */
export function assertPaypalShape(event: unknown): void {
  const top = envelope.safeParse(event);
  if (!top.success) throw new MalformedEvent(z.prettifyError(top.error));
  const schema = resources[top.data.event_type];
  if (!schema) return;
  const checked = schema.safeParse(top.data.resource);
  if (!checked.success) throw new MalformedEvent(`resource: ${z.prettifyError(checked.error)}`);
}

/**
 * Why a delivery's transmission time is refused (none: null). PayPal's verify call checks the
 * signature over it, not how old or new it is; a time no clock has reached yet (beyond the same
 * tolerance as Stripe's) is refused like a bad signature. Older deliveries are PayPal's retries:
 * each event still applies once (its id is kept).
 */
export function transmissionTimeRefusal(headers: Record<string, string | undefined>, now: Date) {
  const sent = Date.parse(headers[PAYPAL_WEBHOOK_HEADERS.transmissionTime] ?? '');
  if (Number.isNaN(sent)) return 'transmission time missing or not a time';
  if (sent > now.getTime() + WEBHOOK_TOLERANCE_SECONDS * 1000)
    return 'transmission time in the future beyond the tolerance';
  return null;
}
