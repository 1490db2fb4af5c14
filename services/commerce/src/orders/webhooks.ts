import type Stripe from 'stripe';
import type { SqlDatabase } from '@beatmatch/platform';
import { Checkout, type CheckoutDeps } from './checkout';
import { lifetimePaid, lifetimeSession } from '../entitlements/lifetime';
import type { SubscriptionDeps } from '../entitlements/subscriptions';

/**
 * Every verified provider event, on top of the orders' and plans' checkout sessions (Checkout):
 * the lifetime membership's session. The signature is checked once, by Checkout.receive, before any
 * of this runs; every branch is idempotent (the provider delivers an event at least once).
 */
export class CommerceCheckout extends Checkout {
  constructor(
    deps: CheckoutDeps,
    private readonly more: { db: SqlDatabase; schema: string; subscriptions: SubscriptionDeps },
  ) {
    super(deps);
  }

  override async handleEvent(event: Stripe.Event): Promise<'paid' | 'failed' | 'ignored'> {
    if (event.type.startsWith('checkout.session.')) {
      const session = event.data.object as Stripe.Checkout.Session;
      const lifetime = await lifetimeSession(this.more.db, this.more.schema, session.id);
      if (lifetime) {
        // Expired or failed: nothing was started, so nothing to undo.
        if (
          event.type !== 'checkout.session.completed' &&
          event.type !== 'checkout.session.async_payment_succeeded'
        )
          return 'ignored';
        if (session.payment_status !== 'paid') return 'ignored';
        const ref = typeof session.payment_intent === 'string' ? session.payment_intent : session.id;
        await lifetimePaid(this.more.subscriptions, lifetime, ref, session.amount_total ?? null);
        return 'paid';
      }
    }
    return super.handleEvent(event);
  }
}
