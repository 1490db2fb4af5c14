import { randomUUID } from 'node:crypto';
import type { PackageName } from '@beatmatch/contracts';
import { DomainError, type Decider } from '@beatmatch/platform';

/**
 * An order as a decider: placed at checkout with the prices of commerce's projection at that moment
 * (never the client's), paid only by a verified webhook — once, however often the webhook arrives —
 * or failed (the cart stays as it was). Paying turns each line into a purchase. A refund (verified
 * webhook) reverses purchases: each refunded purchase gives back its price and its fee share, to the
 * cent, once.
 */
export type OrderLine = {
  beatId: string;
  package: PackageName;
  priceCents: number;
  /** This line's share of the service fee (the fee split over lines, largest remainder, to the cent). */
  feeCents: number;
  producerId: string;
  producerName: string;
  beatName: string;
  coverArtUrl: string | null;
  hasStems: boolean;
};

export type OrderPlaced = {
  orderId: string;
  /** A user id, or for a guest's order `guest:<email>` (guestBuyerId) until the e-mail's owner claims it. */
  buyerId: string;
  /** A visitor's order, paid for by the e-mail in buyerEmail (README "Guest checkout"). */
  guest?: boolean;
  buyerEmail: string;
  /** The buyer's display name (the public licence check names the licensee by it, never by e-mail). */
  buyerName?: string;
  /** The cart stream the order came from (its beats leave the cart when paid). */
  cartStream: string;
  lines: OrderLine[];
  totalCents: number;
  feeCents: number;
  provider: 'stripe' | 'test';
  sessionId: string;
  placedAt: string;
};

export type OrderPurchase = {
  purchaseId: string;
  beatId: string;
};

export type OrderEvent =
  | { type: 'OrderPlaced'; data: OrderPlaced }
  | { type: 'OrderPaid'; data: { paymentRef: string; paidAt: string; purchases: OrderPurchase[] } }
  | { type: 'OrderPaymentFailed'; data: { reason: string; failedAt: string } }
  /** A paid guest order's purchases moved to the account that owns its e-mail (identity told us). */
  | { type: 'OrderClaimed'; data: { userId: string; email: string; claimedAt: string } }
  | {
      type: 'OrderRefunded';
      data: {
        /** The provider event that told us (a refund applies once per event). */
        refundId: string;
        refundedAt: string;
        /** This refund's amount: the refunded purchases' prices plus their fee shares. */
        amountCents: number;
        purchases: RefundedPurchase[];
      };
    };

export type RefundedPurchase = {
  purchaseId: string;
  beatId: string;
  producerId: string;
  priceCents: number;
  feeCents: number;
};

export type OrderCommand =
  | { type: 'place'; order: OrderPlaced }
  | { type: 'pay'; paymentRef: string; amountCents: number | null; now: Date }
  | { type: 'fail'; reason: string; now: Date }
  | { type: 'claim'; userId: string; email: string; now: Date }
  | {
      type: 'refund';
      refundId: string;
      /** The purchases this refund is for; null: every purchase of the order not refunded yet. */
      purchaseIds: string[] | null;
      /** The payment's refunded total so far (cumulative, as the provider reports it). */
      refundedTotalCents: number;
      now: Date;
    };

export interface OrderState {
  placed: OrderPlaced | null;
  status: 'none' | 'open' | 'paid' | 'failed';
  purchases: OrderPurchase[];
  paidAt: string | null;
  /** Purchases reversed by refunds, and the refunds (provider event ids) applied. */
  refunded: string[];
  refundIds: string[];
  refundedCents: number;
  /** The account a guest order was claimed by (null: a user's order, or not claimed yet). */
  claimedBy: string | null;
}

/** The buyer id of a guest's order until it is claimed: never a user id (those are uuids). */
export const guestBuyerId = (email: string) => `guest:${email}`;

/** Who owns the order's purchases now: the user, the claiming user, or null for an unclaimed guest order. */
export const ownerOf = (state: Pick<OrderState, 'placed' | 'claimedBy'>): string | null =>
  !state.placed ? null : state.placed.guest ? state.claimedBy : state.placed.buyerId;

export const orderStream = (orderId: string) => `order:${orderId}`;

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => ({
    placed: null,
    status: 'none',
    purchases: [],
    paidAt: null,
    refunded: [],
    refundIds: [],
    refundedCents: 0,
    claimedBy: null,
  }),
  decide(command, state) {
    switch (command.type) {
      case 'place':
        if (state.status !== 'none') return [];
        return { type: 'OrderPlaced', data: command.order };
      case 'pay': {
        if (!state.placed) throw new DomainError('order_not_found', 'Order not found.', 404);
        if (state.status === 'paid') return [];
        const expected = state.placed.totalCents + state.placed.feeCents;
        if (command.amountCents !== null && command.amountCents !== expected)
          throw new DomainError('amount_mismatch', `Paid ${command.amountCents}, expected ${expected}.`, 409);
        return {
          type: 'OrderPaid',
          data: {
            paymentRef: command.paymentRef,
            paidAt: command.now.toISOString(),
            purchases: state.placed.lines.map((line) => ({ purchaseId: randomUUID(), beatId: line.beatId })),
          },
        };
      }
      case 'refund': {
        if (!state.placed) throw new DomainError('order_not_found', 'Order not found.', 404);
        if (state.status !== 'paid') throw new DomainError('order_not_paid', 'This order was not paid.', 409);
        if (state.refundIds.includes(command.refundId)) return [];
        const lines = state.placed.lines.map((line, index) => ({ line, purchase: state.purchases[index]! }));
        const known = new Set(lines.map(({ purchase }) => purchase.purchaseId));
        const unknown = (command.purchaseIds ?? []).filter((id) => !known.has(id));
        if (unknown.length > 0)
          throw new DomainError(
            'refund_mismatch',
            `Not purchases of this order: ${unknown.join(', ')}.`,
            409,
          );
        const targets = lines.filter(
          ({ purchase }) =>
            !state.refunded.includes(purchase.purchaseId) &&
            (command.purchaseIds === null || command.purchaseIds.includes(purchase.purchaseId)),
        );
        const amount = command.refundedTotalCents - state.refundedCents;
        // Nothing new refunded (an earlier event already covered it).
        if (amount <= 0 || targets.length === 0) return [];
        const expected = targets.reduce((sum, { line }) => sum + line.priceCents + line.feeCents, 0);
        if (amount !== expected)
          throw new DomainError('refund_mismatch', `Refunded ${amount}, expected ${expected}.`, 409);
        return {
          type: 'OrderRefunded',
          data: {
            refundId: command.refundId,
            refundedAt: command.now.toISOString(),
            amountCents: amount,
            purchases: targets.map(({ line, purchase }) => ({
              purchaseId: purchase.purchaseId,
              beatId: line.beatId,
              producerId: line.producerId,
              priceCents: line.priceCents,
              feeCents: line.feeCents,
            })),
          },
        };
      }
      case 'claim':
        // Only a paid guest order of this very e-mail, once: a replay or another e-mail changes nothing.
        if (!state.placed?.guest || state.status !== 'paid' || state.claimedBy !== null) return [];
        if (state.placed.buyerEmail !== command.email) return [];
        return {
          type: 'OrderClaimed',
          data: { userId: command.userId, email: command.email, claimedAt: command.now.toISOString() },
        };
      case 'fail':
        if (state.status !== 'open') return [];
        return {
          type: 'OrderPaymentFailed',
          data: { reason: command.reason, failedAt: command.now.toISOString() },
        };
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return { ...state, placed: event.data, status: 'open' };
      case 'OrderPaid':
        return { ...state, status: 'paid', purchases: event.data.purchases, paidAt: event.data.paidAt };
      case 'OrderClaimed':
        return { ...state, claimedBy: event.data.userId };
      case 'OrderPaymentFailed':
        // A failed attempt leaves the order open for another card (Stripe keeps the session too).
        return { ...state, status: 'open' };
      case 'OrderRefunded':
        return {
          ...state,
          refunded: [...state.refunded, ...event.data.purchases.map((p) => p.purchaseId)],
          refundIds: [...state.refundIds, event.data.refundId],
          refundedCents: state.refundedCents + event.data.amountCents,
        };
    }
  },
};

/** Splits a fee over line amounts in proportion, to the cent (largest remainder); the parts add up. */
export function splitFee(feeCents: number, amounts: number[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total === 0 || feeCents === 0) return amounts.map(() => 0);
  const exact = amounts.map((amount) => (feeCents * amount) / total);
  const parts = exact.map(Math.floor);
  let left = feeCents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  order.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = parts[index]! + 1;
    left--;
  }
  return parts;
}
