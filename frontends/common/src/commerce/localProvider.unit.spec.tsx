/** @jest-environment jsdom */
import '../testing/jsdomPolyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, type GatewayAnswer, type GatewayCall } from '../testing/fakeGateway';
import { renderPage } from '../testing/renderPage';
import { SubscriptionPage } from './SubscriptionPage';
import { trialEndDate } from './TestPaymentDialog';
import { browserNavigation } from './usePaypalSubscription';
import { useSubscriptionCheckout } from './useSubscriptionCheckout';
import { PLAN_OFFERS } from '@beatmatch/contracts';

/**
 * The embedded profile's stand-ins for the payment providers' pages (issue 20 item 13): a trial's card
 * dialog says $0.00 today and when the first charge comes; Manage Subscription opens the local billing
 * portal (plan, next charge, change card, cancel); Pay with PayPal asks for approval first, as PayPal
 * does. The gateway is a fetch stub answering as commerce documents it, recording every call.
 */
let subscribed: string | null = null;
let answers: Record<string, GatewayAnswer> = {};
const calls: GatewayCall[] = [];
const visited: string[] = [];
const origin = () => window.location.origin;

beforeEach(() => {
  subscribed = null;
  calls.length = 0;
  visited.length = 0;
  browserNavigation.go = (url) => void visited.push(url);
  answers = {
    '/api/member_active_status': () => ({
      subscribed: subscribed !== null,
      lifer: false,
      paypal: false,
      plan: subscribed,
      paypalPlans: ['artist', 'artist_professional', 'artist_unlimited'],
    }),
  };
  fakeGateway(() => answers, calls);
});

const callsTo = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

function WeekTrial() {
  const checkout = useSubscriptionCheckout({
    type: 'artist',
    trial: 'week',
    onPaid: () => undefined,
    onError: () => undefined,
  });
  return (
    <>
      <button type="button" onClick={() => void checkout.subscribe(PLAN_OFFERS.artist[0]!)}>
        Try it
      </button>
      {checkout.dialog}
    </>
  );
}

it("a trial's card dialog says nothing is due today and when the first charge comes", async () => {
  answers['/api/create_subscription_checkout'] = () => ({
    url: `${origin()}/checkout?plan=artist&session_id=cs_test_trial`,
    sessionId: 'cs_test_trial',
  });
  renderPage(<WeekTrial />, '/login');
  fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
  const terms = await screen.findByTestId('trial-terms');
  expect(terms.textContent).toContain('Due today: $0.00');
  expect(terms.textContent).toContain(`Your first charge of $4.00 is on ${trialEndDate(7)}`);
  expect(screen.getByRole('button', { name: 'Start 7-day free trial' })).toBeTruthy();
  expect(screen.queryByText('Pay $4.00')).toBeNull();
  expect(callsTo('/api/create_subscription_checkout')).toEqual([
    { type: 'artist', plan: 'artist', weekTrial: true, ambassadorTrial: false },
  ]);
});

it('Manage Subscription opens the local billing portal: plan, next charge, change card, cancel', async () => {
  subscribed = 'artist_professional';
  answers['/api/create_portal_session'] = () => ({
    url: `${origin()}/user/marketplace_pro?portal_session=bps_test_1&next_charge=2026-12-25`,
  });
  answers['/api/cancel_subscription'] = () => {
    subscribed = null;
    return { message: 'cancelled' };
  };
  renderPage(<SubscriptionPage type="artist" />, '/user/marketplace_pro');
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
  const portal = await screen.findByRole('dialog', { name: 'Billing portal (test mode)' });
  expect(visited).toEqual([]);
  const plan = within(portal).getByTestId('portal-plan');
  expect(plan.textContent).toContain('Professional');
  expect(plan.textContent).toContain('$8.00 a month');
  expect(plan.textContent).toContain('$8.00 on December 25, 2026');

  fireEvent.click(within(portal).getByRole('button', { name: 'Update card' }));
  expect(await within(portal).findByText('Card ending 4242 will be charged from now on.')).toBeTruthy();

  fireEvent.click(within(portal).getByRole('button', { name: 'Cancel plan' }));
  // The plan page's own cancel asks first (its warning), then cancels.
  expect(await screen.findByText('Your Marketplace Pro benefits end immediately.')).toBeTruthy();
  const confirmations = screen.getAllByRole('button', { name: 'Cancel Subscription' });
  fireEvent.click(confirmations.at(-1)!);
  await waitFor(() => expect(callsTo('/api/cancel_subscription')).toEqual([{ type: 'artist' }]));
  expect(await screen.findAllByTestId('plan-card')).toHaveLength(3);
});

it('Pay with PayPal asks for approval first, and subscribes only once it is given', async () => {
  answers['/api/createPaypalSubscription'] = (body) => {
    if (body.plan) {
      const back = `${origin()}/user/marketplace_pro?paypal=approved&type=artist`;
      return { url: `${back}&subscription_id=I-TEST1&ba_token=BA-TEST1`, subId: 'I-TEST1' };
    }
    subscribed = 'artist';
    return { message: 'created', plan: 'artist' };
  };
  renderPage(<SubscriptionPage type="artist" />, '/user/marketplace_pro');
  fireEvent.click(await screen.findByRole('button', { name: 'Pay with PayPal for Independent, $4 a month' }));
  const approval = await screen.findByTestId('paypal-approval');
  expect(approval.textContent).toContain('Approve your subscription to Independent: $4.00 a month');
  expect(callsTo('/api/createPaypalSubscription')).toEqual([{ type: 'artist', plan: 'artist' }]);
  expect(screen.queryByTestId('subscribed')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Agree & Subscribe' }));
  expect(await screen.findByTestId('subscribed')).toBeTruthy();
  expect(callsTo('/api/createPaypalSubscription')).toEqual([
    { type: 'artist', plan: 'artist' },
    { type: 'artist', subId: 'I-TEST1' },
  ]);
  expect(visited).toEqual([]);
});
