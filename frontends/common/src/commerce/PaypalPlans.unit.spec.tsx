/** @jest-environment jsdom */
import '../testing/jsdomPolyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, type GatewayAnswer, type GatewayCall } from '../testing/fakeGateway';
import { currentPath, renderPage } from '../testing/renderPage';
import { SubscriptionPage } from './SubscriptionPage';
import { browserNavigation } from './usePaypalSubscription';

/**
 * The subscription-payment service's button flow on the shared plan page (artist-side spec §4
 * Subscription checkout; commerce README "Plans billed by PayPal"): 'Pay with PayPal' on the plans
 * member_active_status lists in `paypalPlans`; it asks createPaypalSubscription for the plan's approve
 * URL and sends the browser there; back with `?paypal=approved&type=…&subscription_id=…` the page hands
 * the subscription id to createPaypalSubscription and shows 'Subscribed'. The gateway is a fetch stub
 * answering as commerce documents it, recording every call.
 */
let subscribed: string | null = null;
let paypalPlans: string[] | undefined;
let answers: Record<string, GatewayAnswer> = {};
const calls: GatewayCall[] = [];
const visited: string[] = [];

beforeEach(() => {
  subscribed = null;
  paypalPlans = ['artist', 'artist_unlimited'];
  calls.length = 0;
  visited.length = 0;
  browserNavigation.go = (url) => void visited.push(url);
  answers = {
    '/api/member_active_status': () => ({
      subscribed: subscribed !== null,
      lifer: false,
      paypal: subscribed !== null,
      plan: subscribed,
      ...(paypalPlans ? { paypalPlans } : {}),
    }),
  };
  fakeGateway(() => answers, calls);
});

const show = (type: 'artist' | 'producer', path: string) =>
  renderPage(<SubscriptionPage type={type} />, path);

const paypalCalls = () => calls.filter((c) => c.path === '/api/createPaypalSubscription').map((c) => c.body);

describe('Pay with PayPal on the plan page', () => {
  it('shows the button only on the plans PayPal can bill; it sends the browser to the approve URL', async () => {
    answers['/api/createPaypalSubscription'] = (body) => {
      if (body.plan !== 'artist_unlimited') throw new Error('PayPal is not available for this plan.');
      return {
        url: 'https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-1',
        subId: 'I-SUB1',
      };
    };
    show('artist', '/user/marketplace_pro');
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards).toHaveLength(3);
    const withPaypal = cards.map(
      (card) => within(card).queryByRole('button', { name: /Pay with PayPal/ }) !== null,
    );
    expect(withPaypal).toEqual([true, false, true]);

    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal for Unlimited, $10 a month' }));
    await waitFor(() =>
      expect(visited).toEqual(['https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-1']),
    );
    expect(paypalCalls()).toEqual([{ type: 'artist', plan: 'artist_unlimited' }]);
  });

  it('offers no PayPal button when the server lists no PayPal plans', async () => {
    paypalPlans = undefined;
    show('producer', '/user/subscriptions');
    await screen.findAllByTestId('plan-card');
    expect(screen.queryByRole('button', { name: /Pay with PayPal/ })).toBeNull();
  });

  it('on return from PayPal hands the subscription id over once and shows Subscribed', async () => {
    answers['/api/createPaypalSubscription'] = (body) => {
      if (body.subId !== 'I-SUB2') throw Object.assign(new Error('Subscription not found.'), { status: 404 });
      subscribed = 'producer_professional';
      return { message: 'created', plan: 'producer_professional' };
    };
    show('producer', '/user/subscriptions?paypal=approved&type=producer&subscription_id=I-SUB2');
    const done = await screen.findByTestId('subscribed');
    expect(within(done).getByText('Subscribed')).toBeTruthy();
    expect(within(done).getByText('Your plan: Professional')).toBeTruthy();
    expect(paypalCalls()).toEqual([{ type: 'producer', subId: 'I-SUB2' }]);
    // The return's query is cleared: a reload does not confirm again.
    await waitFor(() => expect(currentPath()).toBe('/user/subscriptions'));
  });

  it('shows the server message when PayPal has not activated the subscription, and stays on the plans', async () => {
    answers['/api/createPaypalSubscription'] = () => {
      throw Object.assign(new Error('PayPal has not activated this subscription yet.'), { status: 409 });
    };
    show('artist', '/user/marketplace_pro?paypal=approved&type=artist&subscription_id=I-SUB3');
    expect(await screen.findByText('PayPal has not activated this subscription yet.')).toBeTruthy();
    expect(screen.queryByTestId('subscribed')).toBeNull();
    expect(await screen.findAllByTestId('plan-card')).toHaveLength(3);
    expect(paypalCalls()).toEqual([{ type: 'artist', subId: 'I-SUB3' }]);
  });

  it("leaves another plan page's return alone", async () => {
    answers['/api/createPaypalSubscription'] = () => ({ message: 'created', plan: 'artist' });
    show('producer', '/user/subscriptions?paypal=approved&type=artist&subscription_id=I-SUB4');
    await screen.findAllByTestId('plan-card');
    expect(paypalCalls()).toEqual([]);
  });
});
