import {
  DomainError,
  handleCommand,
  type EventStore,
  type Logger,
  type SqlExecutor,
} from '@beatmatch/platform';
import type {
  CheckoutSessionSettled,
  PaymentRefunded,
  ProviderEventOutcome,
} from '../providers/providerEvent';
import { orderPublication } from '../integration/publish';
import { cartDecider } from '../cart/cart';
import { orderDecider, orderStream } from './order';
import { orderByPaymentRef } from './readModel';

export interface OrderPaymentDeps {
  db: SqlExecutor;
  schema: string;
  store: EventStore;
  clock: () => Date;
  logger: Logger;
}

/** Marks an order paid (once) and takes its beats out of the cart it came from. */
export async function payOrder(
  deps: Pick<OrderPaymentDeps, 'store' | 'clock'>,
  orderId: string,
  paymentRef: string,
  amountCents: number | null,
): Promise<void> {
  const { store, clock } = deps;
  const result = await handleCommand(
    store,
    orderStream(orderId),
    orderDecider,
    { type: 'pay', paymentRef, amountCents, now: clock() },
    { publish: orderPublication },
  );
  const placed = result.newState.placed!;
  await handleCommand(store, placed.cartStream, cartDecider, {
    type: 'purchased',
    orderId,
    beatIds: placed.lines.map((line) => line.beatId),
  });
}

/**
 * An order's payment session: paid (at once or later) pays the order, expired or a failed later
 * payment records the failed attempt (the order stays open for another card).
 */
export async function orderSessionSettled(
  deps: OrderPaymentDeps,
  orderId: string,
  event: CheckoutSessionSettled,
): Promise<ProviderEventOutcome> {
  switch (event.stage) {
    case 'completed':
    case 'paidLater':
      if (event.payment === 'unpaid') return 'ignored';
      await payOrder(deps, orderId, event.paymentRef ?? event.sessionId, event.amountCents);
      return 'orderPaid';
    case 'expired':
    case 'paymentFailed':
      await handleCommand(deps.store, orderStream(orderId), orderDecider, {
        type: 'fail',
        reason: event.providerType,
        now: deps.clock(),
      });
      return 'orderPaymentFailed';
    default:
      return 'ignored';
  }
}

/**
 * A refunded payment of an order: the refund's purchases (named, else every purchase not refunded
 * yet) are reversed when the amount refunded now — the payment's cumulative refunded total less what
 * was already applied — is exactly their prices plus fee shares. A refund that matches no whole
 * purchases can not be split to the cent: it is acknowledged and logged for a person to settle
 * (answering an error would only make the provider retry it for days). Payments of plans or the
 * lifetime membership are not orders: ignored.
 */
export async function refundOrder(
  deps: OrderPaymentDeps,
  event: PaymentRefunded,
): Promise<ProviderEventOutcome> {
  const order = event.paymentRef ? await orderByPaymentRef(deps.db, deps.schema, event.paymentRef) : null;
  if (!order || event.refundedTotalCents === undefined) return 'ignored';
  try {
    const result = await handleCommand(
      deps.store,
      orderStream(order.order_id),
      orderDecider,
      {
        type: 'refund',
        refundId: event.eventId,
        purchaseIds: event.purchaseIds,
        refundedTotalCents: event.refundedTotalCents,
        now: deps.clock(),
      },
      { publish: orderPublication },
    );
    return result.newEvents.length > 0 ? 'purchasesRefunded' : 'ignored';
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'refund_mismatch') throw error;
    deps.logger.warn(
      {
        orderId: order.order_id,
        eventId: event.eventId,
        amountRefunded: event.refundedTotalCents,
        reason: error.message,
      },
      'a refund that matches no whole purchases: left for a person to settle',
    );
    return 'ignored';
  }
}
