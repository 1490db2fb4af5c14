import { decimalToCents, type SubscriptionWebhookEvent } from '@beatmatch/platform';
import type { ProviderEvent } from './providerEvent';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A verified PayPal webhook event in commerce's own terms: a subscription activated, a billing
 * cycle paid (`PAYMENT.SALE.COMPLETED`, the first one too), a payment failed, or the subscription
 * cancelled or expired at PayPal.
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
        reference: text(resource.billing_agreement_id),
        amountCents: amount?.total ? decimalToCents(amount.total) : null,
        paidAt: text(resource.create_time),
      };
    }
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
