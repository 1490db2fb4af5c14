import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CATALOG_TOPIC, integrationEvent, type BeatPublishedPayload } from '@beatmatch/contracts';
import {
  createStripeClient,
  StripePayments,
  type Caller,
  type FilesystemBlobStore,
  type KafkaEventBus,
} from '@beatmatch/platform';
import { requireEnv, serviceTestbed, waitFor, type ServiceTestbed } from '@beatmatch/testing';
import { createCommerceService, type CommerceServiceOptions } from '../index';

export type CommerceService = Awaited<ReturnType<typeof createCommerceService>>;

/** Who calls: a user id, or the user and/or the device of the caller's browser. */
export type Who = string | { userId?: string; deviceId?: string };

/**
 * Commerce's real-server suites: the shared testbed, Kafka with a fresh catalog topic the beat
 * projection reads, and the options every commerce of the suite shares (each adds its payments).
 */
export interface CommerceTestbed extends ServiceTestbed {
  readonly bus: KafkaEventBus;
  readonly catalogTopic: string;
  /** The filesystem blob store the downloads come from, when the suite asked for one. */
  readonly blobs: FilesystemBlobStore | undefined;
  readonly options: Omit<CommerceServiceOptions, 'payments'>;
  /** A commerce on the suite's tables, stopped at close. */
  commerce(
    options: Pick<CommerceServiceOptions, 'payments'> & Partial<CommerceServiceOptions>,
  ): Promise<CommerceService>;
  /** Publishes catalog.BeatPublished on the catalog topic; resolves once commerce has projected it. */
  publishBeat(payload: BeatPublishedPayload): Promise<BeatPublishedPayload>;
  /** A POST as the gateway makes it, for the caller. */
  call(service: CommerceService, pathName: string, body: unknown, who?: Who): Promise<request.Response>;
  /** Stripe's webhook as Stripe posts it (signature: the stripe-signature header, if any). */
  stripeWebhook(service: CommerceService, payload: string, signature?: string): Promise<request.Response>;
  /** The payloads of the outbox's events of a type whose payload field has the value, oldest first. */
  outbox<T = Record<string, unknown>>(type: string, field: string, value: string): Promise<T[]>;
}

export async function commerceTestbed(
  name: string,
  settings: { webhookSecret: string; blobs?: boolean },
): Promise<CommerceTestbed> {
  const bed = await serviceTestbed({ schema: `commerce_${name}`, logger: `commerce-${name}-test` });
  const bus = bed.kafka(`commerce-${name}`);
  const blobs = settings.blobs ? await bed.blobStore() : undefined;
  const catalogTopic = `${CATALOG_TOPIC}-commerce-${name}-${randomUUID()}`;
  const { db, schema } = bed;
  const options = {
    db,
    bus,
    verifier: bed.verifier,
    logger: bed.logger,
    blobs: async () => {
      if (!blobs) throw new Error('no blobs in this test');
      return blobs;
    },
    webhookSecret: settings.webhookSecret,
    publicUrl: () => 'http://beatmatch.test',
    relayPollMs: 100,
    schema,
    topics: [catalogTopic],
  };
  return {
    ...bed,
    bus,
    catalogTopic,
    blobs,
    options,
    async commerce(more) {
      const service = await createCommerceService({ ...options, ...more });
      bed.onClose(() => service.stop());
      return service;
    },
    async publishBeat(payload) {
      const event = integrationEvent('catalog.BeatPublished', 1, payload, new Date());
      await bus.publish(catalogTopic, [{ key: payload.beatId, event }]);
      await waitFor(`beat ${payload.beatId} in the projection`, async () => {
        const { rows } = await db.query(`SELECT 1 FROM ${schema}.beats WHERE beat_id = $1`, [payload.beatId]);
        return rows.length > 0;
      });
      return payload;
    },
    async call(service, pathName, body, who) {
      const { userId, deviceId } =
        typeof who === 'string' ? { userId: who, deviceId: undefined } : (who ?? {});
      const caller: Caller = {
        ...(userId ? { userId, userName: 'u', email: `${userId}@example.com` } : {}),
        ...(deviceId ? { deviceId } : {}),
      };
      return request(service.app)
        .post(pathName)
        .set(await bed.headers(caller))
        .send(body as object);
    },
    async stripeWebhook(service, payload, signature) {
      const req = request(service.app)
        .post('/webhooks/stripe')
        .set(await bed.headers())
        .set('content-type', 'application/json');
      if (signature) req.set('stripe-signature', signature);
      return req.send(payload);
    },
    async outbox<T>(type: string, field: string, value: string) {
      const { rows } = await db.query<{ event: { payload: T } }>(
        `SELECT event FROM ${schema}.outbox WHERE event->>'type' = $1 AND event->'payload'->>$2 = $3 ORDER BY id`,
        [type, field, value],
      );
      return rows.map((row) => row.event.payload);
    },
  };
}

/** Stripe's API as stripe-mock (STRIPE_API_BASE) answers it. */
export const stripeMockPayments = () =>
  new StripePayments(
    createStripeClient({ secretKey: 'sk_test_123', apiBase: requireEnv('STRIPE_API_BASE') }),
  );
