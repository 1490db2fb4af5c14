import { signedInClient } from './apiClient';
import { shippedSystem } from './fixtures/system';
import { addToCart, announcedBeat, deviceOf, eventually } from './fixtures/world';

/**
 * The service fee at checkout through the shipped app (spec §5): a buyer without a plan pays the fee
 * on top of the beat's price; an artist-plan subscriber pays the price alone.
 */
const shipped = shippedSystem('commerce-fees');
beforeAll(() => shipped.start(), 240_000);
afterAll(() => shipped.stop());

type Checkout = { amount: string };

/** `buyer`'s checkout amount for a fresh $25.00 (First Date) beat in the cart. */
async function checkoutAmount(buyer: Awaited<ReturnType<typeof signedInClient>>) {
  const uuid = await deviceOf(buyer);
  const beat = await announcedBeat(shipped.current);
  await addToCart(buyer, uuid, beat.beatId);
  const checkout = await buyer.post<Checkout>('beatmatch_checkout', { uuid });
  return { status: checkout.status, amount: checkout.body.amount };
}

it('charges a buyer without a plan the price and the service fee', async () => {
  const buyer = await signedInClient(shipped.current, 'feepayer', 'artist');
  expect(await checkoutAmount(buyer)).toEqual({ status: 200, amount: '25.50' });
});

it('charges an artist-plan subscriber the price alone (the fee is waived)', async () => {
  const buyer = await signedInClient(shipped.current, 'planmember', 'artist');
  const plan = await buyer.post<{ sessionId: string }>('create_subscription_checkout', {
    type: 'artist',
    plan: 'artist_unlimited',
  });
  expect(plan.status).toBe(200);
  await buyer.post('beatmatch_test_checkout_pay', {
    sessionId: plan.body.sessionId,
    cardNumber: '4242424242424242',
  });
  await eventually(async () => {
    const status = await buyer.post<{ subscribed: boolean }>('member_active_status', { type: 'artist' });
    return status.body.subscribed ? true : undefined;
  }, 30_000);
  expect(await checkoutAmount(buyer)).toEqual({ status: 200, amount: '25.00' });
});
