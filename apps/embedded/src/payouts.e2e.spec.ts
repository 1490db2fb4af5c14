import { beatPurchasedV1, COMMERCE_TOPIC, purchaseRefundedV1 } from '@beatmatch/contracts';
import { randomUUID } from 'node:crypto';
import { signedInClient } from './apiClient';
import { shippedSystem } from './fixtures/system';
import { eventually, sendContract } from './fixtures/world';

/**
 * Payouts through the shipped app (its own index.ts in the embedded composition): commerce's sale
 * and refund of a producer's beat, sent on the profile's bus, move the producer's wallet.
 */
const shipped = shippedSystem('payouts');
beforeAll(() => shipped.start(), 240_000);
afterAll(() => shipped.stop());

type Wallet = { available: string; pending: string; paid: string };

it("a sale credits the producer's wallet with the beat's price, and its refund takes it back", async () => {
  const system = shipped.current;
  const producer = await signedInClient(system, 'payoutproducer', 'prod');
  const producerId = (await producer.post<{ userId: string }>('beatmatch_auth')).body.userId;
  const wallet = async () => (await producer.post<Wallet>('get_wallet')).body;
  expect(await wallet()).toMatchObject({ available: '0.00', pending: '0.00', paid: '0.00' });

  const sale = {
    purchaseId: randomUUID(),
    orderId: randomUUID(),
    beatId: randomUUID(),
    producerId,
    buyerId: randomUUID(),
    buyerEmail: 'buyer@example.com',
    package: 'relationship' as const,
    amountCents: 4000,
    feeCents: 80,
    currency: 'usd' as const,
    purchasedAt: new Date().toISOString(),
  };
  await sendContract(system, COMMERCE_TOPIC, beatPurchasedV1, sale.purchaseId, sale);
  const credited = await eventually(async () => {
    const current = await wallet();
    return current.pending !== '0.00' ? current : undefined;
  }, 30_000).catch(wallet);
  expect(credited).toMatchObject({ pending: '40.00' });

  const { buyerEmail: _email, package: _package, purchasedAt: _at, ...refund } = sale;
  await sendContract(system, COMMERCE_TOPIC, purchaseRefundedV1, sale.purchaseId, {
    ...refund,
    refundedAt: new Date().toISOString(),
  });
  const debited = await eventually(async () => {
    const current = await wallet();
    return current.pending === '0.00' ? current : undefined;
  }, 30_000).catch(wallet);
  expect(debited).toMatchObject({ pending: '0.00' });
});
