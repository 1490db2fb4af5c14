import { decimalToCents, type SubscriptionWebhookEvent } from '@beatmatch/platform';
import type { ProviderEvent } from './providerEvent';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A sale given back: refunded (the resource is the refund, naming its `sale_id`) or reversed (a
 * chargeback: the resource names the sale by `sale_id`, or is the sale). PayPal's amounts of a
 * reversal may be negative; what went back is their size.
 */
function saleTakenBack(event: SubscriptionWebhookEvent): ProviderEvent {
  const resource = event.resource ?? {};
  const total = (resource.amount as { total?: string } | undefined)?.total ?? '0';
  const common = {
    eventId: event.id,
    paymentRefs: [text(resource.sale_id), text(resource.id)].filter((ref): ref is string => !!ref),
    amountCents: decimalToCents(total.replace(/^-/, '')),
    occurredAt: event.create_time ? new Date(event.create_time) : null,
  };
  return event.event_type === 'PAYMENT.SALE.REFUNDED'
    ? { kind: 'planPaymentRefunded', ...common }
    : { kind: 'chargedBack', provider: 'paypal', ...common };
}

/**
 * A verified PayPal webhook event in commerce's own terms: a subscription activated, a billing
 * cycle paid (`PAYMENT.SALE.COMPLETED`, the first one too: the sale is the payment), a sale refunded
 * or reversed, a payment failed, or the subscription cancelled or expired at PayPal.
 */
export function fromPaypal(event: SubscriptionWebhookEvent): ProviderEvent {
  const resource = event.resource ?? {};
  switch (event.event_type) {
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
      return {
        kind: 'subscriptionActivated',
        reference: text(resource.id),
        providerPlanId: text(resource.plan_id),
      };
    case 'PAYMENT.SALE.COMPLETED': {
      const amount = resource.amount as { total?: string } | undefined;
      return {
        kind: 'subscriptionPaymentCompleted',
        eventId: event.id,
        paymentId: text(resource.id),
        reference: text(resource.billing_agreement_id),
        amountCents: amount?.total ? decimalToCents(amount.total) : null,
        paidAt: text(resource.create_time),
      };
    }
    case 'PAYMENT.SALE.REFUNDED':
    case 'PAYMENT.SALE.REVERSED':
      return saleTakenBack(event);
    case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
      return {
        kind: 'renewalFailed',
        eventId: event.id,
        reference: text(resource.id),
        occurredAt: event.create_time ? new Date(event.create_time) : null,
      };
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.EXPIRED':
      return { kind: 'subscriptionCancelled', reference: text(resource.id) };
  }
  return { kind: 'unhandled' };
}
