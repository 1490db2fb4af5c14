/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  fakeGateway,
  testProviderPay,
  type GatewayAnswer,
  type GatewayCall,
} from '@beatmatch/frontend-common/testing/fakeGateway';
import { SIGNED_IN_USER, currentLocation, fakeApi, renderShell } from '../testing/renderShell';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
jest.setTimeout(60_000);

// /user/lifetimeMembership, the page headed 'The Deal of A Lifetime' (artist-side spec §2), through the
// shell's routes. Commerce in memory, answering as services/commerce/README.md documents it
// (member_active_status, create_lifetime_checkout, the test provider's pay step); every call recorded.
let lifer = false;
const calls: GatewayCall[] = [];
let answers: Record<string, GatewayAnswer> = {};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // A browser that signed in before, whose session is live.
  localStorage.setItem('signedIn', 'true');
  lifer = false;
  calls.length = 0;
  answers = {
    '/api/member_active_status': () => ({ subscribed: false, lifer, paypal: false, plan: null }),
    '/api/create_lifetime_checkout': () => ({
      url: 'http://localhost/checkout?plan=lifetime&session_id=cs_life_1',
      sessionId: 'cs_life_1',
      amount: '149.00',
    }),
    // The verified payment makes the buyer a lifetime member.
    '/api/beatmatch_test_checkout_pay': testProviderPay(() => {
      lifer = true;
    }),
  };
  fakeGateway(() => answers, calls);
});

const show = () =>
  renderShell('/user/lifetimeMembership', { api: fakeApi({ auth: jest.fn(async () => SIGNED_IN_USER) }) });

describe('the Lifetime Membership page of the shell', () => {
  it("offers 'The Deal of A Lifetime' (not 'coming soon'), named in the top bar", async () => {
    show();
    const offer = await screen.findByTestId('lifetime-offer');
    expect(within(offer).getByRole('heading', { name: 'The Deal of A Lifetime' })).toBeTruthy();
    expect(within(offer).getByText('$149.00')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('The Deal of A Lifetime');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(screen.queryByTestId('lifetime-membership')).toBeNull();
    expect(calls).toContainEqual({ path: '/api/member_active_status', body: { type: 'artist' } });
  });

  it("is bought in the test provider's card dialog, then shows the 'Lifetime Membership' view", async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Lifetime Membership, $149.00 once' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls).toContainEqual({ path: '/api/create_lifetime_checkout', body: { type: 'artist' } });
    const card = within(dialog).getByLabelText('Card number');
    fireEvent.change(card, { target: { value: '4000 0000 0000 0002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Pay \$149\.00/ }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    expect(screen.queryByTestId('lifetime-membership')).toBeNull();

    fireEvent.change(card, { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Pay \$149\.00/ }));
    const view = await screen.findByTestId('lifetime-membership');
    expect(within(view).getByText('Lifetime Membership')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('lifetime-offer')).toBeNull());
    // Paid in the dialog: the page stays and asks for the member's status again.
    expect(currentLocation()).toBe('/user/lifetimeMembership');
    expect(calls.filter((call) => call.path === '/api/member_active_status')).toHaveLength(2);
  });

  it("shows a lifetime member the 'Lifetime Membership' view and nothing to buy", async () => {
    lifer = true;
    show();
    expect(await screen.findByTestId('lifetime-membership')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy Lifetime Membership/ })).toBeNull();
    expect(calls.some((call) => call.path === '/api/create_lifetime_checkout')).toBe(false);
  });
});
