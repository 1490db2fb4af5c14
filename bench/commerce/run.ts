/**
 * Commerce on PostgreSQL (DATABASE_URL; `eval "$(bash deploy/local/env)"` first):
 *   npx tsx bench/commerce/run.ts [--orders 200] [--concurrency 4] [--pdfs 100]
 * Prints p50/p95/p99 of
 *   - webhook → purchase visible: a signed checkout.session.completed POSTed to the webhook route until
 *     retrieve_puchases lists the purchase (the order is paid in the webhook's own transaction);
 *   - webhook → BeatPurchased on the bus (outbox relay, kicked after the commit);
 *   - licence PDF generation (pdf-lib, A4, one page of terms);
 * then one final line of key=value pairs.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { COMMERCE_TOPIC, integrationEvent, mp3Key, type IntegrationEvent } from '@beatmatch/contracts';
import {
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  InProcessEventBus,
  INTERNAL_TOKEN_HEADER,
  InternalTokenIssuer,
  InternalTokenVerifier,
  openPostgres,
  TestPaymentProvider,
} from '@beatmatch/platform';
import { numberArg, sampleDna } from '@beatmatch/testing';
import { createCommerceService } from '../../services/commerce/src/index';
import { testCheckoutCompleted } from '../../services/commerce/src/orders/checkout';
import { licencePdf } from '../../services/commerce/src/purchases/licence';

const arg = numberArg;
const orders = arg('orders', 200);
const concurrency = arg('concurrency', 4);
const pdfs = arg('pdfs', 100);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function report(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const r = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  console.log(
    `${name.padEnd(28)} n=${times.length} p50=${r.p50.toFixed(1)}ms p95=${r.p95.toFixed(1)}ms p99=${r.p99.toFixed(1)}ms`,
  );
  return r;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: eval "$(bash deploy/local/env)"');
  const db = openPostgres(url);
  const schema = `commerce_bench_${process.pid}`;
  const bus = new InProcessEventBus();
  const keys = await generateInternalKeyPair();
  const issuer = new InternalTokenIssuer(keys.privateKey);
  const commerce = await createCommerceService({
    db,
    bus,
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger: createLogger('bench', 'silent'),
    blobs: async () =>
      new FilesystemBlobStore({ root: '/nonexistent', secret: 'b'.repeat(40), publicUrl: '/blobs' }),
    payments: new TestPaymentProvider(),
    webhookSecret: 'whsec_' + 'b'.repeat(40),
    publicUrl: () => 'http://bench.local',
    relayPollMs: 1000,
    schema,
  });
  const onBus = new Map<string, number>();
  await bus.subscribe({
    groupId: 'bench',
    topics: [COMMERCE_TOPIC],
    handle: async (event: IntegrationEvent) => {
      const orderId = (event.payload as { orderId?: string }).orderId;
      if (orderId) onBus.set(orderId, performance.now());
    },
  });
  await commerce.start();
  try {
    // One producer's beat, published on the projection's topic.
    const beatId = randomUUID();
    await bus.publish('catalog', [
      {
        key: beatId,
        event: integrationEvent(
          'catalog.BeatPublished',
          1,
          {
            beatId,
            producerId: randomUUID(),
            producerName: 'Bench Producer',
            name: 'Bench Beat',
            prices: { firstDate: 2999, relationship: 4999, marriage: null },
            isPrivate: false,
            crate: 'active',
            demo: false,
            coverArtUrl: null,
            files: { snippetKey: null, mp3Key: mp3Key(beatId), wavKey: null, stemsKey: null },
            dna: sampleDna(),
            publishedAt: new Date().toISOString(),
          },
          new Date(),
        ),
      },
    ]);
    const call = async (path: string, body: object, userId: string) =>
      request(commerce.app)
        .post(path)
        .set(INTERNAL_TOKEN_HEADER, await issuer.issue({ userId, email: `${userId}@bench.local` }))
        .send(body);

    // Orders placed first (not measured), then their webhooks.
    const placed: { userId: string; orderId: string; sessionId: string; amount: number }[] = [];
    for (let i = 0; i < orders; i++) {
      const userId = randomUUID();
      await call('/cart/update', { beatId, beatPackage: 'First Date Package', update: 'add' }, userId);
      const res = await call('/checkout', {}, userId);
      if (res.status !== 200) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
      placed.push({ userId, orderId: res.body.orderId, sessionId: res.body.sessionId, amount: 2999 + 60 });
    }
    const visible: number[] = [];
    const toBus: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < placed.length) {
          const order = placed[next++]!;
          const payload = JSON.stringify(
            testCheckoutCompleted(order.sessionId, order.orderId, order.amount, new Date()),
          );
          const token = await issuer.issue({});
          const t0 = performance.now();
          const hook = await request(commerce.app)
            .post('/webhooks/stripe')
            .set(INTERNAL_TOKEN_HEADER, token)
            .set('stripe-signature', commerce.signer.sign(payload))
            .set('content-type', 'application/json')
            .send(payload);
          if (hook.status !== 200) throw new Error(`webhook: ${hook.status}`);
          for (;;) {
            const list = await call('/purchases', {}, order.userId);
            if (list.body.purchases.length === 1) break;
          }
          visible.push(performance.now() - t0);
          while (!onBus.has(order.orderId)) await new Promise((resolve) => setTimeout(resolve, 2));
          toBus.push(onBus.get(order.orderId)! - t0);
        }
      }),
    );
    const v = report('webhook → purchase visible', visible);
    const b = report('webhook → BeatPurchased on bus', toBus);
    const pdfTimes: number[] = [];
    for (let i = 0; i < pdfs; i++) {
      const t0 = performance.now();
      await licencePdf({
        purchaseId: randomUUID(),
        licensee: 'buyer@bench.local',
        producerName: 'Bench Producer',
        beatName: 'Bench Beat',
        package: 'relationship',
        pricePaidCents: 4999,
        signedDate: new Date(),
        verifyUrl: 'http://bench.local/api/beatmatch_license_verify?purchaseId=x',
      });
      pdfTimes.push(performance.now() - t0);
    }
    const p = report('licence PDF', pdfTimes);
    console.log(
      `orders=${orders} concurrency=${concurrency} webhook_visible_p95_ms=${v.p95.toFixed(1)} webhook_bus_p95_ms=${b.p95.toFixed(1)} pdf_p50_ms=${p.p50.toFixed(1)} pdf_p95_ms=${p.p95.toFixed(1)}`,
    );
  } finally {
    await commerce.stop();
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
