/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  fakeGateway,
  type GatewayAnswer,
  type GatewayCall,
} from '@beatmatch/frontend-common/testing/fakeGateway';
import { currentPath, renderPage } from '@beatmatch/frontend-common/testing/renderPage';
import { beatmatchSdk, type CartItem } from '@beatmatch/frontend-common/sdk';
import { CartPage } from './CartPage';
import { PurchasesPage } from './PurchasesPage';
import { SubscriptionPage } from './SubscriptionPage';
import { ThankYouPage } from './ThankYouPage';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.

// The gateway in memory: each route answers from the state below (commerce's answers as it documents
// them), and every call is recorded with its body.
let cart: CartItem[] = [];
let answers: Record<string, GatewayAnswer> = {};
const calls: GatewayCall[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  beatmatchSdk().cart.clear();
  cart = [];
  answers = {
    '/api/get_cart_items': () => ({
      cart,
      total: cart.length ? '51.00' : '0.00',
      serviceFee: cart.length ? '1.02' : '0.00',
      checkoutTotal: cart.length ? '52.02' : '0.00',
    }),
    '/api/update_to_cart': (body) => {
      if (body.update === 'remove') cart = cart.filter((item) => item.beatId !== body.beatId);
      return {};
    },
  };
  fakeGateway(() => answers, calls);
});

const show = (element: ReactNode, path = '/user/x') => renderPage(element, path);

const beat = (beatId: string, beatName: string, beatPackage: string, beatPrice: string): CartItem => ({
  beatId,
  beatName,
  beatPackage,
  beatPrice,
  producerName: 'maya',
  coverArtUrl: null,
});

describe('the cart page', () => {
  it("lists the server's cart with packages and prices, and its service fee and total", async () => {
    cart = [
      beat('b1', 'Night Drive', 'First Date Package', '25.00'),
      beat('b2', 'Gold Rush', 'Relationship Package', '26.00'),
    ];
    show(<CartPage />);
    const items = await screen.findAllByTestId('cart-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Night Drive')).toBeTruthy();
    expect(within(items[0]!).getByText('$25.00')).toBeTruthy();
    expect(within(items[1]!).getByText(/Relationship Package/)).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'License' })).toBeTruthy();
    expect(screen.getByTestId('cart-fee').textContent).toBe('$1.02');
    expect(screen.getByTestId('cart-total').textContent).toBe('$51.00');
    expect(screen.getByTestId('cart-checkout-total').textContent).toBe('$52.02');
    // The badge's store holds the same list.
    expect(beatmatchSdk().cart.getSnapshot().count).toBe(2);
  });

  it('asks before removing, in the words of the spec, and removes on the server', async () => {
    cart = [beat('b1', 'Night Drive', 'First Date Package', '25.00')];
    show(<CartPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Night Drive from your cart' }));
    expect(
      await screen.findAllByText('Are you sure you want to REMOVE Night Drive from your cart?'),
    ).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your Cart Empty')).toBeTruthy();
    expect(calls).toContainEqual({
      path: '/api/update_to_cart',
      body: { beatId: 'b1', update: 'remove', uuid: null },
    });
    expect(beatmatchSdk().cart.getSnapshot().count).toBe(0);
  });

  it("says 'Your Cart Empty' with Find Beats when there is nothing in it", async () => {
    show(<CartPage />);
    expect(await screen.findByText('Your Cart Empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Beats' }).getAttribute('href')).toBe('/user/matchmaker');
  });

  it('says why an item cannot be bought, and checks out only what can', async () => {
    cart = [
      {
        ...beat('b1', 'Night Drive', 'Marriage Package', '40.00'),
        available: false,
        notice: 'Beat not found.',
      },
    ];
    show(<CartPage />);
    expect(await screen.findByText('Beat not found.')).toBeTruthy();
    expect(screen.getByText('Unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check Out' }).hasAttribute('disabled')).toBe(true);
  });

  it("pays with the test provider's card form and goes to Purchases", async () => {
    cart = [beat('b1', 'Night Drive', 'First Date Package', '25.00')];
    answers['/api/beatmatch_checkout'] = () => ({
      url: '/checkout?session_id=cs_test_1&orderId=o-1',
      orderId: 'o-1',
      sessionId: 'cs_test_1',
      amount: '25.50',
    });
    answers['/api/beatmatch_test_checkout_pay'] = (body) => {
      if (body.cardNumber === '4000 0000 0000 0002') throw new Error('Your card was declined.');
      return { redirect_status: 'succeeded', url: '/user/purchases?redirect_status=succeeded' };
    };
    show(<CartPage />, '/user/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Check Out' }));
    const dialog = await screen.findByRole('dialog');
    const card = within(dialog).getByLabelText('Card number');
    fireEvent.change(card, { target: { value: '4000 0000 0000 0002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $25.50' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeTruthy();
    fireEvent.change(card, { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $25.50' }));
    await waitFor(() => expect(currentPath()).toBe('/user/purchases?redirect_status=succeeded'));
    expect(calls).toContainEqual({
      path: '/api/beatmatch_test_checkout_pay',
      body: { sessionId: 'cs_test_1', cardNumber: '4242 4242 4242 4242' },
    });
  });

  it("shows the server's message when checkout is refused", async () => {
    cart = [beat('b1', 'Night Drive', 'First Date Package', '25.00')];
    answers['/api/beatmatch_checkout'] = () => {
      throw new Error('Your cart has changed. Please review it.');
    };
    show(<CartPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check Out' }));
    expect(await screen.findByText('Your cart has changed. Please review it.')).toBeTruthy();
  });
});

describe('the purchases page', () => {
  const purchase = {
    purchaseId: 'p-1',
    beatId: 'b1',
    beatName: 'Night Drive',
    beatPackage: 'Relationship Package',
    pricePaid: '26.00',
    producerName: 'maya',
    coverArtUrl: null,
    signedDate: '2026-11-22T20:00:00.000Z',
  };

  it('counts the purchases and offers the files of the package and the licence', async () => {
    answers['/api/retrieve_puchases'] = () => ({
      purchases: [purchase, { ...purchase, purchaseId: 'p-2', beatId: 'b2', beatName: 'Gold Rush' }],
    });
    show(<PurchasesPage />);
    expect(await screen.findByText('2 purchases')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Downloads of Night Drive' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['MP3', 'WAV', 'License (PDF)']));
    expect(within(dialog).queryByText('Stems')).toBeNull();
  });

  it("opens the lyrics of a purchased beat ('Write Lyrics' / 'Hide Lyrics')", async () => {
    answers['/api/retrieve_puchases'] = () => ({ purchases: [purchase] });
    // The matchmaker's client names the device first (the uuid its lyrics calls carry).
    answers['/api/beatmatch_exclude'] = () => ({ uuid: 'device-1' });
    answers['/api/get_lyrics'] = () => ({ lyrics: 'Night drive, city lights', signIn: false });
    show(<PurchasesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Write Lyrics/ }));
    expect(await screen.findByDisplayValue('Night drive, city lights')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Hide Lyrics/ }).getAttribute('aria-expanded')).toBe('true');
    expect(calls).toContainEqual(
      expect.objectContaining({ path: '/api/get_lyrics', body: expect.objectContaining({ beatId: 'b1' }) }),
    );
  });

  it("tags a refunded purchase 'Refunded' and offers neither its downloads nor its licence", async () => {
    // retrieve_puchases lists a purchase a refund reversed with refunded: true and no downloads.
    answers['/api/retrieve_puchases'] = () => ({
      purchases: [
        { ...purchase, downloads: [], refunded: true },
        {
          ...purchase,
          purchaseId: 'p-2',
          beatId: 'b2',
          beatName: 'Gold Rush',
          downloads: [
            { downloadable: 'mp3', label: 'MP3' },
            { downloadable: 'wav', label: 'WAV' },
            { downloadable: 'license', label: 'License (PDF)' },
          ],
        },
      ],
    });
    show(<PurchasesPage />);
    expect(await screen.findByText('2 purchases')).toBeTruthy();
    const [refunded, kept] = screen.getAllByTestId('purchase') as [HTMLElement, HTMLElement];
    expect(within(refunded).getByText('Refunded')).toBeTruthy();
    expect(within(refunded).queryByRole('button', { name: 'Downloads of Night Drive' })).toBeNull();
    expect(within(refunded).queryByRole('button', { name: 'License of Night Drive' })).toBeNull();
    expect(within(refunded).getByRole('button', { name: /Write Lyrics/ })).toBeTruthy();
    // The other purchase is untouched: no tag, its downloads and licence.
    expect(within(kept).queryByText('Refunded')).toBeNull();
    expect(within(kept).getByRole('button', { name: 'Downloads of Gold Rush' })).toBeTruthy();
    expect(within(kept).getByRole('button', { name: 'License of Gold Rush' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/get_downloadable')).toEqual([]);
  });

  it("says 'No Purchases' when there are none, and clears the cart after a succeeded payment", async () => {
    beatmatchSdk().cart.replace([beat('b1', 'Night Drive', 'First Date Package', '25.00')]);
    answers['/api/retrieve_puchases'] = () => ({ purchases: [] });
    show(<PurchasesPage />, '/user/purchases?redirect_status=succeeded');
    expect(await screen.findByText('No Purchases')).toBeTruthy();
    expect(beatmatchSdk().cart.getSnapshot().count).toBe(0);
  });
});

describe('the subscription page', () => {
  it('offers the three artist plans to a member without one', async () => {
    answers['/api/member_active_status'] = () => ({
      subscribed: false,
      lifer: false,
      paypal: false,
      plan: null,
    });
    show(<SubscriptionPage type="artist" />);
    expect(await screen.findAllByTestId('plan-card')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Subscribe to Unlimited, $10 a month' })).toBeTruthy();
    expect(calls).toContainEqual({ path: '/api/member_active_status', body: { type: 'artist' } });
  });

  it('shows Subscribed with Manage and Cancel to a subscriber', async () => {
    answers['/api/member_active_status'] = () => ({
      subscribed: true,
      lifer: false,
      paypal: false,
      plan: 'artist_professional',
    });
    show(<SubscriptionPage type="artist" />);
    expect(await screen.findByText('Subscribed')).toBeTruthy();
    expect(screen.getByText('Your plan: Professional')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });

  it('cancels after confirmation and shows the plans again', async () => {
    let subscribed = true;
    answers['/api/member_active_status'] = () => ({
      subscribed,
      lifer: false,
      plan: subscribed ? 'artist' : null,
    });
    answers['/api/cancel_subscription'] = () => {
      subscribed = false;
      return {};
    };
    show(<SubscriptionPage type="artist" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(screen.getAllByTestId('plan-card')).toHaveLength(3));
  });

  it("subscribes with the test provider's card form and then shows Subscribed", async () => {
    let plan: string | null = null;
    answers['/api/member_active_status'] = () => ({
      subscribed: plan !== null,
      lifer: false,
      paypal: false,
      plan,
    });
    answers['/api/create_subscription_checkout'] = (body) => {
      expect(body).toEqual({
        type: 'artist',
        plan: 'artist_professional',
        weekTrial: false,
        ambassadorTrial: false,
      });
      return { url: `${window.location.origin}/checkout?plan=artist_professional&session_id=cs_sub_1` };
    };
    answers['/api/beatmatch_test_checkout_pay'] = (body) => {
      expect(body.sessionId).toBe('cs_sub_1');
      plan = 'artist_professional';
      return { redirect_status: 'succeeded', url: '/user/account?redirect_status=succeeded' };
    };
    show(<SubscriptionPage type="artist" />, '/user/marketplace_pro');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe to Professional, $8 a month' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $8.00' }));
    expect(await screen.findByText('Your plan: Professional')).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/user/marketplace_pro?redirect_status=succeeded'));
  });

  it('thanks a lifetime member', async () => {
    answers['/api/member_active_status'] = () => ({ subscribed: false, lifer: true, plan: null });
    show(<SubscriptionPage type="artist" />);
    expect(await screen.findByText('Lifetime Membership')).toBeTruthy();
    expect(screen.queryByTestId('plan-card')).toBeNull();
  });
});

describe('the thank-you page', () => {
  it('clears the cart when the payment succeeded and sends the buyer to login', () => {
    beatmatchSdk().cart.replace([beat('b1', 'Night Drive', 'First Date Package', '25.00')]);
    show(<ThankYouPage />, '/purchase?status=succeeded');
    expect(beatmatchSdk().cart.getSnapshot().count).toBe(0);
    expect(screen.getByText(/check your spam folder/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });
});

describe('the cart of a visitor', () => {
  it('offers Login at Check Out, and back to the cart after', async () => {
    beatmatchSdk().session.clear();
    cart = [beat('b1', 'Night Drive', 'First Date Package', '25.00')];
    show(<CartPage findBeatsPath="/matchmaker" />, '/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Check Out' }));
    const choice = await screen.findByTestId('guest-checkout');
    fireEvent.click(within(choice).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(sessionStorage.getItem('redirectPath')).toBe('/user/checkout');
    expect(calls.map((call) => call.path)).not.toContain('/api/beatmatch_checkout');
  });

  it('checks out as a guest with a valid e-mail, pays in the same dialog, then thanks', async () => {
    beatmatchSdk().session.clear();
    cart = [beat('b1', 'Night Drive', 'First Date Package', '25.00')];
    answers['/api/beatmatch_checkout'] = () => ({
      url: '/checkout?session_id=cs_guest_1&orderId=o-g',
      orderId: 'o-g',
      sessionId: 'cs_guest_1',
      amount: '25.50',
    });
    answers['/api/beatmatch_test_checkout_pay'] = () => ({
      redirect_status: 'succeeded',
      url: '/purchase?status=succeeded',
    });
    show(<CartPage findBeatsPath="/matchmaker" />, '/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Check Out' }));
    const choice = await screen.findByTestId('guest-checkout');
    const email = within(choice).getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(within(choice).getByRole('button', { name: 'Check out as guest' }));
    expect(await within(choice).findByText('Please enter a valid email.')).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('/api/beatmatch_checkout');

    fireEvent.change(email, { target: { value: ' guest@example.com ' } });
    fireEvent.click(within(choice).getByRole('button', { name: 'Check out as guest' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: '/api/beatmatch_checkout',
        body: { uuid: null, email: 'guest@example.com' },
      }),
    );
    const pay = await screen.findByRole('button', { name: 'Pay $25.50' });
    const dialog = pay.closest('[role="dialog"]') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Card number'), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.click(pay);
    await waitFor(() => expect(currentPath()).toBe('/purchase?status=succeeded'));
  });
});
