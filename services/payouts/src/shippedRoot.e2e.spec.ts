import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { beatPurchasedV1, COMMERCE_TOPIC, integrationEvent } from '@beatmatch/contracts';
import {
  createLogger,
  generateInternalKeyPair,
  InfrastructureSet,
  InternalTokenIssuer,
  InternalTokenVerifier,
  INTERNAL_TOKEN_HEADER,
  parseServiceConfig,
  type RunnableService,
} from '@beatmatch/platform';
import { openTemporalClient } from '@beatmatch/platform/workflows';
import { requireEnv } from '@beatmatch/testing';
import { payoutsTaskQueueOf, service } from './index';
import { priorMonth } from './runs/activities';
import { runScheduleId } from './runs/temporal';
import { sale } from './testing/harness';
import type { monthlyPayoutRun } from './runs/workflows';

/**
 * The shipped composition root (`service`, as the embedded app and `main.ts` create it) on the
 * embedded profile's adapters — PGlite under a data directory, the in-process bus — and a real
 * Temporal server: commerce's sale reaches the ledger, the producer onboards PayPal through the API,
 * the month's fiat run pays the sale less PayPal's fee, and the local provider reports it paid.
 */
const address = requireEnv('TEMPORAL_ADDRESS');
const logger = createLogger('payouts-e2e', 'silent');
let dataDir: string;
let infrastructure: InfrastructureSet;
let payouts: RunnableService;
let issuer: InternalTokenIssuer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-payouts-'));
  const keys = await generateInternalKeyPair();
  issuer = new InternalTokenIssuer(keys.privateKey);
  infrastructure = InfrastructureSet.open({
    profile: 'embedded',
    config: { DATA_DIR: dataDir, TEMPORAL_ADDRESS: address, TEMPORAL_NAMESPACE: 'default' } as never,
    logger,
    verifier: new InternalTokenVerifier(keys.publicKey),
    publicUrl: () => 'http://beatmatch.test',
    clientId: 'payouts-e2e',
    env: {},
  });
  const own = await infrastructure.forService('payouts', logger);
  payouts = await service.create({ ...own, relayPollMs: 50 }, parseServiceConfig(service, {}));
  await payouts.start();
}, 120_000);

afterAll(async () => {
  await payouts?.stop();
  const temporal = await openTemporalClient({ address });
  const queue = payoutsTaskQueueOf(path.join(dataDir, 'payouts'));
  for (const kind of ['token', 'fiat'] as const)
    await temporal.client.schedule
      .getHandle(runScheduleId(kind, queue))
      .delete()
      .catch(() => undefined);
  await temporal.close();
  await infrastructure?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = async (userId: string, path: string, body: object = {}) =>
  request(payouts.app)
    .post(path)
    .set(INTERNAL_TOKEN_HEADER, await issuer.issue({ userId }))
    .send(body);

async function eventually<T>(attempt: () => Promise<T | undefined>, timeoutMs = 40_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('a sale of last month is paid by PayPal on the fiat run, less the fee, and reported paid', async () => {
  const month = priorMonth(new Date());
  expect(
    (await as('producer-e2e', '/method/save', { method: 'paypal', email: 'e2e@example.com' })).status,
  ).toBe(200);
  const sold = sale('producer-e2e', 5100, `${month}-12T09:00:00Z`);
  await infrastructure.bus.publish(COMMERCE_TOPIC, [
    {
      key: sold.purchaseId,
      event: integrationEvent(beatPurchasedV1.type, 1, sold, new Date(sold.purchasedAt)),
    },
  ]);
  await eventually(async () =>
    (await as('producer-e2e', '/wallet')).body.available === '51.00' ? true : undefined,
  );

  const temporal = await openTemporalClient({ address });
  try {
    const outcome = await temporal.client.workflow.execute<typeof monthlyPayoutRun>('monthlyPayoutRun', {
      taskQueue: payoutsTaskQueueOf(path.join(dataDir, 'payouts')),
      workflowId: `payouts-e2e-${path.basename(dataDir)}`,
      args: ['fiat'],
    });
    expect(outcome).toEqual({ month, kind: 'fiat', sent: 1 });
  } finally {
    await temporal.close();
  }
  const paid = await eventually(async () => {
    const [payout] = (await as('producer-e2e', '/history')).body.payouts;
    return payout?.status === 'paid' ? payout : undefined;
  });
  expect(paid).toMatchObject({ method: 'paypal', gross: '51.00', fee: '2.00', net: '49.00' });
  expect((await as('producer-e2e', '/wallet')).body).toMatchObject({ available: '0.00', paid: '49.00' });
}, 120_000);
