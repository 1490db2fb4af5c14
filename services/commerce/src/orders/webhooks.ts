import type Stripe from 'stripe';
import { DomainError, handleCommand, type Logger, type SqlDatabase } from '@beatmatch/platform';
import { orderDecider, orderPublication, orderStream } from './order';
import { orderByPaymentRef } from './readModel';
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

/** The fields of a Stripe charge commerce reads. */
interface ChargeFields {
  id?: string;
  payment_intent?: string | { id: string } | null;
  amount_refunded?: number;
  refunds?: { data?: Array<{ metadata?: Record<string, string> | null }> } | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Every verified provider event, on top of the orders' and plans' checkout sessions (Checkout):
 * the lifetime membership's session; a plan's renewal (`invoice.paid` / `invoice.payment_succeeded`:
 * the period moves on) and failed renewal (`invoice.payment_failed`: the plan ends at once); a refund
 * of an order's payment (`charge.refunded`: its purchases are reversed). The signature is checked once, by Checkout.receive, before any
 * of this runs; every branch is idempotent (the provider delivers an event at least once).
 */
export class CommerceCheckout extends Checkout {
  constructor(
    deps: CheckoutDeps,
    private readonly more: {
      db: SqlDatabase;
      schema: string;
      subscriptions: SubscriptionDeps;
      logger: Logger;
    },
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
      case 'charge.refunded':
        return this.refund(event.id, event.data.object as unknown as ChargeFields);
    }
    return super.handleEvent(event);
  }

  /**
   * A refunded charge of an order: the refund's purchases (named in the refund's metadata
   * `purchaseIds`, else every purchase not refunded yet) are reversed when the amount refunded now —
   * the charge's cumulative amount_refunded less what was already applied — is exactly their prices
   * plus fee shares. A refund that matches no whole purchases can not be split to the cent: it is
   * acknowledged and logged for a person to settle (answering an error would only make the provider
   * retry it for days). Charges of plans or the lifetime membership are not orders: ignored.
   */
  private async refund(eventId: string, charge: ChargeFields): Promise<'paid' | 'failed' | 'ignored'> {
    const paymentRef = idOf(charge.payment_intent) ?? charge.id;
    const order = paymentRef ? await orderByPaymentRef(this.more.db, this.more.schema, paymentRef) : null;
    if (!order || charge.amount_refunded === undefined) return 'ignored';
    const named = charge.refunds?.data?.[0]?.metadata?.purchaseIds;
    const purchaseIds = named
      ? named
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : null;
    try {
      const result = await handleCommand(
        this.more.subscriptions.store,
        orderStream(order.order_id),
        orderDecider,
        {
          type: 'refund',
          refundId: eventId,
          purchaseIds,
          refundedTotalCents: charge.amount_refunded,
          now: this.more.subscriptions.clock(),
        },
        { publish: orderPublication },
      );
      // Checkout's outcome words: 'paid' = a money event applied.
      return result.newEvents.length > 0 ? 'paid' : 'ignored';
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'refund_mismatch') throw error;
      this.more.logger.warn(
        { orderId: order.order_id, eventId, amountRefunded: charge.amount_refunded, reason: error.message },
        'a refund that matches no whole purchases: left for a person to settle',
      );
      return 'ignored';
    }
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
