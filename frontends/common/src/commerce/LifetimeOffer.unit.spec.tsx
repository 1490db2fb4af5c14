/** @jest-environment jsdom */
import '../testing/jsdomPolyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeGateway, type GatewayAnswer, type GatewayCall } from '../testing/fakeGateway';
import { currentPath, renderPage } from '../testing/renderPage';
import { SubscriptionPage } from './SubscriptionPage';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.

/**
 * 'The Deal of A Lifetime' on the shared plan page (artist-side spec §2 Subscription pages): the
 * offer with its price and buy button; paying in the test provider's card dialog; the 'Lifetime
 * Membership' view once member_active_status says lifer. The gateway is a fetch stub answering as
 * commerce documents it, recording every call.
 */
let lifer = false;
let answers: Record<string, GatewayAnswer> = {};
const calls: GatewayCall[] = [];

beforeEach(() => {
  lifer = false;
  calls.length = 0;
  answers = {
    '/api/member_active_status': () => ({ subscribed: false, lifer, paypal: false, plan: null }),
  };
  fakeGateway(() => answers, calls);
});

const show = (type: 'artist' | 'producer', path: string) =>
  renderPage(<SubscriptionPage type={type} />, path);

describe('The Deal of A Lifetime on the plan page', () => {
  it('offers the lifetime membership under the plans; paying makes the page the Lifetime Membership view', async () => {
    answers['/api/create_lifetime_checkout'] = () => ({
      url: `${window.location.origin}/checkout?plan=lifetime&session_id=cs_life_1`,
      sessionId: 'cs_life_1',
      amount: '149.00',
    });
    answers['/api/beatmatch_test_checkout_pay'] = (body) => {
      if (body.sessionId !== 'cs_life_1') throw new Error('Checkout session not found.');
      lifer = true;
      return { redirect_status: 'succeeded', url: '/user/account?redirect_status=succeeded' };
    };
    show('producer', '/user/subscriptions');
    const offer = await screen.findByTestId('lifetime-offer');
    expect(within(offer).getByRole('heading', { name: 'The Deal of A Lifetime' })).toBeTruthy();
    expect(within(offer).getByText('$149.00')).toBeTruthy();
    expect(screen.getAllByTestId('plan-card')).toHaveLength(3);

    fireEvent.click(within(offer).getByRole('button', { name: 'Buy Lifetime Membership, $149.00 once' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.find((c) => c.path === '/api/create_lifetime_checkout')?.body).toEqual({ type: 'producer' });
    // Not a member before the payment: the offer is still there.
    expect(screen.queryByText('Lifetime Membership')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $149.00' }));

    expect(await screen.findByText('Lifetime Membership')).toBeTruthy();
    expect(screen.getByTestId('lifetime-membership')).toBeTruthy();
    expect(screen.queryByTestId('lifetime-offer')).toBeNull();
    expect(screen.queryByTestId('plan-card')).toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/user/subscriptions?redirect_status=succeeded'));
  });

  it('a declined card says so in the dialog and the offer stays', async () => {
    answers['/api/create_lifetime_checkout'] = () => ({
      url: `${window.location.origin}/checkout?plan=lifetime&session_id=cs_life_2`,
      sessionId: 'cs_life_2',
      amount: '149.00',
    });
    answers['/api/beatmatch_test_checkout_pay'] = () => {
      throw Object.assign(new Error('Your card was declined.'), { status: 402 });
    };
    show('artist', '/user/marketplace_pro');
    const offer = await screen.findByTestId('lifetime-offer');
    fireEvent.click(within(offer).getByRole('button', { name: /Buy Lifetime Membership/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $149.00' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByTestId('lifetime-offer')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/create_lifetime_checkout')?.body).toEqual({ type: 'artist' });
  });

  it("a refusal from the server (already a member) is shown, and the page doesn't move", async () => {
    answers['/api/create_lifetime_checkout'] = () => {
      throw Object.assign(new Error('You are already a lifetime member.'), { status: 409 });
    };
    show('artist', '/user/marketplace_pro');
    const offer = await screen.findByTestId('lifetime-offer');
    fireEvent.click(within(offer).getByRole('button', { name: /Buy Lifetime Membership/ }));
    expect(await screen.findByText('You are already a lifetime member.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
