import {
  beatCoverChangedV1,
  beatCrateChangedV1,
  beatDeletedV1,
  beatPricedV1,
  beatPrivacyChangedV1,
  beatRenamedV1,
  CATALOG_TOPIC,
  COMMERCE_MESSAGES,
  type CartAnswer,
} from '@beatmatch/contracts';
import { signedInClient } from './apiClient';
import { shippedSystem } from './fixtures/system';
import { addToCart, announcedBeat, deviceOf, eventually, sendContract } from './fixtures/world';

/**
 * Commerce through the shipped app, fed the catalog's events on the profile's bus: each event it
 * subscribes to changes what the buyer's cart shows, and the events that take a beat off sale make
 * checkout refuse it (nothing is charged for a beat its producer withdrew).
 */
const shipped = shippedSystem('commerce-events');
beforeAll(() => shipped.start(), 240_000);
afterAll(() => shipped.stop());

let buyers = 0;
/** A signed-in buyer with `beatId` (First Date, $25.00) in the cart of their device. */
async function buyerWithBeatInCart() {
  const system = shipped.current;
  const beat = await announcedBeat(system);
  const buyer = await signedInClient(system, `eventbuyer${(buyers += 1)}`, 'artist');
  const uuid = await deviceOf(buyer);
  await addToCart(buyer, uuid, beat.beatId);
  const cart = async () => (await buyer.post<CartAnswer>('get_cart_items', { uuid })).body;
  /**
   * The cart once its line shows what `done` looks for (commerce's consumer runs after the bus), or
   * as it is after 30 s: the test's expectation then names what did not change.
   */
  const cartWhen = async (done: (line: CartAnswer['cart'][number]) => boolean) => {
    const answer = await eventually(async () => {
      const current = await cart();
      return current.cart.some(done) ? current : undefined;
    }, 30_000).catch(() => cart());
    return answer;
  };
  const checkout = () => buyer.post('beatmatch_checkout', { uuid });
  return { beat, cartWhen, checkout };
}

const now = () => new Date().toISOString();
const refused = { status: 400, message: COMMERCE_MESSAGES.nothingToPay };

it('a beat made private is no longer for sale: the cart says so and checkout refuses it', async () => {
  const { beat, cartWhen, checkout } = await buyerWithBeatInCart();
  await sendContract(shipped.current, CATALOG_TOPIC, beatPrivacyChangedV1, beat.beatId, {
    beatId: beat.beatId,
    isPrivate: true,
    changedAt: now(),
  });
  const cart = await cartWhen((line) => !line.available);
  expect(cart.cart).toEqual([
    expect.objectContaining({ available: false, notice: 'This beat is no longer for sale.' }),
  ]);
  const answer = await checkout();
  expect({ status: answer.status, message: answer.body.message }).toEqual(refused);
});

it('a deleted beat is shown as removed and checkout refuses it', async () => {
  const { beat, cartWhen, checkout } = await buyerWithBeatInCart();
  await sendContract(shipped.current, CATALOG_TOPIC, beatDeletedV1, beat.beatId, {
    beatId: beat.beatId,
    producerId: beat.producerId,
    deletedAt: now(),
  });
  const cart = await cartWhen((line) => !line.available);
  expect(cart.cart).toEqual([
    expect.objectContaining({ available: false, notice: 'This beat was removed by its producer.' }),
  ]);
  const answer = await checkout();
  expect({ status: answer.status, message: answer.body.message }).toEqual(refused);
});

it('a renamed beat shows its new name in the cart', async () => {
  const { beat, cartWhen } = await buyerWithBeatInCart();
  await sendContract(shipped.current, CATALOG_TOPIC, beatRenamedV1, beat.beatId, {
    beatId: beat.beatId,
    name: 'Renamed Groove',
    renamedAt: now(),
  });
  const cart = await cartWhen((line) => line.beatName === 'Renamed Groove');
  expect(cart.cart).toEqual([expect.objectContaining({ beatName: 'Renamed Groove' })]);
});

it('a new price is the price the cart shows and checkout charges', async () => {
  const { beat, cartWhen, checkout } = await buyerWithBeatInCart();
  await sendContract(shipped.current, CATALOG_TOPIC, beatPricedV1, beat.beatId, {
    beatId: beat.beatId,
    prices: { firstDate: 3000, relationship: 4000, marriage: null },
    pricedAt: now(),
  });
  const cart = await cartWhen((line) => line.beatPrice === '30.00');
  expect(cart.cart).toEqual([
    expect.objectContaining({ beatPrice: '30.00', notice: 'Price changed from $25.00 to $30.00.' }),
  ]);
  const answer = await checkout();
  expect({ status: answer.status, amount: answer.body.amount }).toEqual({ status: 200, amount: '30.60' });
});

it('a new cover shows in the cart', async () => {
  const { beat, cartWhen } = await buyerWithBeatInCart();
  const coverArtUrl = `/api/beatmatch_cover_art?beatId=${beat.beatId}&v=2`;
  await sendContract(shipped.current, CATALOG_TOPIC, beatCoverChangedV1, beat.beatId, {
    beatId: beat.beatId,
    coverArtUrl,
    changedAt: now(),
  });
  const cart = await cartWhen((line) => line.coverArtUrl === coverArtUrl);
  expect(cart.cart).toEqual([expect.objectContaining({ coverArtUrl })]);
});

it('a beat moved to the inactive crate is no longer for sale: what the player does not play, the cart does not sell', async () => {
  const { beat, cartWhen, checkout } = await buyerWithBeatInCart();
  await sendContract(shipped.current, CATALOG_TOPIC, beatCrateChangedV1, beat.beatId, {
    beatId: beat.beatId,
    crate: 'inactive',
    changedAt: now(),
  });
  const cart = await cartWhen((line) => !line.available);
  expect(cart.cart).toEqual([
    expect.objectContaining({ available: false, notice: 'This beat is no longer for sale.' }),
  ]);
  const answer = await checkout();
  expect({ status: answer.status, message: answer.body.message }).toEqual(refused);
});
