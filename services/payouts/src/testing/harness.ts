import {
  integrationEvent,
  beatPurchasedV1,
  COMMERCE_TOPIC,
  purchaseRefundedV1,
  type BeatPurchasedPayload,
  type PurchaseRefundedPayload,
} from '@beatmatch/contracts';
import { InProcessEventBus, type Caller, type MailMessage } from '@beatmatch/platform';
import { serviceTestbed, type ServiceTestbed } from '@beatmatch/testing';
import request from 'supertest';
import { createPayoutsService, type PayoutsServiceOptions } from '../index';
import { MemoryTreasury } from './memoryTreasury';

export type PayoutsService = Awaited<ReturnType<typeof createPayoutsService>>;

/** A clock a suite moves by hand (months pass in a test). */
export function testClock(start: string) {
  let now = new Date(start);
  const clock = () => new Date(now);
  return Object.assign(clock, { set: (at: string) => void (now = new Date(at)) });
}

/** The address users reach, as the suites' payouts service is told it. */
export const TEST_PUBLIC_URL = 'https://beatmatch.test';

export interface PayoutsTestbed extends ServiceTestbed {
  readonly bus: InProcessEventBus;
  readonly treasury: MemoryTreasury;
  readonly clock: ReturnType<typeof testClock>;
  /** The mails the service sent (payout statements), oldest first. */
  readonly mails: MailMessage[];
  /** Payouts on the suite's schema, an in-process bus, the memory treasury and the test clock. */
  payouts(options?: Partial<PayoutsServiceOptions>, temporal?: { address: string }): Promise<PayoutsService>;
  /** Commerce's events as commerce publishes them. */
  sold(sale: BeatPurchasedPayload, eventId?: string): Promise<void>;
  refunded(refund: PurchaseRefundedPayload): Promise<void>;
  /** A call as the gateway makes it, signed for `caller`. */
  post(service: PayoutsService, path: string, body: object, caller?: Caller): Promise<request.Response>;
}

export async function payoutsTestbed(name: string, start = '2026-03-10T12:00:00Z'): Promise<PayoutsTestbed> {
  const bed = await serviceTestbed({ schema: `payouts_${name}` });
  const bus = new InProcessEventBus();
  const treasury = new MemoryTreasury();
  const clock = testClock(start);
  const mails: MailMessage[] = [];
  const publish = (event: Parameters<InProcessEventBus['publish']>[1][number]['event']) =>
    bus.publish(COMMERCE_TOPIC, [{ key: event.id, event }]);
  return {
    ...bed,
    bus,
    treasury,
    clock,
    mails,
    async payouts(options = {}, temporal) {
      const service = await createPayoutsService(
        {
          db: bed.db,
          bus,
          logger: bed.logger,
          verifier: bed.verifier,
          clock,
          workflows: temporal,
          publicUrl: () => TEST_PUBLIC_URL,
          relayPollMs: 50,
          mailer: { send: async (mail) => void mails.push(mail) },
        },
        {
          taskQueue: `payouts-test-${bed.schema}`,
          schema: bed.schema,
          treasury,
          settleAfterMs: 0,
          ...options,
        },
      );
      bed.onClose(() => service.stop());
      return service;
    },
    sold: (sale, eventId) =>
      publish(integrationEvent(beatPurchasedV1.type, 1, sale, new Date(sale.purchasedAt), eventId)),
    refunded: (refund) =>
      publish(integrationEvent(purchaseRefundedV1.type, 1, refund, new Date(refund.refundedAt))),
    async post(service, path, body, caller = {}) {
      return request(service.app)
        .post(path)
        .set(await bed.headers(caller))
        .send(body);
    },
  };
}

let purchases = 0;
/** A sale of one beat by `producerId` at `amountCents` (plus a fee) at `purchasedAt`. */
export function sale(
  producerId: string,
  amountCents: number,
  purchasedAt: string,
  feeCents = 150,
): BeatPurchasedPayload {
  purchases++;
  return {
    purchaseId: `purchase-${process.pid}-${purchases}`,
    orderId: `order-${purchases}`,
    beatId: `beat-${purchases}`,
    producerId,
    buyerId: 'buyer',
    buyerEmail: 'buyer@example.com',
    package: 'firstDate',
    amountCents,
    feeCents,
    currency: 'usd',
    purchasedAt,
  };
}

export const refundOf = (purchase: BeatPurchasedPayload, refundedAt: string): PurchaseRefundedPayload => ({
  purchaseId: purchase.purchaseId,
  orderId: purchase.orderId,
  beatId: purchase.beatId,
  producerId: purchase.producerId,
  buyerId: purchase.buyerId,
  amountCents: purchase.amountCents,
  feeCents: purchase.feeCents,
  currency: 'usd',
  refundedAt,
});

/** Retries `check` every 100 ms until it passes or `timeoutMs` is over (asynchronous settlement). */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000) {
  for (const deadline = Date.now() + timeoutMs; ;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
