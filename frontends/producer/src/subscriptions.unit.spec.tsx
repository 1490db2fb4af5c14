/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from './App';

// The first render loads antd cold: on a busy machine that takes far longer than the default second.
jest.setTimeout(60_000);

// The gateway in memory: commerce's answers as services/commerce/README.md documents them.
let status = { subscribed: false, lifer: false, paypal: false, plan: null as string | null };
const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
const reply = (code: number, body: unknown) => ({
  ok: code < 400,
  status: code,
  text: async () => JSON.stringify(body),
});

beforeEach(() => {
  calls.length = 0;
  status = { subscribed: false, lifer: false, paypal: false, plan: null };
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (input === '/api/csrf') return reply(200, { csrfToken: 't' });
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path: input, body });
    switch (input) {
      case '/api/member_active_status':
        return reply(200, status);
      case '/api/create_subscription_checkout':
        return reply(200, {
          url: `http://localhost/checkout?plan=${String(body.plan)}&session_id=cs_p`,
          sessionId: 'cs_p',
        });
      case '/api/beatmatch_test_checkout_pay':
        status = { subscribed: true, lifer: false, paypal: false, plan: 'producer_professional' };
        return reply(200, {
          redirect_status: 'succeeded',
          url: '/user/subscriptions?redirect_status=succeeded',
        });
      case '/api/cancel_subscription':
        status = { subscribed: false, lifer: false, paypal: false, plan: null };
        return reply(200, { message: 'success' });
      default:
        return reply(404, { message: `no route ${input}` });
    }
  }) as unknown as typeof fetch;
});

/** The producer remote as the shell mounts it: under /user/* with basename '/user'. */
function showProducerPage(path: string) {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/user/*" element={<App basename="/user" />} />
        </Routes>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const cardsText = () =>
  screen.getAllByTestId('plan-card').map((card) => ({
    title: within(card).getByRole('heading', { level: 3 }).textContent,
    price: card.textContent?.match(/\$(\d+)\s*\/ month/)?.[1],
    text: card.textContent ?? '',
  }));

describe('producer subscriptions page (/user/subscriptions)', () => {
  it("offers the producer plans at $4, $8 and $15 with the spec's features, and subscribes in the card dialog", async () => {
    showProducerPage('/user/subscriptions');
    await screen.findByTestId('producer-subscription-page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Producer Plans' })).toBeTruthy();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    const cards = cardsText();
    expect(cards.map(({ title, price }) => [title, price])).toEqual([
      ['Independent', '4'],
      ['Professional', '8'],
      ['Unlimited', '15'],
    ]);
    expect(cards[0]!.text).toContain('Upload up to 100 beats');
    expect(cards[0]!.text).not.toContain('Beat packs');
    expect(cards[1]!.text).toContain('Upload up to 500 beats');
    expect(cards[1]!.text).toContain('Beat packs');
    expect(cards[2]!.text).toContain('Unlimited uploads');
    for (const card of cards) {
      expect(card.text).toContain('Stems upload and AI analysis');
      expect(card.text).toContain('0% seller commission');
    }
    expect(calls[0]).toEqual({ path: '/api/member_active_status', body: { type: 'producer' } });

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Professional, $8 a month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(calls.find((call) => call.path === '/api/create_subscription_checkout')?.body).toEqual({
      type: 'producer',
      plan: 'producer_professional',
      weekTrial: false,
      ambassadorTrial: false,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $8.00' }));
    expect(await screen.findByText('Subscribed')).toBeTruthy();
    expect(screen.getByText('Your plan: Professional')).toBeTruthy();
  });

  it('a subscribed producer can cancel, warned that beats go inactive immediately', async () => {
    status = { subscribed: true, lifer: false, paypal: false, plan: 'producer_unlimited' };
    showProducerPage('/user/subscriptions');
    expect(await screen.findByText('Your plan: Unlimited')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Your benefits end and your beats go inactive immediately.')).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Cancel Subscription' }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls).toContainEqual({ path: '/api/cancel_subscription', body: { type: 'producer' } }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Producer Plans' })).toBeTruthy();
  });
});
