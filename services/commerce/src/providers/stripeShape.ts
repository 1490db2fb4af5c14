import { z } from 'zod';

/**
 * The fields of a verified Stripe event that commerce reads, checked before anything reads them: a
 * correctly signed event of another shape is the sender's mistake, answered 400 with the reason logged
 * (a 5xx would only make Stripe deliver it again, for days). Fields not read are not checked.
 */
const id = z.string().min(1).max(255);
const reference = z.union([id, z.object({ id })]).nullish();
const cents = z.number().int().min(0).max(100_000_000);
const seconds = z.number().int().min(0);

const envelope = z.object({ id, type: z.string().min(1).max(100), created: seconds });

const session = z.object({
  id,
  payment_status: z.string().max(50),
  amount_total: cents.nullish(),
  payment_intent: reference,
  subscription: reference,
  invoice: reference,
});

const invoice = z.object({
  id: id.optional(),
  charge: reference,
  payment_intent: reference,
  payments: z
    .object({
      data: z.array(
        z.object({ payment: z.object({ charge: reference, payment_intent: reference }).nullish() }),
      ),
    })
    .nullish(),
  subscription: reference,
  parent: z.object({ subscription_details: z.object({ subscription: reference }).nullish() }).nullish(),
  amount_paid: cents.optional(),
  period_end: seconds.optional(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: seconds }).optional() })) }).optional(),
});

const charge = z.object({
  id: id.optional(),
  payment_intent: reference,
  invoice: reference,
  amount_refunded: cents.optional(),
  refunds: z
    .object({ data: z.array(z.object({ metadata: z.record(z.string(), z.string()).nullish() })) })
    .nullish(),
});

const dispute = z.object({ charge: reference, payment_intent: reference, amount: cents });

/** A signed event commerce can not read: its reason goes to the log, the sender gets a 400. */
export class MalformedEvent extends Error {
  constructor(readonly reason: string) {
    super(`malformed provider event: ${reason}`);
    this.name = 'MalformedEvent';
  }
}

/** The object schema of the event types commerce acts on (others are acknowledged unread). */
function objectSchema(type: string) {
  if (type.startsWith('checkout.session.')) return session;
  if (type.startsWith('invoice.')) return invoice;
  if (type === 'charge.dispute.funds_withdrawn') return dispute;
  return type === 'charge.refunded' ? charge : null;
}

/** Throws MalformedEvent unless the event has the shape commerce reads. */
export function assertStripeShape(event: unknown): void {
  const top = envelope.safeParse(event);
  if (!top.success) throw new MalformedEvent(z.prettifyError(top.error));
  const schema = objectSchema(top.data.type);
  if (!schema) return;
  const object = (event as { data?: { object?: unknown } }).data?.object;
  const checked = schema.safeParse(object);
  if (!checked.success) throw new MalformedEvent(`data.object: ${z.prettifyError(checked.error)}`);
}
