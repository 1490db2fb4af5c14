import {
  payoutsTestbed,
  TEST_PUBLIC_URL,
  type PayoutsService,
  type PayoutsTestbed,
} from '../testing/harness';

/**
 * `iframe_url` (artist-side spec §7) with the local fiat provider, on real PostgreSQL: onboard answers
 * our own fiat method page, history the Payouts History page, at the address users reach; bad input
 * is a 400 with its message. (With Stripe Connect: `fiat/stripeRun.int.spec.ts`.)
 */
let bed: PayoutsTestbed;
let payouts: PayoutsService;

beforeAll(async () => {
  bed = await payoutsTestbed('frames');
  payouts = await bed.payouts();
  await payouts.start();
});
afterAll(() => bed?.close());

const frameUrl = (body: object, userId?: string) =>
  bed.post(payouts, '/frame-url', body, userId ? { userId } : {});

it('answers the onboarding page, before and after a method is chosen', async () => {
  const onboarding = { url: `${TEST_PUBLIC_URL}/user/payouts` };
  expect((await frameUrl({ type: 'onboard' }, 'producer-frames')).body).toEqual(onboarding);
  await bed.post(
    payouts,
    '/method/save',
    { method: 'ach', accountHolder: 'Dee Jay', routingNumber: '021000021', accountNumber: '123456789' },
    { userId: 'producer-frames' },
  );
  expect((await frameUrl({ type: 'onboard' }, 'producer-frames')).body).toEqual(onboarding);
});

it('answers the Payouts History page for history', async () => {
  const reply = await frameUrl({ type: 'history' }, 'producer-frames');
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ url: `${TEST_PUBLIC_URL}/user/payoutsHistory` });
});

it.each([
  ['no type', {}],
  ['an unknown type', { type: 'statement' }],
  ['a type that is not text', { type: 1 }],
])('refuses %s with 400 and its message', async (_case, body) => {
  const reply = await frameUrl(body, 'producer-frames');
  expect(reply.status).toBe(400);
  expect(reply.body.message).toBe('The type must be onboard or history.');
});

it('answers 401 to a signed-out caller', async () => {
  expect((await frameUrl({ type: 'onboard' })).status).toBe(401);
});
