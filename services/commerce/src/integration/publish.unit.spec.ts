import { subscriptionPaidV1, subscriptionPaymentRefundedV1 } from '@beatmatch/contracts';
import { membershipDecider, type MembershipCommand } from '../entitlements/businessLogic';
import type { MembershipEvent, MembershipState } from '../entitlements/membership';
import { membershipPublication } from './publish';

/*
 * The membership's commands as the providers' webhooks give them → what commerce publishes:
 * commerce.SubscriptionPaid once per provider payment (a trial is never one), and
 * commerce.SubscriptionPaymentRefunded once per refund (its part) or chargeback.
 */
const stream = 'membership:u1';
const NOW = new Date('2026-01-10T12:00:00.000Z');
const DAY = 86_400_000;

/** Each command decided on the state of those before it, and every message its events publish. */
function published(commands: MembershipCommand[]) {
  let state: MembershipState = membershipDecider.initialState();
  const messages = commands.flatMap((command) => {
    const decided = membershipDecider.decide(command, state);
    const events: MembershipEvent[] = Array.isArray(decided) ? decided : [decided];
    state = events.reduce(membershipDecider.evolve, state);
    return events.length ? membershipPublication.map(events, state, stream) : [];
  });
  for (const message of messages) expect(message.key).toBe('u1');
  return messages;
}
const paid = (commands: MembershipCommand[]) =>
  published(commands)
    .filter((message) => message.event.type === 'commerce.SubscriptionPaid')
    .map((message) => subscriptionPaidV1.payload.parse(message.event.payload));
const refunds = (commands: MembershipCommand[]) =>
  published(commands)
    .filter((message) => message.event.type === 'commerce.SubscriptionPaymentRefunded')
    .map((message) => subscriptionPaymentRefundedV1.payload.parse(message.event.payload));

const start = (more: Partial<Extract<MembershipCommand, { type: 'start' }>> = {}): MembershipCommand => ({
  type: 'start',
  memberType: 'artist',
  plan: 'artist_professional',
  trialEndsAt: null,
  provider: 'stripe',
  reference: 'sub_1',
  amountCents: 800,
  paymentId: 'in_1',
  occurredAt: new Date(NOW.getTime() - 2000),
  now: NOW,
  ...more,
});
/** An invoice.paid (or PayPal's sale) of the plan: `periodEndsAt` days from NOW. */
const invoice = (eventId: string, paymentId: string, days: number, at = NOW): MembershipCommand => ({
  type: 'renew',
  reference: 'sub_1',
  eventId,
  paymentId,
  periodEndsAt: new Date(NOW.getTime() + days * DAY),
  amountCents: 800,
  now: at,
});
const refund = (refundId: string, more: Partial<MembershipCommand>): MembershipCommand =>
  ({
    type: 'refundPayment',
    paymentId: 'in_1',
    refundId,
    reason: 'refund',
    now: NOW,
    ...more,
  }) as MembershipCommand;

describe('commerce.SubscriptionPaid: one per provider payment', () => {
  it('a trial start publishes no payment (only the entitlements)', () => {
    const trial = start({ trialEndsAt: new Date(NOW.getTime() + 14 * DAY), paymentId: null });
    expect(published([trial]).map((m) => m.event.type)).toEqual(['commerce.EntitlementsChanged']);
  });

  it('a paid start publishes its payment: the invoice, its amount and period', () => {
    expect(paid([start()])).toEqual([
      {
        paymentId: 'in_1',
        userId: 'u1',
        memberType: 'artist',
        plan: 'artist_professional',
        amountCents: 800,
        currency: 'usd',
        paidAt: '2026-01-10T11:59:58.000Z',
        periodEndsAt: '2026-02-10T12:00:00.000Z',
      },
    ]);
  });

  it("the first invoice's invoice.paid and invoice.payment_succeeded are the start's payment, even when their period ends later", () => {
    // Stripe's period end a day past commerce's own month from the completion: the period moves on,
    // the payment is still the one.
    const messages = paid([start(), invoice('evt_a', 'in_1', 32), invoice('evt_b', 'in_1', 32)]);
    expect(messages.map((p) => p.paymentId)).toEqual(['in_1']);
  });

  it('each later invoice publishes one payment (the invoice id, however many events tell of it)', () => {
    const later = new Date(NOW.getTime() + 31 * DAY);
    const messages = paid([
      start({ trialEndsAt: new Date(NOW.getTime() + 7 * DAY), paymentId: null }),
      invoice('evt_1', 'in_2', 37, later),
      invoice('evt_2', 'in_2', 37, later),
      invoice('evt_3', 'in_3', 68, later),
    ]);
    expect(messages.map((p) => [p.paymentId, p.periodEndsAt])).toEqual([
      ['in_2', '2026-02-16T12:00:00.000Z'],
      ['in_3', '2026-03-19T12:00:00.000Z'],
    ]);
  });

  it("PayPal: the activation is no payment; the first cycle's sale is, whether or not its period moves the plan", () => {
    const activated = start({ provider: 'paypal', paymentId: null });
    expect(paid([activated, invoice('WH-1', 'SALE-1', 20)]).map((p) => p.paymentId)).toEqual(['SALE-1']);
    expect(paid([activated, invoice('WH-1', 'SALE-1', 32)]).map((p) => p.paymentId)).toEqual(['SALE-1']);
  });

  it('a payment of nothing publishes none', () => {
    expect(paid([start({ amountCents: 0 })])).toEqual([]);
  });
});

describe('commerce.SubscriptionPaymentRefunded', () => {
  it('a refund in parts publishes each part once (Stripe gives the running total); the plan runs on', () => {
    const commands = [
      start(),
      refund('evt_r1', { refundedTotalCents: 300 }),
      refund('evt_r1', { refundedTotalCents: 300 }),
      refund('evt_r2', { refundedTotalCents: 300 }),
      refund('evt_r3', { refundedTotalCents: 800 }),
      refund('evt_r4', { refundedTotalCents: 900 }),
    ];
    expect(refunds(commands)).toEqual([
      {
        paymentId: 'in_1',
        userId: 'u1',
        amountCents: 300,
        currency: 'usd',
        reason: 'refund',
        refundedAt: NOW.toISOString(),
      },
      expect.objectContaining({ amountCents: 500, reason: 'refund' }),
    ]);
    // A refund changes no entitlement: nothing but the payment news after the start.
    const types = published(commands).map((m) => m.event.type);
    expect(types.filter((type) => type === 'commerce.EntitlementsChanged')).toHaveLength(1);
  });

  it('a chargeback publishes once (at most what is left of the payment) and ends the plan', () => {
    const commands = [
      start(),
      refund('evt_r1', { refundedTotalCents: 200 }),
      refund('evt_d1', { reason: 'chargeback', amountCents: 800 }),
      refund('evt_d2', { reason: 'chargeback', amountCents: 800 }),
    ];
    expect(refunds(commands).map((p) => [p.reason, p.amountCents])).toEqual([
      ['refund', 200],
      ['chargeback', 600],
    ]);
    const entitlements = published(commands).filter((m) => m.event.type === 'commerce.EntitlementsChanged');
    expect(entitlements.map((m) => (m.event.payload as { artistPlan: string | null }).artistPlan)).toEqual([
      'artist_professional',
      null,
    ]);
  });

  it('a refund of a payment the member never made publishes nothing', () => {
    expect(refunds([start(), refund('evt_x', { paymentId: 'in_other', refundedTotalCents: 800 })])).toEqual(
      [],
    );
  });
});
