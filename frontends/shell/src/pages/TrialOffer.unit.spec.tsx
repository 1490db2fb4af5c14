/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  Refusal,
  fakeGateway,
  testProviderPay,
  type GatewayAnswer,
  type GatewayCall,
} from '@beatmatch/frontend-common/testing/fakeGateway';
import { renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { TrialOffer } from './TrialOffer';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
jest.setTimeout(60_000);

// The gateway in memory: commerce's subscription checkout and the test provider's pay step as
// services/commerce/README.md documents them; every call is recorded with its body.
const calls: GatewayCall[] = [];
let answers: Record<string, GatewayAnswer> = {};

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  answers = {
    '/api/create_subscription_checkout': (body) => ({
      url: `http://localhost/checkout?plan=${String(body.plan)}&session_id=cs_test_1`,
      sessionId: 'cs_test_1',
    }),
    '/api/beatmatch_test_checkout_pay': testProviderPay(),
    // Referrals' answer: the caller's sign-up was attributed to a real code.
    '/api/referral_status': () => ({ referred: true }),
  };
  fakeGateway(() => answers, calls);
});

function show(family: 'artist' | 'producer', isReferral: boolean) {
  const onContinue = jest.fn();
  renderPage(<TrialOffer family={family} isReferral={isReferral} onContinue={onContinue} />);
  return onContinue;
}

describe('TrialOffer', () => {
  it('starts the 7-day trial of the chosen plan (weekTrial) and pays it in the card dialog', async () => {
    const onContinue = show('artist', false);
    expect(screen.getByTestId('trial-offer').textContent).toContain(
      'Marketplace Pro: try it free for 7 days',
    );
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    fireEvent.click(
      screen.getByRole('button', { name: 'Start 7-day free trial of Professional, then $8 a month' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(calls).toEqual([
      {
        path: '/api/create_subscription_checkout',
        body: { type: 'artist', plan: 'artist_professional', weekTrial: true, ambassadorTrial: false },
      },
    ]);
    expect(onContinue).not.toHaveBeenCalled();
    // A trial charges nothing today (issue 20 item 13): the dialog's button starts it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start 7-day free trial' }));

    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(calls[1]).toEqual({
      path: '/api/beatmatch_test_checkout_pay',
      body: { sessionId: 'cs_test_1', cardNumber: '4242 4242 4242 4242' },
    });
    expect(await screen.findByText('Your 7-day free trial has started.')).toBeTruthy();
  });

  it('a referred producer gets the ambassador trial (14 days); a declined card stays in the dialog', async () => {
    const onContinue = show('producer', true);
    expect((await screen.findByTestId('trial-offer')).textContent).toContain(
      'Producer plans: try it free for 14 days',
    );
    expect(screen.getByTestId('trial-offer').textContent).toContain('You were referred by an ambassador');
    expect(screen.getByTestId('trial-offer').textContent).toContain('$15/month');
    expect(calls[0]).toEqual({ path: '/api/referral_status', body: {} });
    fireEvent.click(
      screen.getByRole('button', { name: 'Start 14-day free trial of Unlimited, then $15 a month' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(calls[1]!.body).toEqual({
      type: 'producer',
      plan: 'producer_unlimited',
      weekTrial: false,
      ambassadorTrial: true,
    });

    fireEvent.change(within(dialog).getByLabelText('Card number'), {
      target: { value: '4000 0000 0000 0002' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start 14-day free trial' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('a sign-up with a bogus ref (referrals confirmed no referral) gets the ordinary 7-day offer (issue 23 item 1)', async () => {
    answers['/api/referral_status'] = () => ({ referred: false });
    show('producer', true);
    const offer = await screen.findByTestId('trial-offer');
    expect(offer.textContent).toContain('Producer plans: try it free for 7 days');
    expect(offer.textContent).not.toContain('referred by an ambassador');
    expect(offer.textContent).not.toContain('14');
    fireEvent.click(
      screen.getByRole('button', { name: 'Start 7-day free trial of Unlimited, then $15 a month' }),
    );
    await screen.findByRole('dialog', { name: 'Payment' });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/referral_status',
      '/api/create_subscription_checkout',
    ]);
    expect(calls[1]!.body).toEqual({
      type: 'producer',
      plan: 'producer_unlimited',
      weekTrial: true,
      ambassadorTrial: false,
    });
  });

  it("says the server's refusal and opens no dialog", async () => {
    answers['/api/create_subscription_checkout'] = () => {
      throw new Refusal(400, 'Please choose a plan of this type.', 'plan');
    };
    const onContinue = show('artist', false);
    fireEvent.click(
      screen.getByRole('button', { name: 'Start 7-day free trial of Independent, then $4 a month' }),
    );
    expect(await screen.findByText('Please choose a plan of this type.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onContinue).not.toHaveBeenCalled();
    // Continue to the platform still gives the offer up.
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the platform' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});
