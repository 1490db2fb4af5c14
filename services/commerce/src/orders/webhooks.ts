import type Stripe from 'stripe';
import { handleCommand, type SqlDatabase } from '@beatmatch/platform';
import { Checkout, type CheckoutDeps } from './checkout';
import { lifetimePaid, lifetimeSession } from '../entitlements/lifetime';
import type { SubscriptionDeps } from '../entitlements/subscriptions';
import {
  membershipDecider,
  membershipPublication,
  membershipStream,
  planByReference,
} from '../entitlements/membership';

/** The fields of a Stripe invoice commerce reads (older and newer API versions place `subscription` apart). */
interface InvoiceFields {
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  amount_paid?: number;
  period_end?: number;
  lines?: { data?: Array<{ period?: { end?: number } }> };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Every verified provider event, on top of the orders' and plans' checkout sessions (Checkout):
 * the lifetime membership's session; a plan's renewal (`invoice.paid` / `invoice.payment_succeeded`:
 * the period moves on) and failed renewal (`invoice.payment_failed`: the plan ends at once). The signature is checked once, by Checkout.receive, before any
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
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
      case 'invoice.payment_failed':
        return this.invoice(event.id, event.type, event.data.object as unknown as InvoiceFields);
    }
    return super.handleEvent(event);
  }

  /**
   * A plan's invoice: its reference finds the member; the membership decider applies it once per
   * provider event id (renewal: `renew` with the invoice line's period end; failure: `renewalFailed`).
   */
  private async invoice(
    eventId: string,
    type: 'invoice.paid' | 'invoice.payment_succeeded' | 'invoice.payment_failed',
    invoice: InvoiceFields,
  ): Promise<'paid' | 'failed' | 'ignored'> {
    const reference = idOf(invoice.subscription) ?? idOf(invoice.parent?.subscription_details?.subscription);
    const plan = reference ? await planByReference(this.more.db, this.more.schema, reference) : null;
    if (!reference || !plan) return 'ignored';
    const { store, clock } = this.more.subscriptions;
    const now = clock();
    if (type === 'invoice.payment_failed') {
      const result = await handleCommand(
        store,
        membershipStream(plan.user_id),
        membershipDecider,
        { type: 'renewalFailed', reference, eventId, now },
        { publish: membershipPublication },
      );
      return result.newEvents.length > 0 ? 'failed' : 'ignored';
    }
    const end = invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end;
    if (end === undefined) return 'ignored';
    const result = await handleCommand(
      store,
      membershipStream(plan.user_id),
      membershipDecider,
      {
        type: 'renew',
        reference,
        eventId,
        periodEndsAt: new Date(end * 1000),
        amountCents: invoice.amount_paid ?? 0,
        now,
      },
      { publish: membershipPublication },
    );
    return result.newEvents.length > 0 ? 'paid' : 'ignored';
  }
}
