import type { Logger, SubscriptionPaymentsPort } from '@beatmatch/platform';
import {
  lifetimeSessionSettled,
  planSessionSettled,
  renewalFailed,
  renewalPaid,
  subscriptionCancelled,
} from '../entitlements/billing';
import { lifetimeSession } from '../entitlements/lifetime';
import { paypalActivated, paypalPaymentCompleted, type PaypalPlanIds } from '../entitlements/paypal';
import { planPaymentTakenBack, stripePlanRefund } from '../entitlements/planRefunds';
import { subscriptionSession, type SubscriptionDeps } from '../entitlements/subscriptions';
import { orderSessionSettled, refundOrder } from '../orders/payment';
import { orderBySession } from '../orders/readModel';
import type {
  CheckoutSessionSettled,
  PaymentRefunded,
  ProviderEvent,
  ProviderEventOutcome,
} from './providerEvent';

export interface ProviderEventDeps {
  subscriptions: SubscriptionDeps;
  paypal: SubscriptionPaymentsPort;
  planIds: PaypalPlanIds;
  logger: Logger;
}

/** A checkout session is an order's, a monthly plan's or the lifetime membership's. */
async function checkoutSessionSettled(
  deps: ProviderEventDeps,
  event: CheckoutSessionSettled,
): Promise<ProviderEventOutcome> {
  const plans = deps.subscriptions;
  const { db, schema } = plans;
  const order = await orderBySession(db, schema, event.sessionId);
  if (order) return orderSessionSettled({ ...plans, logger: deps.logger }, order.order_id, event);
  const plan = await subscriptionSession(db, schema, event.sessionId);
  if (plan) return planSessionSettled(plans, plan, event);
  const lifetime = await lifetimeSession(db, schema, event.sessionId);
  if (lifetime) return lifetimeSessionSettled(plans, lifetime, event);
  deps.logger.warn(
    { sessionId: event.sessionId, type: event.providerType },
    'webhook for an unknown checkout session',
  );
  return 'ignored';
}

/** A refunded charge: a plan's payment, else an order's. */
async function refunded(deps: ProviderEventDeps, event: PaymentRefunded): Promise<ProviderEventOutcome> {
  const plan = await stripePlanRefund(deps, event);
  return plan ?? refundOrder({ ...deps.subscriptions, logger: deps.logger }, event);
}

/**
 * The one way a verified provider event reaches the domain, whichever provider sent it: each kind of
 * event becomes the command it means (pay or fail an order, refund purchases, start, renew, end or
 * cancel a plan, refund or charge back a plan's payment, buy the lifetime membership). Every branch is idempotent: providers deliver at least once.
 */
export function dispatchProviderEvent(
  deps: ProviderEventDeps,
  event: ProviderEvent,
): Promise<ProviderEventOutcome> {
  switch (event.kind) {
    case 'checkoutSession':
      return checkoutSessionSettled(deps, event);
    case 'refunded':
      return refunded(deps, event);
    case 'chargedBack':
    case 'planPaymentRefunded':
      return planPaymentTakenBack(deps, event);
    case 'renewalPaid':
      return renewalPaid(deps.subscriptions, event);
    case 'renewalFailed':
      return renewalFailed(deps.subscriptions, event);
    case 'subscriptionActivated':
      return paypalActivated(deps, event);
    case 'subscriptionPaymentCompleted':
      return paypalPaymentCompleted(deps, event);
    case 'subscriptionCancelled':
      return subscriptionCancelled(deps.subscriptions, event);
    case 'unhandled':
      return Promise.resolve('ignored');
  }
}
